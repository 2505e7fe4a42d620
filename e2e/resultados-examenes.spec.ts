// Issue 9, item 4: the demo patient, on a phone, uploads an exam result to her appointment from its details; the
// appointment's doctor gets the notification, opens it and finds the result listed, ready to download. State (the
// appointment) is created through the API (STYLE 11).
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, loginToken, signInAs, useBrowser } from './harness.ts';

/** A working day clear of the demo appointments and of other specs' bookings. */
function diaLibre(): string {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  let d = sumarDias(hoy, 61);
  while (esDiaNoHabil(d)) d = sumarDias(d, 1);
  return d;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('resultados de exámenes', () => {
  const t = useBrowser({ viewport: { width: 375, height: 800 } });

  it('the patient uploads a result on a phone and the doctor is notified and lists it', async () => {
    const { page } = t;
    const tokenDoctor = await loginToken(DEMO.doctor);
    const doctor = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: tokenDoctor })).body;
    const tokenPaciente = await signInAs(page, DEMO.paciente);
    const paciente = (await apiFetch<{ id: number; nombre: string }>('/apiusuarios/perfil', { token: tokenPaciente }))
      .body;
    const dia = diaLibre();
    const libres = await apiFetch<{ inicio: string }[]>(
      `/apicitas/disponibilidad?doctor_id=${doctor.id}&desde=${dia}&hasta=${dia}`,
      { token: tokenDoctor },
    );
    expect(libres.body.length).toBeGreaterThan(0);
    const cita = await apiFetch<{ id: number }>('/apicitas/crearcitas', {
      method: 'POST',
      token: tokenDoctor,
      body: { doctor_id: doctor.id, paciente_id: paciente.id, inicio: libres.body.at(-1)!.inicio, motivo: 'Control' },
    });
    expect(cita.status).toBe(201);

    // The patient, on her phone.
    await page.goto(`/detallescitas/${cita.body.id}`);
    const seccion = page.getByRole('region', { name: 'Resultados de exámenes' });
    await expect(seccion.getByText('Aún no has cargado resultados para esta cita.')).toBeVisible();
    const input = seccion.locator('input[type="file"]');
    await expect(input).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png');
    await input.setInputFiles({ name: 'Perfil tiroideo.pdf', mimeType: 'application/pdf', buffer: PDF });
    await seccion.getByRole('button', { name: 'Subir resultado' }).click();
    await expect(page.getByText('Resultado cargado. Tu doctor ya recibió el aviso.')).toBeVisible();
    await expect(seccion.getByText('Perfil tiroideo.pdf')).toBeVisible();
    // Nothing spills sideways on a 375 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The doctor: the notification opens the appointment, where the result is listed.
    await page.evaluate((token) => localStorage.setItem('token', token), tokenDoctor);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/panelotro');
    const feed = page.getByRole('list', { name: 'Notificaciones en vivo' });
    const aviso = feed.getByRole('button', {
      name: new RegExp(
        `^Sin leer: ${paciente.nombre} subió resultados de exámenes para la cita del \\d{2}/\\d{2}/\\d{4}`,
      ),
    });
    await expect(aviso.first()).toBeVisible();
    await aviso.first().click();
    await page.waitForURL(`**/detallescitas/${cita.body.id}`);
    const lista = page.getByRole('region', { name: 'Resultados de exámenes' });
    await expect(lista.getByText('Perfil tiroideo.pdf')).toBeVisible();
    await expect(lista.getByRole('button', { name: 'Descargar Perfil tiroideo.pdf' })).toBeVisible();
    await expect(lista.getByRole('button', { name: 'Subir resultado' })).toHaveCount(0);

    // Clean up: the appointment is cancelled so later runs find the time free.
    await apiFetch(`/apicitas/cancelarcita/${cita.body.id}`, {
      method: 'PATCH',
      token: tokenDoctor,
      body: { motivo: 'Prueba terminada' },
    });
  });
});
