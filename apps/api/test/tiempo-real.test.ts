// The live connection (issue 10, item 3): socket.io on the API's own port, websocket only; the handshake is
// authenticated with the token in `auth` (never the URL); each socket hears only its own user's room;
// someone else's id in registrarPaciente joins nothing and is audited; notifications arrive after commit;
// sign-out, password change and deactivation disconnect the sockets of the ended sessions at once.
import { and, eq } from 'drizzle-orm';
import { io as conectar } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths } from '@clinica/contracts/citas';
import type { NotificacionEvento } from '@clinica/contracts/events';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { auditoria, notificaciones } from '../src/db/schema/index.ts';
import { salaUsuario } from '../src/plugins/tiempo-real.ts';
import { createTestApp, type TestContext, inyectar } from './helpers.ts';
import { crearUsuario, crearUsuarios, type UsuarioDePrueba } from './auth-helpers.ts';
import { clienteWeb, hasta, type Cliente } from './cliente-en-vivo.ts';
import { corteTcp } from './corte-tcp.ts';

let t: TestContext;
let url: string;
const abiertos: Cliente[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterEach(() => {
  for (const s of abiertos.splice(0)) s.disconnect();
});
afterAll(() => t.close());

function cliente(opts: { token?: string; query?: Record<string, string> }): Cliente {
  const s: Cliente = conectar(url, {
    transports: ['websocket'],
    reconnection: false,
    ...(opts.token ? { auth: { token: opts.token } } : {}),
    ...(opts.query ? { query: opts.query } : {}),
  });
  abiertos.push(s);
  return s;
}
const conectado = (s: Cliente) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (e) => reject(e));
  });
const rechazo = (s: Cliente) => new Promise<string>((resolve) => s.once('connect_error', (e) => resolve(e.message)));
const desconexion = (s: Cliente) => new Promise<string>((resolve) => s.once('disconnect', (r) => resolve(r)));
const dentroDe = <T>(p: Promise<T>, ms = 5000) =>
  Promise.race([p, new Promise<never>((_, r) => setTimeout(() => r(new Error('tiempo agotado')), ms))]);

/** Opens the doctor's agenda through a new front-desk user, returned to book with (she never connects). */
async function agendaAbierta(doctor: UsuarioDePrueba): Promise<UsuarioDePrueba> {
  const asistente = await crearUsuario(t.database, 'asistente');
  const horarios = [1, 2, 3, 4, 5, 6].map((d) => ({ dia_semana: d, hora_inicio: '08:00', hora_fin: '18:00' }));
  const res = await inyectar(t.app, 'PUT', citasPaths.horarios(doctor.id), asistente.headers, { horarios });
  expect(res.statusCode).toBe(200);
  return asistente;
}
/** A free slot of the doctor in the coming days. */
async function espacioLibre(doctor: UsuarioDePrueba) {
  const hoy = new Date();
  const dia = (n: number) => new Date(hoy.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const res = await t.app.inject({
    method: 'GET',
    url: `${citasPaths.disponibilidad}?doctor_id=${doctor.id}&desde=${dia(2)}&hasta=${dia(9)}`,
  });
  return (res.json() as { inicio: string }[])[0]!.inicio;
}

describe('the handshake', () => {
  it('without a token, with a bad one, or with the token in the URL: refused', async () => {
    expect(await rechazo(cliente({}))).toBe('NO_AUTENTICADO');
    expect(await rechazo(cliente({ token: 'a.b.c' }))).toBe('NO_AUTENTICADO');
    const u = await crearUsuario(t.database, 'paciente');
    expect(await rechazo(cliente({ query: { token: u.token } }))).toBe('NO_AUTENTICADO');
  });

  it('only the websocket transport is served (no long-polling)', async () => {
    const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(400);
  });
});

/**
 * What `s` hears of `emitir` (emits to other users' rooms), told apart from silence without a pause: a marker sent
 * afterwards to the socket's own room arrives after anything sent to it before.
 */
async function oyeDeOtros(s: Cliente, propio: number, emitir: () => void): Promise<string[]> {
  const oido: string[] = [];
  const marca = new Promise<void>((resolve) =>
    s.on('nuevaNotificacion', (n) => (n.mensaje === 'marca' ? resolve() : oido.push(n.mensaje))),
  );
  emitir();
  t.app.tiempoReal.to(salaUsuario(propio)).emit('nuevaNotificacion', { id: -1, mensaje: 'marca', leida: false });
  await dentroDe(marca);
  return oido;
}

describe('the token only counts in auth', () => {
  it("a token in the URL next to a valid one in auth is ignored: the socket is the auth token's user's", async () => {
    const [duena, ajena] = await crearUsuarios(t.database, ['paciente', 'paciente']);
    const s = cliente({ token: duena.token, query: { token: ajena.token } });
    await conectado(s);
    const oido = await oyeDeOtros(s, duena.id, () =>
      t.app.tiempoReal
        .to(salaUsuario(ajena.id))
        .emit('nuevaNotificacion', { id: -2, mensaje: 'para la otra', leida: false }),
    );
    expect(oido).toEqual([]);
  });
});

describe('rooms and notifications', () => {
  it("registrarDoctor with another doctor's id joins nothing and is audited", async () => {
    const [doctor, otro] = await crearUsuarios(t.database, ['doctor', 'doctor']);
    const s = cliente({ token: otro.token });
    await conectado(s);
    s.emit('registrarDoctor', doctor.id);
    s.emit('registrarDoctor', otro.id);
    const auditado = () =>
      t.database.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.usuario_id, otro.id), eq(auditoria.accion, 'socket.registrarDoctor')));
    await hasta(async () => (await auditado()).length > 0, 'el intento no quedó auditado');
    const oido = await oyeDeOtros(s, otro.id, () =>
      t.app.tiempoReal
        .to(salaUsuario(doctor.id))
        .emit('nuevaNotificacion', { id: -3, mensaje: 'Nueva cita con Ana', leida: false }),
    );
    expect(oido).toEqual([]);
    // Only the foreign id was recorded; registering one's own id is not an incident.
    expect((await auditado()).map((a) => [a.resultado, a.recurso_id, a.detalle])).toEqual([
      ['denegado', String(doctor.id), 'id ajeno'],
    ]);
  });

  it("a booking reaches its patient's and doctor's sockets, and nobody else's; a foreign id joins nothing", async () => {
    const [paciente, otra, doctor] = await crearUsuarios(t.database, ['paciente', 'paciente', 'doctor']);
    const asistente = await agendaAbierta(doctor);
    const sp = cliente({ token: paciente.token });
    const so = cliente({ token: otra.token });
    const sd = cliente({ token: doctor.token });
    await Promise.all([conectado(sp), conectado(so), conectado(sd)]);
    sp.emit('registrarPaciente', paciente.id);
    sd.emit('registrarDoctor', doctor.id);
    // The other patient tries to listen to the first one's room.
    so.emit('registrarPaciente', paciente.id);
    const ajenas: NotificacionEvento[] = [];
    so.on('nuevaNotificacion', (n) => ajenas.push(n));

    const aPaciente = new Promise<NotificacionEvento>((r) => sp.once('nuevaNotificacion', r));
    const aDoctor = new Promise<NotificacionEvento>((r) => sd.once('nuevaNotificacion', r));
    const res = await inyectar(t.app, 'POST', citasPaths.crear, asistente.headers, {
      doctor_id: doctor.id,
      paciente_id: paciente.id,
      inicio: await espacioLibre(doctor),
    });
    expect(res.statusCode).toBe(201);
    expect((await dentroDe(aPaciente)).mensaje).toMatch(/^Tu cita de evaluación quedó agendada para el /);
    expect((await dentroDe(aDoctor)).mensaje).toMatch(/^Nueva cita con /);
    await new Promise((r) => setTimeout(r, 200));
    expect(ajenas).toEqual([]);
    const auditado = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.usuario_id, otra.id), eq(auditoria.accion, 'socket.registrarPaciente')));
    expect(auditado.map((a) => [a.resultado, a.recurso_id])).toEqual([['denegado', String(paciente.id)]]);
  });
});

describe("changes to a doctor's appointments (issue 27.14)", () => {
  it("confirming, moving to another doctor and cancelling at the desk reach the doctors' sockets, and nobody else's", async () => {
    const [paciente, doctor, otroDoctor] = await crearUsuarios(t.database, ['paciente', 'doctor', 'doctor']);
    const asistente = await agendaAbierta(doctor);
    await agendaAbierta(otroDoctor);
    const inicio = await espacioLibre(doctor);
    const creada = await inyectar(t.app, 'POST', citasPaths.crear, asistente.headers, {
      doctor_id: doctor.id,
      paciente_id: paciente.id,
      inicio,
    });
    expect(creada.statusCode).toBe(201);
    const citaId = (creada.json() as { id: number }).id;
    const [sd, so, sp] = [
      cliente({ token: doctor.token }),
      cliente({ token: otroDoctor.token }),
      cliente({ token: paciente.token }),
    ];
    await Promise.all([conectado(sd), conectado(so), conectado(sp)]);
    const oido = { doctor: [] as number[], otro: [] as number[], paciente: [] as number[] };
    sd.on('citaActualizada', (e) => oido.doctor.push(e.cita_id));
    so.on('citaActualizada', (e) => oido.otro.push(e.cita_id));
    sp.on('citaActualizada', (e) => oido.paciente.push(e.cita_id));
    const avisosAlDoctor: string[] = [];
    sd.on('nuevaNotificacion', (n) => avisosAlDoctor.push(n.mensaje));
    const cambio = async (metodo: 'PATCH', url: string, payload: object) => {
      const res = await inyectar(t.app, metodo, url, asistente.headers, payload);
      expect(res.statusCode, res.body).toBe(200);
    };

    // Confirmed at the desk: the patient is told, the doctor gets no notification, but her screens learn of it.
    await cambio('PATCH', citasPaths.editarEstado(citaId), { estado: 'confirmada' });
    await hasta(() => oido.doctor.length === 1, 'la confirmación no llegó al doctor');
    expect(oido.doctor).toEqual([citaId]);
    expect(avisosAlDoctor).toEqual([]);
    // Moved to the other doctor: both agendas changed.
    await cambio('PATCH', citasPaths.editar(citaId), {
      doctor_id: otroDoctor.id,
      inicio: await espacioLibre(otroDoctor),
    });
    await hasta(() => oido.doctor.length === 2 && oido.otro.length === 1, 'el cambio de doctor no llegó a ambos');
    // Cancelled by the desk: the doctor it now belongs to hears it.
    await cambio('PATCH', citasPaths.cancelar(citaId), { motivo: 'La paciente llamó a cancelar' });
    await hasta(() => oido.otro.length === 2, 'la cancelación no llegó al doctor');
    expect(oido.otro).toEqual([citaId, citaId]);
    // The patient's socket hears none of these (her notifications tell her).
    const marca = new Promise<void>((resolve) => sp.once('citaActualizada', () => resolve()));
    t.app.tiempoReal.to(salaUsuario(paciente.id)).emit('citaActualizada', { cita_id: -1 });
    await dentroDe(marca);
    expect(oido.paciente).toEqual([-1]);
    expect(oido.doctor).toEqual([citaId, citaId]);
  });
});

describe('ended sessions are disconnected at once', () => {
  it("sign-out closes that session's socket", async () => {
    const u = await crearUsuario(t.database, 'paciente');
    const s = cliente({ token: u.token });
    await conectado(s);
    const cerrado = desconexion(s);
    expect((await inyectar(t.app, 'POST', usuariosPaths.cerrarSesion, u.headers)).statusCode).toBe(200);
    expect(await dentroDe(cerrado)).toBe('io server disconnect');
  });

  it('deactivating a user closes all their sockets; the token no longer connects', async () => {
    const admin = await crearUsuario(t.database, 'administrador');
    const u = await crearUsuario(t.database, 'paciente');
    const s = cliente({ token: u.token });
    await conectado(s);
    const cerrado = desconexion(s);
    const res = await inyectar(t.app, 'PATCH', usuariosPaths.editarEstado(u.id), admin.headers, { estado: false });
    expect(res.statusCode).toBe(200);
    expect(await dentroDe(cerrado)).toBe('io server disconnect');
    expect(await rechazo(cliente({ token: u.token }))).toBe('NO_AUTENTICADO');
  });
});

describe('a dropped client', () => {
  it('reconnects by itself with the spec options and shows what was created while it was away', async () => {
    const [paciente, doctor] = await crearUsuarios(t.database, ['paciente', 'doctor']);
    const asistente = await agendaAbierta(doctor);
    // The client reaches the API through a relay the test can cut, as a dropped network would.
    const red = await corteTcp({ host: '127.0.0.1', port: Number(new URL(url).port) });
    const c = clienteWeb(`http://127.0.0.1:${red.puerto}`, paciente);
    abiertos.push(c.socket);
    try {
      await hasta(() => c.recargas() === 1, 'el cliente no se conectó');
      red.cortar();
      await hasta(() => !c.socket.connected, 'el cliente no notó el corte');
      const res = await inyectar(t.app, 'POST', citasPaths.crear, asistente.headers, {
        doctor_id: doctor.id,
        paciente_id: paciente.id,
        inicio: await espacioLibre(doctor),
      });
      expect(res.statusCode).toBe(201);
      // Pushed to nobody: the client was away.
      const [creada] = await t.database.db
        .select({ id: notificaciones.id })
        .from(notificaciones)
        .where(eq(notificaciones.usuario_id, paciente.id));
      red.restaurar();
      await hasta(() => c.vistos.has(creada!.id), 'el cliente reconectado no mostró lo que se perdió');
      expect(c.conexiones()).toBeGreaterThanOrEqual(2);
      expect(c.recargas()).toBeGreaterThanOrEqual(2);
    } finally {
      await red.cerrar();
    }
  });
});
