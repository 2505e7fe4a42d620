// Issue 27.14 in a real browser against the production build: the doctor has /panelotro open, the front desk
// confirms one of her appointments through the API (she gets no notification for it), and her figures change
// without reloading: the server pushes citaActualizada to her socket and the panel reads her appointments again.
import { rangoDePeriodo, sumarDias, fechaEnZona } from '@clinica/contracts/tiempo';
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, loginToken, signInAs, useBrowser } from './harness.ts';

type Espacio = { inicio: string; doctor_id: number };
const ZONA = 'America/Bogota';

describe('panel del médico en vivo', () => {
  const t = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('a confirmation at the desk moves one appointment from Pendientes to Confirmadas, no reload', async () => {
    const { page } = t;
    const tokenDoctor = await signInAs(page, DEMO.doctor);
    const doctor = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: tokenDoctor })).body;
    const tokenPaciente = await loginToken(DEMO.paciente);
    const paciente = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: tokenPaciente })).body;
    const tokenAsistente = await loginToken(DEMO.asistente);

    // A free time of hers within the panel's week or month (whichever reaches further).
    const ahora = new Date();
    const semana = rangoDePeriodo('semana', ahora, ZONA);
    const mes = rangoDePeriodo('mes', ahora, ZONA);
    const hasta = semana.hasta > mes.hasta ? semana.hasta : mes.hasta;
    const desde = fechaEnZona(ahora, ZONA);
    const espacios = await apiFetch<Espacio[]>(
      `/apicitas/disponibilidad?doctor_id=${doctor.id}&tipo=evaluacion&desde=${desde}&hasta=${sumarDias(fechaEnZona(hasta, ZONA), -1)}`,
    );
    expect(espacios.status).toBe(200);
    const libres = espacios.body.slice(-10).reverse();
    if (!libres.length)
      throw new Error('El doctor de la demo no tiene horas libres en lo que queda de la semana ni del mes');

    await page.goto('/panelotro');
    await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
    // The day's agenda rows are whole-card links, not links in running text: no underline (it ran under their
    // badges too, seen on the screenshots).
    for (const fila of await page
      .getByRole('region', { name: /^Agenda de hoy/ })
      .locator('li > a[href]')
      .all())
      expect(await fila.evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe('none');
    // The panel counts the period that holds the time (a time in the month, or in this week past the month's end).
    const periodo = (inicio: string) => (Date.parse(inicio) < mes.hasta.getTime() ? 'Mes' : 'Semana');
    await page.getByText(periodo(libres[0]!.inicio), { exact: true }).click();
    const cifras = page.getByRole('region', { name: 'Tus citas' });
    const cifra = (etiqueta: string) =>
      cifras.locator('dt', { hasText: new RegExp(`^${etiqueta}$`) }).locator('xpath=following-sibling::dd[1]');
    const leer = async (etiqueta: string) => Number(await cifra(etiqueta).textContent());
    await expect(cifra('Pendientes')).toHaveText(/^\d+$/);

    // Booked at the desk: her "Nueva cita" notification refreshes the figures as before.
    const pendientes = await leer('Pendientes');
    // The demo patient may have another appointment at some of those times (other specs book her): the first that
    // books, within the same period as the tab chosen.
    let creada: { status: number; body: { id: number } } | undefined;
    for (const libre of libres.filter((l) => periodo(l.inicio) === periodo(libres[0]!.inicio))) {
      creada = await apiFetch<{ id: number }>('/apicitas/crearcitas', {
        method: 'POST',
        token: tokenAsistente,
        body: { doctor_id: doctor.id, paciente_id: paciente.id, inicio: libre.inicio, tipo: 'evaluacion' },
      });
      if (creada.status === 201) break;
    }
    if (creada?.status !== 201) throw new Error(`No se pudo agendar la cita de prueba: ${JSON.stringify(creada)}`);
    await expect(cifra('Pendientes')).toHaveText(String(pendientes + 1));
    // A reload from here on would lose this marker.
    await page.evaluate(() => Object.assign(window, { __sinRecargar: true }));
    const confirmadas = await leer('Confirmadas');

    // Confirmed at the desk: the patient is told; the doctor gets no notification, but her panel changes.
    const confirmada = await apiFetch(`/apicitas/editarestadocita/${creada.body.id}`, {
      method: 'PATCH',
      token: tokenAsistente,
      body: { estado: 'confirmada' },
    });
    expect(confirmada.status).toBe(200);
    await expect(cifra('Confirmadas')).toHaveText(String(confirmadas + 1));
    await expect(cifra('Pendientes')).toHaveText(String(pendientes));
    expect(await page.evaluate(() => (window as unknown as { __sinRecargar?: boolean }).__sinRecargar)).toBe(true);
  });
});
