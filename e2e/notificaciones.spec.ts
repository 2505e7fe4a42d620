// Issue 10, live notifications in a real browser against the production build: a doctor has /panelotro open, the
// front desk books an appointment for that doctor through the API, and the doctor's bell count rises and the
// 'Nueva cita con …' notification appears in the panel without reloading (socket.io, websocket only). And with
// desktop notifications allowed in the doctor's browser, a patient booking from her own browser makes the
// doctor's page show one (SPEC 7: title 'Nueva cita registrada', the message as body) and raise the bell.
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import type { NotificacionWire } from '@clinica/contracts/notificaciones';
import { describe, it } from 'vitest';
import { apiFetch, baseURL, DEMO, expect, loginToken, signInAs, useBrowser } from './harness.ts';

type Espacio = { inicio: string; doctor_id: number };

/** A working day far ahead, clear of the other specs' bookings. */
function diaLibre(): string {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  let d = sumarDias(hoy, 57);
  while (esDiaNoHabil(d)) d = sumarDias(d, 1);
  return d;
}

const conteoDe = (nombre: string | null) => Number(/(\d+) sin leer/.exec(nombre ?? '')?.[1] ?? 0);

describe('notificaciones en vivo', () => {
  const t = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('a booking reaches the doctor on /panelotro: the bell count rises and the message shows, no reload', async () => {
    const { page } = t;
    const tokenDoctor = await signInAs(page, DEMO.doctor);
    const doctor = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: tokenDoctor })).body;
    const tokenPaciente = await loginToken(DEMO.paciente);
    const paciente = (await apiFetch<{ id: number; nombre: string }>('/apiusuarios/perfil', { token: tokenPaciente }))
      .body;
    const tokenAsistente = await loginToken(DEMO.asistente);

    await page.goto('/panelotro');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel del médico' })).toBeVisible();
    // Connected and registered: the panel says so once the socket is up.
    await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
    const campana = page.getByRole('button', { name: /^Notificaciones, / });
    await expect(campana).toBeVisible();
    const antes = conteoDe(await campana.getAttribute('aria-label'));
    // A reload would lose this marker.
    await page.evaluate(() => Object.assign(window, { __sinRecargar: true }));

    const dia = diaLibre();
    const espacios = await apiFetch<Espacio[]>(
      `/apicitas/disponibilidad?doctor_id=${doctor.id}&tipo=evaluacion&desde=${dia}&hasta=${sumarDias(dia, 6)}`,
    );
    expect(espacios.status).toBe(200);
    const libre = espacios.body[Math.floor(Math.random() * espacios.body.length)];
    if (!libre) throw new Error('El doctor de la demo no tiene horas libres en esa semana');
    const creada = await apiFetch<{ id: number }>('/apicitas/crearcitas', {
      method: 'POST',
      token: tokenAsistente,
      body: {
        doctor_id: doctor.id,
        paciente_id: paciente.id,
        inicio: libre.inicio,
        tipo: 'evaluacion',
        motivo: 'Prueba de notificación en vivo',
      },
    });
    expect(creada.status).toBe(201);

    await expect(page.getByRole('button', { name: `Notificaciones, ${antes + 1} sin leer` })).toBeVisible();
    const feed = page.getByRole('list', { name: 'Notificaciones en vivo' });
    const aviso = feed.getByRole('button', { name: new RegExp(`^Sin leer: Nueva cita con ${paciente.nombre}`) });
    await expect(aviso.first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sinRecargar?: boolean }).__sinRecargar)).toBe(true);

    // Opening it goes to the appointment and marks it read.
    await aviso.first().click();
    await page.waitForURL(`**/detallescitas/${creada.body.id}`);
    await expect(page.getByRole('button', { name: /^Notificaciones, / })).toHaveAttribute(
      'aria-label',
      antes === 0 ? 'Notificaciones, ninguna sin leer' : `Notificaciones, ${antes} sin leer`,
    );

    // Clean up: the appointment is cancelled so later runs find the time free.
    await apiFetch(`/apicitas/cancelarcita/${creada.body.id}`, {
      method: 'PATCH',
      token: tokenAsistente,
      body: { motivo: 'Prueba terminada' },
    });
  });

  it('a patient books from her browser: the doctor gets a desktop notification and the bell rises, no reload', async () => {
    const { page, context, browser } = t;
    await context.grantPermissions(['notifications'], { origin: baseURL() });
    // Every desktop notification the page creates is recorded, then shown by the browser as usual.
    await context.addInitScript(() => {
      const Original = window.Notification;
      const vistas: { title: string; body: string }[] = [];
      class Registrada extends Original {
        constructor(title: string, opciones?: NotificationOptions) {
          vistas.push({ title, body: opciones?.body ?? '' });
          super(title, opciones);
        }
      }
      Object.defineProperty(Registrada, 'permission', { get: () => Original.permission });
      Object.defineProperty(Registrada, 'requestPermission', { value: Original.requestPermission.bind(Original) });
      Object.assign(window, { Notification: Registrada, __escritorio: vistas });
    });
    const escritorio = () =>
      page.evaluate(() => (window as unknown as { __escritorio: { title: string; body: string }[] }).__escritorio);

    const tokenDoctor = await signInAs(page, DEMO.doctor);
    const doctor = (await apiFetch<{ id: number; nombre: string }>('/apiusuarios/perfil', { token: tokenDoctor })).body;
    await page.goto('/panelotro');
    await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    const campana = page.getByRole('button', { name: /^Notificaciones, / });
    const antes = conteoDe(await campana.getAttribute('aria-label'));
    await page.evaluate(() => Object.assign(window, { __sinRecargar: true }));

    // The patient, in a browser of her own, books with that doctor at the first free time.
    const deLaPaciente = await browser.newContext({
      baseURL: baseURL(),
      locale: 'es-CO',
      timezoneId: 'America/Bogota',
      viewport: { width: 1366, height: 900 },
    });
    let citaId: number | undefined;
    const tokenAsistente = await loginToken(DEMO.asistente);
    try {
      const paciente = await deLaPaciente.newPage();
      const tokenPaciente = await signInAs(paciente, DEMO.paciente);
      // A general evaluation, from an empty cart (state through the API, STYLE 11).
      const vacio = await apiFetch('/apicarrito/limpiarmicarrito', { method: 'DELETE', token: tokenPaciente });
      expect(vacio.status).toBeLessThan(300);
      await paciente.goto('/crearcita');
      await paciente.getByRole('button', { name: 'Agendar una valoración general' }).click();
      const elegirDoctor = paciente.getByRole('combobox', { name: /^Doctor/ });
      await elegirDoctor.click();
      await paciente.getByRole('option', { name: doctor.nombre, exact: true }).click();
      await expect(elegirDoctor).toHaveValue(doctor.nombre);
      const primera = paciente
        .getByRole('group', { name: /^Horarios libres del / })
        .getByRole('button')
        .first();
      await primera.click();
      await expect(primera).toHaveAttribute('aria-pressed', 'true');
      await paciente.getByRole('button', { name: 'Confirmar cita' }).click();
      await expect(paciente.getByRole('heading', { name: '¡Tu cita quedó agendada!' })).toBeVisible();
      const detalle = await paciente.getByRole('link', { name: 'Ver detalle' }).getAttribute('href');
      citaId = Number(/\/detallescitas\/(\d+)$/.exec(detalle ?? '')?.[1]);
      expect(citaId).toBeGreaterThan(0);

      // The doctor's notification about it, as the server stored it.
      const feed = await apiFetch<NotificacionWire[]>(`/apiusuarios/notificaciones/${doctor.id}`, {
        token: tokenDoctor,
      });
      const aviso = feed.body.find((n) => n.cita_id === citaId);
      expect(aviso?.mensaje).toMatch(/^Nueva cita con /);

      // On the doctor's page, without a reload: the desktop notification, the bell and the panel's feed.
      await expect
        .poll(escritorio, { timeout: 20_000 })
        .toContainEqual({ title: 'Nueva cita registrada', body: aviso!.mensaje });
      expect((await escritorio()).filter((n) => n.body === aviso!.mensaje)).toHaveLength(1);
      await expect(page.getByRole('button', { name: `Notificaciones, ${antes + 1} sin leer` })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Notificaciones en vivo' }).getByRole('button', {
          name: new RegExp(`^Sin leer: ${aviso!.mensaje.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
        }),
      ).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __sinRecargar?: boolean }).__sinRecargar)).toBe(true);
    } finally {
      await deLaPaciente.close();
      // Clean up: the appointment is cancelled so later runs find the time free.
      if (citaId)
        await apiFetch(`/apicitas/cancelarcita/${citaId}`, {
          method: 'PATCH',
          token: tokenAsistente,
          body: { motivo: 'Prueba terminada' },
        });
    }
  });
});
