// Notifications (issue 10, items 1-2): the ten calls of SPEC 7 for one's own id only; rows written in the
// transaction of the appointment change that causes them, with DOMAIN's Spanish texts and the route to open;
// pushed live after commit; archiving keeps unread ones.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths } from '@clinica/contracts/citas';
import {
  notificacionesDoctorPaths as doctorFeed,
  notificacionesUsuarioPaths as pacienteFeed,
  type NotificacionWire,
} from '@clinica/contracts/notificaciones';
import { bandejaSalida, notificaciones, usuarios } from '../src/db/schema/index.ts';
import type { EventosEnVivo } from '../src/platform/en-vivo.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { crearUsuarios, type UsuarioDePrueba } from './auth-helpers.ts';
import { agendarEnRecepcion } from './clinica-fixtures.ts';
import { crearReloj } from './usuarios-fixtures.ts';

const reloj = crearReloj(new Date('2026-11-23T12:00:00Z')); // lunes 07:00 en Bogotá
let t: TestContext;
let paciente: UsuarioDePrueba;
let otra: UsuarioDePrueba;
let doctor: UsuarioDePrueba;
let asistente: UsuarioDePrueba;
let citaId: number;
const empujadas: EventosEnVivo['notificacion'][] = [];

const pedir = (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, quien?: UsuarioDePrueba, payload?: object) =>
  t.app.inject({ method, url, headers: quien?.headers ?? {}, ...(payload ? { payload } : {}) });
/** NBSP and narrow NBSP as plain spaces, to compare es-CO times. */
const llano = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now });
  [paciente, otra, doctor, asistente] = await crearUsuarios(
    t.database,
    ['paciente', 'paciente', 'doctor', 'asistente'],
    { now: reloj.now() },
  );
  await t.database.db.update(usuarios).set({ nombre: 'Lucía Pérez' }).where(eq(usuarios.id, paciente.id));
  t.app.services.enVivo.suscribir('notificacion', (c) => empujadas.push(c));
  const horarios = [1, 2, 3, 4, 5, 6].map((d) => ({ dia_semana: d, hora_inicio: '08:00', hora_fin: '12:00' }));
  expect((await pedir('PUT', citasPaths.horarios(doctor.id), asistente, { horarios })).statusCode).toBe(200);
  const res = await pedir('POST', citasPaths.crear, paciente, {
    doctor_id: doctor.id,
    inicio: '2026-11-25T09:00:00-05:00',
  });
  expect(res.statusCode).toBe(201);
  citaId = res.json().id;
  await t.app.services.despachador.despachar();
});
afterAll(() => t.close());

describe('a new appointment notifies its doctor and its patient', () => {
  it("the doctor's feed: 'Nueva cita con …' with date, time and type, unread, linking to the details", async () => {
    const res = await pedir('GET', doctorFeed.listar(doctor.id), doctor);
    expect(res.statusCode).toBe(200);
    const [n] = res.json() as NotificacionWire[];
    expect(llano(n!.mensaje)).toBe('Nueva cita con Lucía Pérez el 25/11/2026 a las 9:00 a. m. (evaluación)');
    expect(n).toMatchObject({ leida: false, archivada: false, cita_id: citaId, ruta: `/detallescitas/${citaId}` });
  });

  it("the patient's feed: 'Tu cita de evaluación quedó agendada …'", async () => {
    const [n] = (await pedir('GET', pacienteFeed.listar(paciente.id), paciente)).json() as NotificacionWire[];
    expect(llano(n!.mensaje)).toBe('Tu cita de evaluación quedó agendada para el 25/11/2026 a las 9:00 a. m.');
  });

  it('both were pushed live after the commit, to their own users', () => {
    expect(empujadas.map((e) => e.usuarioId).sort()).toEqual([paciente.id, doctor.id].sort());
    expect(empujadas.every((e) => typeof e.notificacion.mensaje === 'string')).toBe(true);
  });
});

describe('whose feed', () => {
  it("another user's id is 403 on every call; the doctor feed is for doctors", async () => {
    for (const url of [pacienteFeed.listar(paciente.id), pacienteFeed.historial(paciente.id)]) {
      expect((await pedir('GET', url, otra)).statusCode).toBe(403);
    }
    expect((await pedir('PATCH', pacienteFeed.marcarTodasLeidas(paciente.id), otra)).statusCode).toBe(403);
    expect((await pedir('PATCH', pacienteFeed.archivarLeidas(paciente.id), otra)).statusCode).toBe(403);
    expect((await pedir('GET', doctorFeed.listar(paciente.id), paciente)).statusCode).toBe(403);
    expect((await pedir('GET', pacienteFeed.listar(paciente.id))).statusCode).toBe(401);
  });

  it("marking someone else's notification read finds nothing", async () => {
    const [suya] = await t.database.db.select().from(notificaciones).where(eq(notificaciones.usuario_id, doctor.id));
    const res = await pedir('PATCH', pacienteFeed.marcarLeida(otra.id), otra, { notificacionId: suya!.id });
    expect(res.statusCode).toBe(404);
    const [despues] = await t.database.db.select().from(notificaciones).where(eq(notificaciones.id, suya!.id));
    expect(despues?.leida).toBe(false);
  });
});

describe('read, read all, archive read ones, history', () => {
  it('confirming and cancelling notify the patient; archive keeps the unread ones', async () => {
    expect(
      (await pedir('PATCH', citasPaths.editarEstado(citaId), asistente, { estado: 'confirmada' })).statusCode,
    ).toBe(200);
    expect(
      (await pedir('PATCH', citasPaths.cancelar(citaId), asistente, { motivo: 'El doctor tiene un congreso' }))
        .statusCode,
    ).toBe(200);
    const feed = (await pedir('GET', pacienteFeed.listar(paciente.id), paciente)).json() as NotificacionWire[];
    expect(feed.map((n) => n.mensaje)).toEqual([
      'Tu cita del 25/11/2026 fue cancelada: El doctor tiene un congreso',
      'Tu cita del 25/11/2026 fue confirmada',
      expect.stringContaining('quedó agendada'),
    ]);
    const doctorVe = (await pedir('GET', doctorFeed.listar(doctor.id), doctor)).json() as NotificacionWire[];
    expect(llano(doctorVe[0]!.mensaje)).toBe(
      'La cita de Lucía Pérez del 25/11/2026 a las 9:00 a. m. fue cancelada: El doctor tiene un congreso',
    );

    // Read one, archive: only that one leaves the feed; the unread stay.
    const leida = await pedir('PATCH', pacienteFeed.marcarLeida(paciente.id), paciente, {
      notificacionId: feed[2]!.id,
    });
    expect(leida.json()).toMatchObject({ id: feed[2]!.id, leida: true });
    const archivar = await pedir('PATCH', pacienteFeed.archivarLeidas(paciente.id), paciente);
    expect(archivar.json()).toEqual({ archivadas: 1 });
    const despues = (await pedir('GET', pacienteFeed.listar(paciente.id), paciente)).json() as NotificacionWire[];
    expect(despues.map((n) => n.id)).toEqual([feed[0]!.id, feed[1]!.id]);
    expect(despues.every((n) => !n.leida)).toBe(true);

    const historial = (await pedir('GET', pacienteFeed.historial(paciente.id), paciente)).json() as NotificacionWire[];
    expect(historial.map((n) => n.id)).toEqual(feed.map((n) => n.id));
    expect(historial.find((n) => n.id === feed[2]!.id)?.archivada).toBe(true);

    const todas = await pedir('PATCH', pacienteFeed.marcarTodasLeidas(paciente.id), paciente);
    expect(todas.json()).toEqual({ actualizadas: 2 });
    expect((await pedir('PATCH', pacienteFeed.archivarLeidas(paciente.id), paciente)).json()).toEqual({
      archivadas: 2,
    });
    expect((await pedir('GET', pacienteFeed.listar(paciente.id), paciente)).json()).toEqual([]);
  });
});

describe('reminders 24 hours before', () => {
  it('the patient gets one for an appointment that still stands, none for a cancelled one; survives as an outbox row', async () => {
    const crear = (inicio: string) =>
      agendarEnRecepcion(t.app, asistente, { doctor_id: doctor.id, paciente_id: otra.id, inicio });
    const sigue = await crear('2026-11-26T10:00:00-05:00');
    const cancelada = await crear('2026-11-26T11:00:00-05:00');
    expect((await pedir('PATCH', citasPaths.cancelar(cancelada), asistente, { motivo: 'Reagendará' })).statusCode).toBe(
      200,
    );
    const pendientes = await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'recordatorio'));
    expect(pendientes.filter((f) => f.entregada_en === null).length).toBeGreaterThanOrEqual(2);

    // Not yet: the day before at 09:00 nothing is due.
    reloj.avanzar(50 * 60 * 60_000); // Wednesday 25, 09:00 in Bogotá
    await t.app.services.despachador.despachar();
    const antes = await recordatoriosDe(otra.id);
    expect(antes).toEqual([]);
    reloj.avanzar(2 * 60 * 60_000); // 11:00: both reminders are due
    await t.app.services.despachador.despachar();
    const despues = await recordatoriosDe(otra.id);
    expect(despues.map((n) => [n.cita_id, llano(n.mensaje)])).toEqual([
      [sigue, 'Recordatorio: mañana a las 10:00 a. m. tienes tu cita de evaluación'],
    ]);
  });
});

const recordatoriosDe = (usuarioId: number) =>
  t.database.db
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.usuario_id, usuarioId), eq(notificaciones.tipo, 'cita.recordatorio')));
