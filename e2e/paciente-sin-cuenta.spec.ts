// Issue 27.8, in a real browser against the production build: the desk registers a walk-in patient without an
// e-mail (name, document and phone; no password fields), the confirmation says no invitation went out, and «Agendar
// cita» opens the booking screen with her already chosen; the desk books her an evaluation. The API confirms the
// patient (no e-mail) and the appointment.
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, signInAs, useBrowser } from './harness.ts';

/** A working day far enough ahead to be clear of the demo appointments (and of agenda.spec's). */
function diaLibre(): string {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  let d = sumarDias(hoy, 57);
  while (esDiaNoHabil(d)) d = sumarDias(d, 1);
  return d;
}

describe('paciente sin cuenta en línea', () => {
  const t = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('the desk registers a walk-in without an e-mail and books for her from the confirmation', async () => {
    const { page } = t;
    const token = await signInAs(page, DEMO.asistente);
    // A document of its own per run (CC: 5 to 10 digits).
    const documento = String(Date.now()).slice(-10).replace(/^0/, '7');
    const nombre = `Marleny Ocampo ${documento.slice(-4)}`;

    await page.goto('/crear-usuario');
    await page.getByText('Paciente sin cuenta en línea').click();
    await expect(page).toHaveURL(/modo=sin-cuenta/);
    await expect(page.getByLabel(/Contraseña/)).toHaveCount(0);
    await page.getByRole('textbox', { name: /^Nombre completo/ }).fill(nombre);
    await page.getByRole('textbox', { name: /^Número de documento/ }).fill(documento);
    await page.getByRole('textbox', { name: /^Teléfono/ }).fill('3104445566');
    await page.getByRole('checkbox', { name: /leyó y aceptó/ }).check();
    await page.getByRole('button', { name: 'Registrar paciente' }).click();

    await expect(page.getByRole('heading', { name: `${nombre} quedó registrada` })).toBeVisible();
    await expect(page.getByText('Sin invitación: no tiene correo')).toBeVisible();
    const agendar = page.locator('#contenido').getByRole('link', { name: 'Agendar cita' });
    const id = Number(new URL((await agendar.getAttribute('href'))!, 'http://x').searchParams.get('paciente'));
    const creada = await apiFetch<{ correo: string | null; telefono: string; numerodocumento: string }>(
      `/apiusuarios/buscarusuarios/${id}`,
      { token },
    );
    expect(creada.body).toMatchObject({ correo: null, telefono: '3104445566', numerodocumento: documento });

    // «Agendar cita»: she is already chosen; the desk picks a day, the first free time and confirms.
    await agendar.click();
    await page.waitForURL(/\/crearcitaasistente\?paciente=/);
    await expect(page.getByRole('combobox', { name: 'Paciente' })).toHaveValue(`${nombre} · CC ${documento}`);
    const dia = diaLibre();
    const doctores = await apiFetch<{ id: number }[]>('/apiusuarios/doctores');
    // The day and doctor through the URL, as the calendar's «Nueva cita» passes them, keeping her.
    await page.goto(`/crearcitaasistente?paciente=${id}&fecha=${dia}&doctor=${doctores.body[0]!.id}`);
    await expect(page.getByRole('combobox', { name: 'Paciente' })).toHaveValue(`${nombre} · CC ${documento}`);
    const primera = page
      .getByRole('group', { name: /^Horas libres del/ })
      .getByRole('radio')
      .first();
    await expect(primera).toBeAttached();
    await page.locator(`label[for="${await primera.getAttribute('id')}"]`).click();
    await expect(primera).toBeChecked();
    await page.getByRole('button', { name: 'Confirmar cita' }).click();
    const detalles = page.getByRole('link', { name: 'Ver detalles de la cita' });
    await expect(detalles).toBeVisible();
    const citaId = Number((await detalles.getAttribute('href'))!.split('/').pop());
    const cita = await apiFetch<{ estado: string; usuario: { id: number; correo: string | null } }>(
      `/apicitas/buscarcitas/${citaId}`,
      { token },
    );
    expect(cita.body).toMatchObject({ estado: 'pendiente', usuario: { id, correo: null } });

    // Her appointment's page says she has no e-mail.
    await detalles.click();
    await expect(page.getByText('Sin correo', { exact: true })).toBeVisible();
  });
});
