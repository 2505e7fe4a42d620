// Issue 9, item 5: the demo patient opens a procedure appointment on a phone-sized screen, reads the consent,
// draws a signature with the mouse on the canvas, ticks understanding and signs; then downloads the PDF and
// sees it verified. State (the appointment) is created through the API (STYLE 11). Issue 27.10: each message goes
// as soon as its field is right, and once signed the screen shows the signed consent, not the page's end.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, loginToken, signInAs, useBrowser } from './harness.ts';

/** A working day well clear of the demo appointments and of other specs' bookings. */
function diaLibre(): string {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  let d = sumarDias(hoy, 61);
  while (esDiaNoHabil(d)) d = sumarDias(d, 1);
  return d;
}

describe('consentimiento informado', () => {
  const t = useBrowser({ viewport: { width: 375, height: 800 } });

  it('the patient signs the consent with a drawn signature and downloads the PDF', async () => {
    const { page } = t;
    const tokenDoctor = await loginToken(DEMO.doctor);
    const doctor = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: tokenDoctor })).body;
    const tokenPaciente = await signInAs(page, DEMO.paciente);
    const paciente = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: tokenPaciente })).body;
    const procedimientos = await apiFetch<{
      items: { id: number; nombre: string; requiere_evaluacion: boolean; activo: boolean }[];
    }>('/apiprocedimientos/listarprocedimiento');
    // A demo procedure (it has its consent template; other specs create procedures of their own without one).
    const proc = procedimientos.body.items.find((p) => p.nombre === 'Limpieza facial profunda')!;
    expect(proc).toMatchObject({ requiere_evaluacion: false, activo: true });
    const dia = diaLibre();
    const libres = await apiFetch<{ inicio: string }[]>(
      `/apicitas/disponibilidad?doctor_id=${doctor.id}&procedimiento_id=${proc.id}&desde=${dia}&hasta=${dia}`,
      { token: tokenDoctor },
    );
    expect(libres.body.length).toBeGreaterThan(0);
    const cita = await apiFetch<{ id: number }>('/apicitas/crearcitas', {
      method: 'POST',
      token: tokenDoctor,
      body: {
        doctor_id: doctor.id,
        paciente_id: paciente.id,
        tipo: 'procedimiento',
        procedimiento_id: proc.id,
        inicio: libres.body.at(-1)!.inicio,
      },
    });
    expect(cita.status, JSON.stringify(cita.body)).toBe(201);

    await page.goto(`/detallescitas/${cita.body.id}`);
    const seccion = page.getByRole('region', { name: 'Consentimiento informado' });
    await expect(seccion.getByText('Pendiente')).toBeVisible();
    await expect(seccion.getByLabel('Texto del consentimiento')).toContainText('Riesgos');
    const firmar = seccion.getByRole('button', { name: 'Firmar consentimiento' });
    await firmar.click();
    const sinFirma = seccion.getByText('Dibuja tu firma en el recuadro');
    const sinEntender = seccion.getByText('Confirma que leíste y entiendes el consentimiento');
    await expect(sinFirma).toBeVisible();
    await expect(sinEntender).toBeVisible();
    const pad = seccion.getByRole('img', { name: 'Tu firma' });
    await pad.scrollIntoViewIfNeeded();
    const caja = (await pad.boundingBox())!;
    await page.mouse.move(caja.x + 20, caja.y + caja.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await page.mouse.move(caja.x + 20 + i * 20, caja.y + caja.height / 2 + (i % 2 ? -25 : 25), { steps: 3 });
    }
    await page.mouse.up();
    await expect(sinFirma).toHaveCount(0);
    await expect(sinEntender).toBeVisible();
    await seccion.getByRole('checkbox', { name: /He leído y entiendo/ }).check();
    await expect(sinEntender).toHaveCount(0);
    await firmar.click();
    await expect(page.getByText('Consentimiento firmado.')).toBeVisible();
    const firmado = seccion.getByText('Firmado', { exact: true });
    await expect(firmado).toBeVisible();
    await expect(firmado).toBeInViewport();
    await expect(seccion.getByRole('heading', { name: 'Consentimiento informado' })).toBeInViewport();

    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      seccion.getByRole('button', { name: 'Descargar PDF del consentimiento' }).click(),
    ]);
    expect(descarga.suggestedFilename()).toBe(`consentimiento-informado-cita-${cita.body.id}.pdf`);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'clinica-consentimiento-'));
    try {
      const archivo = path.join(dir, descarga.suggestedFilename());
      await descarga.saveAs(archivo);
      expect((await readFile(archivo)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await seccion.getByRole('button', { name: 'Verificar documento' }).click();
    await expect(seccion.getByText('Verificado: el documento no ha cambiado desde la firma.')).toBeVisible();
  });
});
