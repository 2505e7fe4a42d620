// Issue 24: the demo doctor, on a tablet (768 x 1024, touch), opens the demo patient's toxin procedure that has
// started and has no note (seed/citas.ts, enCurso), writes the note, charts three toxin points by tapping the face
// drawing, picks the lot in the point's drawer, saves and signs. Then the patient's record copy PDF downloads, the
// lot's stock went down by the charted total, and «¿Quién recibió este lote?» lists the patient.
import { sumarDias } from '@clinica/contracts/tiempo';
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, loginToken, signInAs, useBrowser } from './harness.ts';

/** The seed's toxin procedure in progress (MOTIVO_PROCEDIMIENTO_EN_CURSO in apps/api/src/seed/citas.ts). */
const MOTIVO = 'Aplicación de toxina en curso';
/** A demo toxin lot far from its expiry (seed/insumos.ts); no other spec charts with it. */
const LOTE = 'TXA-25032';

async function procedimientoEnCurso(tokenDoctor: string): Promise<{ id: number }> {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  const lista = await apiFetch<{ items: { id: number; motivo: string | null; tipo: string }[] }>(
    `/apicitas/listarcitas?desde=${sumarDias(hoy, -12)}&hasta=${hoy}&estado=confirmada&porPagina=100`,
    { token: tokenDoctor },
  );
  for (const c of lista.body.items) {
    if (c.motivo !== MOTIVO || c.tipo !== 'procedimiento') continue;
    const nota = await apiFetch<{ evolucion: unknown }>(`/apievoluciones/cita/${c.id}`, { token: tokenDoctor });
    if (nota.body.evolucion === null) return c;
  }
  throw new Error('la semilla de demostración no dejó un procedimiento de toxina en curso sin nota');
}

type Lote = { id: number; numero: string; existencia: number; producto: { id: number; nombre: string } };

describe('mapa de aplicación en tableta', () => {
  const t = useBrowser({ viewport: { width: 768, height: 1024 }, tactil: true });

  it('the doctor charts toxin by touch, signs, and stock and the lot recall reflect it', async () => {
    const { page } = t;
    const tokenAdmin = await loginToken(DEMO.admin);
    const tokenPaciente = await loginToken(DEMO.paciente);
    const paciente = (await apiFetch<{ id: number; nombre: string }>('/apiusuarios/perfil', { token: tokenPaciente }))
      .body;
    const tokenDoctor = await signInAs(page, DEMO.doctor);
    const cita = await procedimientoEnCurso(tokenDoctor);
    const usables = await apiFetch<Lote[]>('/apiinsumos/lotes-usables', { token: tokenDoctor });
    const lote = usables.body.find((l) => l.numero === LOTE)!;
    expect(lote).toBeDefined();
    const existencia = async () => {
      const p = await apiFetch<{ lotes: { id: number; existencia: number }[] }>(
        `/apiinsumos/productos/${lote.producto.id}`,
        { token: tokenAdmin },
      );
      expect(p.status).toBe(200);
      return p.body.lotes.find((l) => l.id === lote.id)!.existencia;
    };
    const antes = await existencia();

    await page.goto(`/detallescitas/${cita.id}`);
    await page.getByRole('button', { name: 'Escribir nota de evolución' }).tap();
    const nota = page.getByRole('form', { name: 'Nota de evolución' });
    await nota.getByRole('textbox', { name: 'Hallazgos' }).fill('Líneas de expresión dinámicas en tercio superior.');

    // Taps on the front drawing (1000 x 1000 units, square): where the editor's test finds each zone.
    const dibujo = page.getByRole('group', { name: /Dibujo de frente/ });
    await dibujo.scrollIntoViewIfNeeded();
    const tocar = async (x: number, y: number) => {
      // The drawer and the table change the page's height: the drawing must be on screen to be tapped.
      await dibujo.scrollIntoViewIfNeeded();
      const caja = (await dibujo.boundingBox())!;
      const lado = Math.min(caja.width, caja.height);
      await page.touchscreen.tap(
        caja.x + (caja.width - lado) / 2 + (x / 1000) * lado,
        caja.y + (caja.height - lado) / 2 + (y / 1000) * lado,
      );
    };
    const elegir = async (panel: ReturnType<typeof page.getByRole>, campo: RegExp, opcion: RegExp | string) => {
      await panel.getByRole('combobox', { name: campo }).click();
      await page.getByRole('option', { name: opcion }).click();
    };

    await tocar(500, 404);
    const primero = page.getByRole('dialog', { name: 'Punto 1: Glabela (entrecejo)' });
    await elegir(primero, /^Lote/, new RegExp(`Lote ${LOTE}`));
    await primero.getByRole('textbox', { name: /^Cantidad/ }).fill('4');
    await elegir(primero, /^Plano/, 'Intramuscular');
    await elegir(primero, /^Técnica/, 'Bolo');
    // A segmented control: its radio is hidden under its label.
    await primero.getByText('Aguja', { exact: true }).click();
    await elegir(primero, /^Calibre/, '30G');
    await primero.getByRole('button', { name: 'Listo' }).click();
    await expect(primero).toHaveCount(0);

    // The next points start with the same lot, dose and technique.
    const puntos = page.getByRole('table', { name: 'Puntos del mapa de aplicación' });
    /** Every tap opens its point's drawer, and it stays open until «Listo». */
    const abrir = async (n: number) => {
      await expect(puntos.getByRole('row')).toHaveCount(n + 1);
      const panel = page.getByRole('dialog', { name: new RegExp(`^Punto ${n}: `) });
      await expect(panel).toBeVisible();
      await page.waitForTimeout(600);
      await expect(panel).toBeVisible();
      return panel;
    };
    await tocar(684, 450);
    const segundo = await abrir(2);
    await expect(segundo.getByRole('textbox', { name: /^Cantidad/ })).toHaveValue('4');
    await segundo.getByRole('button', { name: 'Listo' }).click();
    await expect(segundo).toHaveCount(0);
    await tocar(500, 280);
    const tercero = await abrir(3);
    await tercero.getByRole('textbox', { name: /^Cantidad/ }).fill('2');
    await tercero.getByRole('button', { name: 'Listo' }).click();
    await expect(tercero).toHaveCount(0);

    await expect(puntos.getByRole('row')).toHaveCount(4);
    await expect(
      page.getByRole('table', { name: 'Totales por lote' }).getByRole('row', { name: /TXA-25032 3 10 U/ }),
    ).toBeVisible();

    await nota.getByRole('button', { name: 'Guardar borrador' }).click();
    await expect(page.getByText('Borrador guardado.')).toBeVisible();
    await nota.getByRole('button', { name: 'Firmar nota' }).click();
    await page
      .getByRole('dialog', { name: '¿Firmar la nota de evolución?' })
      .getByRole('button', { name: 'Firmar nota' })
      .click();
    await expect(page.getByText('Nota firmada.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Dibujo de frente con 3 puntos' })).toBeVisible();

    // The stock went down by the charted total, and the lot's recipients include the patient.
    expect(await existencia()).toBe(antes - 10);
    const recibieron = await apiFetch<{ pacientes: { paciente: { id: number }; cita_id: number; cantidad: number }[] }>(
      `/apiinsumos/lotes/${lote.id}/pacientes`,
      { token: tokenDoctor },
    );
    expect(recibieron.status).toBe(200);
    expect(recibieron.body.pacientes).toContainEqual(
      expect.objectContaining({
        paciente: expect.objectContaining({ id: paciente.id }),
        cita_id: cita.id,
        cantidad: 10,
      }),
    );

    // The patient's record copy (PDF) downloads with the signed note in it.
    await page.evaluate((token) => localStorage.setItem('token', token), tokenPaciente);
    await page.goto(`/mihistorialclinico/${paciente.id}`);
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar mi historia completa (PDF)' }).tap(),
    ]);
    expect(descarga.suggestedFilename()).toMatch(/^historia-clinica-.*\.pdf$/);
    const partes: Buffer[] = [];
    for await (const parte of await descarga.createReadStream()) partes.push(parte as Buffer);
    const pdf = Buffer.concat(partes);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
  });
});
