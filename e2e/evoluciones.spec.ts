// Issue 9, items 3-4: the demo doctor opens one of their appointments, writes the clinical note with a
// prescription and signs it after the warning; the patient then opens the same appointment, reads the signed
// note and downloads the prescription PDF. State (the appointment) is created through the API (STYLE 11).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, loginToken, signInAs, useBrowser } from './harness.ts';

/** A working day well clear of the demo appointments and of other specs' bookings. */
function diaLibre(): string {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  let d = sumarDias(hoy, 58);
  while (esDiaNoHabil(d)) d = sumarDias(d, 1);
  return d;
}

describe('nota de evolución y fórmula médica', () => {
  const t = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('the doctor signs a note with a prescription and the patient downloads it', async () => {
    const { page } = t;
    const tokenPaciente = await loginToken(DEMO.paciente);
    const paciente = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: tokenPaciente })).body;
    const tokenDoctor = await signInAs(page, DEMO.doctor);
    const doctor = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: tokenDoctor })).body;
    const dia = diaLibre();
    const libres = await apiFetch<{ inicio: string }[]>(
      `/apicitas/disponibilidad?doctor_id=${doctor.id}&desde=${dia}&hasta=${dia}`,
      { token: tokenDoctor },
    );
    expect(libres.body.length).toBeGreaterThan(0);
    const cita = await apiFetch<{ id: number }>('/apicitas/crearcitas', {
      method: 'POST',
      token: tokenDoctor,
      body: { doctor_id: doctor.id, paciente_id: paciente.id, inicio: libres.body.at(-1)!.inicio, motivo: 'Manchas' },
    });
    expect(cita.status).toBe(201);

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
});
