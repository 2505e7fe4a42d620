// Issue 8, staff agenda, in a real browser against the production build with the demo data: the assistant books
// an evaluation for a patient from /crearcitaasistente, opens it in the calendar, moves it with the keyboard
// path («Mover»: a day and one of the doctor's free times) and cancels it with a reason. The API confirms
// each step.
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import type { Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, loginToken, signInAs, useBrowser } from './harness.ts';

/** Free times are chips: the radio input is visually hidden and its label is what a person clicks. */
async function elegir(page: Page, radio: Locator) {
  const id = await radio.getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
  await expect(radio).toBeChecked();
}

type CitaApi = { id: number; inicio: string; estado: string; motivo_cancelacion: string | null };

/** A working day far enough ahead to be clear of the demo appointments. */
function diaLibre(): string {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  let d = sumarDias(hoy, 50);
  while (esDiaNoHabil(d)) d = sumarDias(d, 1);
  return d;
}

describe('agenda del personal', () => {
  const t = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('the assistant books for a patient, moves the appointment and cancels it with a reason', async () => {
    const { page } = t;
    const tokenPaciente = await loginToken(DEMO.paciente);
    const perfil = await apiFetch<{ id: number; nombre: string }>('/apiusuarios/perfil', { token: tokenPaciente });
    const paciente = perfil.body;
    const doctores = await apiFetch<{ id: number; nombre: string }[]>('/apiusuarios/doctores');
    const doctor = doctores.body[0]!;
    const dia = diaLibre();
    const tokenAsistente = await signInAs(page, DEMO.asistente);

    // Book: patient by name, evaluation, the doctor and day the calendar passed, the first free time.
    await page.goto(`/crearcitaasistente?fecha=${dia}&doctor=${doctor.id}`);
    const caja = page.getByRole('combobox', { name: 'Paciente' });
    await caja.fill(paciente.nombre.split(' ')[0]!);
    await page.getByRole('option', { name: new RegExp(paciente.nombre) }).click();
    const primera = page
      .getByRole('group', { name: /^Horas libres del/ })
      .getByRole('radio')
      .first();
    await expect(primera).toBeAttached();
    const horaReservada = (await primera.locator('xpath=..').innerText()).trim();
    await elegir(page, primera);
    await page.getByRole('textbox', { name: /Motivo de la consulta/ }).fill('Valoración de manchas');
    await page.getByRole('button', { name: 'Confirmar cita' }).click();
    const detalles = page.getByRole('link', { name: 'Ver detalles de la cita' });
    await expect(detalles).toBeVisible();
    const id = Number((await detalles.getAttribute('href'))!.split('/').pop());
    const creada = await apiFetch<CitaApi>(`/apicitas/buscarcitas/${id}`, { token: tokenAsistente });
    expect(creada.body.estado).toBe('pendiente');

    // The calendar shows it on that day in the doctor's column.
    await page.getByRole('link', { name: 'Verla en el calendario' }).click();
    await page.waitForURL(/\/calendariocitas\?/);
    const acciones = page.getByRole('button', { name: `Acciones de la cita de ${paciente.nombre}, ${horaReservada}` });
    await expect(acciones).toBeVisible();

    // Move it with «Mover»: another free time of that day.
    await acciones.click();
    await page.getByRole('menuitem', { name: 'Mover' }).click();
    const mover = page.getByRole('dialog', { name: 'Mover la cita' });
    const libre = mover.getByRole('radio').nth(1);
    await expect(libre).toBeAttached();
    await elegir(page, libre);
    await mover.getByRole('button', { name: 'Mover cita' }).click();
    await expect(page.getByText('Cita movida')).toBeVisible();
    await expect(mover).toBeHidden();
    await expect
      .poll(async () => (await apiFetch<CitaApi>(`/apicitas/buscarcitas/${id}`, { token: tokenAsistente })).body.inicio)
      .not.toBe(creada.body.inicio);

    // Cancel it with a reason: asked first, then gone from the calendar (cancelled ones are hidden).
    await page.getByRole('button', { name: new RegExp(`^Acciones de la cita de ${paciente.nombre}`) }).click();
    await page.getByRole('menuitem', { name: 'Cancelar cita' }).click();
    const cancelar = page.getByRole('dialog', { name: '¿Cancelar la cita?' });
    await cancelar.getByRole('textbox', { name: /Motivo de la cancelación/ }).fill('La paciente viaja esa semana');
    await cancelar.getByRole('button', { name: 'Cancelar cita' }).click();
    await expect(page.getByText('Cita cancelada', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(`^Acciones de la cita de ${paciente.nombre}`) }),
    ).toHaveCount(0);
    const final = await apiFetch<CitaApi>(`/apicitas/buscarcitas/${id}`, { token: tokenAsistente });
    expect(final.body).toMatchObject({ estado: 'cancelada', motivo_cancelacion: 'La paciente viaja esa semana' });
  });
});
