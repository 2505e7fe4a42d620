// Issue 9 items 2 and 7 in a real browser against the production build: a new patient fills the intake on a 375 px
// phone, reads it in /mihistorialclinico and downloads her copy (PDF and JSON); then a doctor finds it in
// /consultarhistorialmedico, edits it, and the details show the new version with who changed what.
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, signInAs, unico, useBrowser } from './harness.ts';

const CONTRASENA = 'mi frase secreta de prueba';
const paciente = { id: 0, correo: '' };

describe('la paciente llena su historia clínica en el teléfono', () => {
  const t = useBrowser({ viewport: { width: 375, height: 812 } });

  it('fills the intake at 375 px and reads it in /mihistorialclinico', async () => {
    const { page } = t;
    paciente.correo = `e2e-hc-${unico()}@prueba.test`;
    const res = await apiFetch<{ id: number }>('/apiusuarios/registrar', {
      method: 'POST',
      body: {
        nombre: 'Isabela Montoya',
        tipodocumento: 'CC',
        numerodocumento: `${Date.now()}`.slice(-10).replace(/^0/, '1'),
        correo: paciente.correo,
        contrasena: CONTRASENA,
        telefono: '3001234567',
        genero: 'femenino',
        fecha_nacimiento: '1994-02-11',
        terminos_condiciones: true,
        politica_datos: true,
      },
    });
    expect(res.status).toBe(201);
    paciente.id = res.body.id;
    // The intake first asks whether she already has a record: the browser logs that 404.
    t.permitirErrorDeConsola(/status of 404 .*\/apihistorialmedico\/mihistorialclinico\//);
    await signInAs(page, paciente.correo, CONTRASENA);

    await page.goto('/crearhistorialclinico');
    await page.getByRole('textbox', { name: 'Alergias' }).fill('Látex');
    await page.getByRole('checkbox', { name: '¿Usas algún método anticonceptivo?' }).click();
    await page.getByRole('textbox', { name: /¿Qué método anticonceptivo usas\?/ }).fill('Píldora');
    await page.getByRole('radio', { name: /^II · / }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Guardar mi historia clínica' }).click();

    await page.waitForURL(`**/mihistorialclinico/${paciente.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mi historia clínica' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Alergias: Látex' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Anticonceptivos' })).toContainText('Método: Píldora');
    await expect(page.getByText('Nadie del personal ha consultado tu historia clínica todavía.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Her free copy (Ley 2015 de 2020): the complete record as one PDF and her personal data as JSON.
    const bajar = async (nombre: string) => {
      const [descarga] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: nombre }).click(),
      ]);
      // The browser runs as a server: the file comes back as a stream, not as a local path.
      const partes: Buffer[] = [];
      for await (const parte of await descarga.createReadStream()) partes.push(parte as Buffer);
      return { nombre: descarga.suggestedFilename(), contenido: Buffer.concat(partes) };
    };
    const pdf = await bajar('Descargar mi historia completa (PDF)');
    expect(pdf.nombre).toMatch(/^historia-clinica-.*\.pdf$/);
    expect(pdf.contenido.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const datos = await bajar('Descargar mis datos (JSON)');
    expect(datos.nombre).toMatch(/^historia-clinica-.*\.json$/);
    expect(JSON.stringify(JSON.parse(datos.contenido.toString('utf8')))).toContain(paciente.correo);
  });
});

describe('el doctor la encuentra y la actualiza', () => {
  const t = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('finds the record in the list, edits it and sees the new version in the history', async () => {
    const { page } = t;
    expect(paciente.id).toBeGreaterThan(0);
    await signInAs(page, DEMO.doctor);
    await page.goto('/consultarhistorialmedico');
    await page.getByRole('textbox', { name: 'Buscar' }).fill(paciente.correo.toUpperCase());
    await expect(page.getByText(/^Mostrando 1 de \d+ registros$/)).toBeVisible();
    await page.getByRole('button', { name: 'Ver detalles de la historia de Isabela Montoya' }).click();
    await page.waitForURL('**/DetallesHistorialMedico?id=*');
    await expect(page.getByRole('heading', { name: 'Isabela Montoya' })).toBeVisible();

    await page.getByRole('link', { name: 'Editar' }).click();
    await page.waitForURL('**/editarhistorialmedico/*');
    await page.getByRole('checkbox', { name: 'Hipertensión' }).click();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();

    await page.waitForURL('**/detalleshistorialmedico?id=*');
    await expect(page.getByText('Historia clínica actualizada')).toBeVisible();
    const versiones = page.getByRole('region', { name: 'Historial de versiones' });
    await expect(versiones.getByText('Versión 2')).toBeVisible();
    await expect(versiones.getByText('Cambió: Hipertensión')).toBeVisible();
    await expect(versiones.getByText(/· Dr\. /)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Alertas clínicas' })).toContainText('Hipertensión');

    // The patient sees that the doctor read her record.
    const token = (
      await apiFetch<{ token: string }>('/apiusuarios/iniciarsesion', {
        method: 'POST',
        body: { correo: paciente.correo, contrasena: CONTRASENA },
      })
    ).body.token;
    const accesos = await apiFetch<{ quien: { rol: string } }[]>(
      `/apihistorialmedico/mihistorialclinico/${paciente.id}/accesos`,
      { token },
    );
    expect(accesos.body.length).toBeGreaterThan(0);
    expect(accesos.body.every((a) => a.quien.rol === 'doctor')).toBe(true);
  });
});
