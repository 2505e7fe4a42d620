// Issue 10, live notifications in a real browser against the production build: a doctor has /panelotro open, the
// front desk books an appointment for that doctor through the API, and the doctor's bell count rises and the
// 'Nueva cita con …' notification appears in the panel without reloading (socket.io, websocket only).
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, loginToken, signInAs, useBrowser } from './harness.ts';

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
});
