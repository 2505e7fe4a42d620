// Issue 9, items 3-4: the demo doctor opens one of their appointments, writes the clinical note with a
// prescription and signs it after the warning; the patient then opens the same appointment, reads the signed
// note and downloads the prescription PDF. Then the follow-up plan: the doctor records "requiere más sesiones" on
// a note, confirms the proposed series and finds the appointments in the agenda. State (the appointment) is
// created through the API (STYLE 11).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, loginToken, signInAs, useBrowser } from './harness.ts';

/** A working day well clear of the demo appointments and of other specs' bookings. */
function diaLibre(dias = 58): string {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  let d = sumarDias(hoy, dias);
  while (esDiaNoHabil(d)) d = sumarDias(d, 1);
  return d;
}

/**
 * An appointment of the demo doctor that has already started and has no note yet: a note is signed only from its
 * appointment's start (issue 21, item 8), and the demo seed leaves two such visits of the demo patient.
 */
async function citaEnCurso(tokenDoctor: string): Promise<{ id: number }> {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  const lista = await apiFetch<{ items: { id: number; inicio: string; estado: string; motivo: string | null }[] }>(
    `/apicitas/listarcitas?desde=${sumarDias(hoy, -12)}&hasta=${hoy}&estado=confirmada&porPagina=100`,
    { token: tokenDoctor },
  );
  for (const c of lista.body.items) {
    if (c.motivo !== 'Valoración en curso' || Date.parse(c.inicio) > Date.now()) continue; // MOTIVO_EN_CURSO of the seed
    const nota = await apiFetch<{ evolucion: unknown }>(`/apievoluciones/cita/${c.id}`, {
      token: tokenDoctor,
    });
    if (nota.body.evolucion === null) return c;
  }
  throw new Error('la semilla de demostración no dejó citas en curso sin nota');
}

describe('nota de evolución y fórmula médica', () => {
  const t = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('the doctor signs a note with a prescription and the patient downloads it', async () => {
    const { page } = t;
    const tokenPaciente = await loginToken(DEMO.paciente);
    const tokenDoctor = await signInAs(page, DEMO.doctor);
    const cita = { body: await citaEnCurso(tokenDoctor) };

    // The doctor writes and signs.
    await page.goto(`/detallescitas/${cita.body.id}`);
    await page.getByRole('button', { name: 'Escribir nota de evolución' }).click();
    const nota = page.getByRole('form', { name: 'Nota de evolución' });
    await nota.getByRole('textbox', { name: 'Hallazgos' }).fill('Melasma epidérmico leve en región malar.');
    await nota.getByRole('textbox', { name: 'Indicaciones' }).fill('Protector solar cada 3 horas.');
    await nota.getByRole('button', { name: 'Agregar medicamento' }).click();
    const medicamento = nota.getByRole('group', { name: 'Medicamento 1' });
    await medicamento.getByRole('textbox', { name: 'Medicamento' }).fill('Hidroquinona 4 % crema');
    await medicamento.getByRole('textbox', { name: 'Dosis' }).fill('Capa delgada');
    await medicamento.getByRole('textbox', { name: 'Frecuencia' }).fill('Cada noche');
    await medicamento.getByRole('textbox', { name: 'Duración' }).fill('8 semanas');
    await nota.getByRole('button', { name: 'Firmar nota' }).click();
    const dialogo = page.getByRole('dialog', { name: '¿Firmar la nota de evolución?' });
    await expect(dialogo.getByText('Una vez firmada no se puede modificar.')).toBeVisible();
    await dialogo.getByRole('button', { name: 'Firmar nota' }).click();
    await expect(page.getByText('Nota firmada.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar borrador' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Agregar adenda' })).toBeVisible();
    // Issue 27.10: the screen shows the signed note, not the end of the shorter page.
    await expect(page.getByText('Firmada', { exact: true })).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Nota de evolución' })).toBeInViewport();

    // The patient reads it and downloads the prescription.
    await page.evaluate((token) => localStorage.setItem('token', token), tokenPaciente);
    await page.goto(`/detallescitas/${cita.body.id}`);
    await expect(page.getByText('Hidroquinona 4 % crema')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Agregar adenda' })).toHaveCount(0);
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar fórmula médica' }).click(),
    ]);
    expect(descarga.suggestedFilename()).toBe(`formula-medica-cita-${cita.body.id}.pdf`);
    // The browser runs as a server: the file is copied here to be read.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'clinica-receta-'));
    try {
      const archivo = path.join(dir, descarga.suggestedFilename());
      await descarga.saveAs(archivo);
      expect((await readFile(archivo)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the doctor records a follow-up plan on the note, confirms the series and sees it in the agenda', async () => {
    const { page } = t;
    const tokenPaciente = await loginToken(DEMO.paciente);
    const paciente = (await apiFetch<{ id: number; nombre: string }>('/apiusuarios/perfil', { token: tokenPaciente }))
      .body;
    const tokenDoctor = await signInAs(page, DEMO.doctor);
    const cita = { body: await citaEnCurso(tokenDoctor) };

    await page.goto(`/detallescitas/${cita.body.id}`);
    await page.getByRole('button', { name: 'Escribir nota de evolución' }).click();
    const nota = page.getByRole('form', { name: 'Nota de evolución' });
    await nota.getByRole('textbox', { name: 'Hallazgos' }).fill('Comedones en zona T; requiere más sesiones.');
    await nota.getByRole('button', { name: 'Firmar nota' }).click();
    await page
      .getByRole('dialog', { name: '¿Firmar la nota de evolución?' })
      .getByRole('button', { name: 'Firmar nota' })
      .click();
    await expect(page.getByText('Nota firmada.')).toBeVisible();

    // "Requiere más sesiones": 2 sessions of a peel, a week apart, from a free week.
    const seccion = page.getByRole('region', { name: 'Plan de seguimiento' });
    await seccion.getByRole('button', { name: 'Registrar plan de seguimiento' }).click();
    const plan = page.getByRole('form', { name: 'Plan de seguimiento' });
    await plan.getByRole('textbox', { name: 'Descripción del plan' }).fill('Dos peelings más para el acné.');
    await plan.getByLabel('Procedimiento').click();
    await page.getByRole('option', { name: 'Peeling químico superficial' }).click();
    await plan.getByRole('textbox', { name: 'Cada cuántos días' }).fill('7');
    await plan.getByRole('textbox', { name: 'Número de sesiones' }).fill('2');
    await plan.getByLabel('Primera sesión').fill(diaLibre(68).split('-').reverse().join('/'));
    await plan.getByRole('button', { name: 'Guardar plan' }).click();
    await expect(seccion.getByText('Citas propuestas')).toBeVisible();
    await expect(seccion.getByRole('checkbox', { name: 'Agendar la sesión 2' })).toBeChecked();
    await seccion.getByRole('button', { name: 'Agendar 2 sesiones' }).click();
    await expect(page.getByText(/Se agendaron 2 citas del plan/)).toBeVisible();
    await expect(seccion.getByText('Todas las sesiones del plan están agendadas.')).toBeVisible();

    // Both appointments are in the doctor's agenda, on the days the proposal gave.
    const guardado = await apiFetch<{ plan: { agendadas: { inicio: string; cita_id: number }[] } }>(
      `/apiplanesseguimiento/cita/${cita.body.id}`,
      { token: tokenDoctor },
    );
    expect(guardado.body.plan.agendadas).toHaveLength(2);
    for (const a of guardado.body.plan.agendadas) {
      const fecha = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(a.inicio));
      await page.goto(`/calendariocitas?fecha=${fecha}`);
      await expect(
        page.getByRole('button', { name: new RegExp(`^Acciones de la cita de ${paciente.nombre}`) }).first(),
      ).toBeVisible();
    }
  });
});
