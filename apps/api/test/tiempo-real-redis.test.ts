// Two API instances behind one Redis (issue 10, items 3 and 8; QUALITY.md reliability 4): a notification
// committed on one instance reaches a socket connected to the other; deactivating a user or ending a session on
// one disconnects the sockets on the other; and when Redis blinks (5 s away, then back), HTTP keeps answering and
// every notification created meanwhile still reaches the client on the other instance, none lost. Runs when
// TEST_REDIS_URL is set (.ci/run sets it when Redis answers on 127.0.0.1:6379); both instances reach Redis
// through a TCP relay the test can cut, so the shared Redis server itself is never stopped.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as conectar } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths } from '@clinica/contracts/citas';
import type { NotificacionEvento } from '@clinica/contracts/events';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { buildApp } from '../src/app.ts';
import { salaUsuario } from '../src/plugins/tiempo-real.ts';
import type { Database } from '../src/db/client.ts';
import { notificaciones } from '../src/db/schema/index.ts';
import { createTestDatabase, testConfig } from './helpers.ts';
import { crearUsuario, otraSesion, type UsuarioDePrueba } from './auth-helpers.ts';
import { clienteWeb, hasta, type Cliente, type ClienteWeb } from './cliente-en-vivo.ts';
import { corteTcp, hostPuerto, type CorteTcp } from './corte-tcp.ts';

const REDIS = process.env.TEST_REDIS_URL;

describe.runIf(REDIS)('two instances, one Redis', () => {
  let database: Database & { drop(): Promise<void> };
  let redis: CorteTcp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlA: string;
  let urlB: string;
  const clientes: Cliente[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await corteTcp(hostPuerto(REDIS!, 6379));
    const viaRelay = new URL(REDIS!);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(redis.puerto);
    const config = testConfig({ redisUrl: viaRelay.toString() });
    // Both instances on one database, as two processes on one PostgreSQL would be.
    a = await buildApp({ config, database, esperar: async () => {} });
    b = await buildApp({ config, database, esperar: async () => {} });
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    // An outbox row is born claimed by the instance whose transaction wrote it, which delivers it on commit: what
    // is written on A is emitted on A, so what B's socket hears of it crossed Redis. (Stopping B's dispatcher
    // would only leave B's own rows waiting a minute for their claim to lapse and A to take them.)
    urlA = `http://127.0.0.1:${(a.server.address() as { port: number }).port}`;
    urlB = `http://127.0.0.1:${(b.server.address() as { port: number }).port}`;
    await adaptadoresListos();
  });
  afterAll(async () => {
    // A test that failed mid-outage leaves the relay cut: the instances close either way (see the last test).
    for (const c of clientes) c.disconnect();
    await a?.close();
    await b?.close();
    await redis?.cerrar();
    await database?.drop();
  });

  /**
   * Until B's adapter has read from the stream something A published. No test traffic does it: the adapters'
   * own beat (plugins/tiempo-real.ts) must, so the Redis blink below finds B reading on from a real position
   * in the stream, as a production instance a few seconds after start would.
   */
  async function adaptadoresListos() {
    type Adaptador = { uid: string; onMessage(m: { uid: string }, offset?: string): unknown };
    const deA = a.tiempoReal.of('/').adapter as unknown as Adaptador;
    const deB = b.tiempoReal.of('/').adapter as unknown as Adaptador;
    let oido = false;
    const leer = deB.onMessage.bind(deB);
    deB.onMessage = (m, offset) => {
      if (m.uid === deA.uid) oido = true;
      return leer(m, offset);
    };
    await hasta(() => oido, 'los adaptadores de Redis no se conectaron', 45_000);
  }

  /** A socket on instance B (or A) that does not reconnect (the disconnection tests look at why it closed). */
  const conectarA = (token: string, url = urlB) => {
    const c: Cliente = conectar(url, { transports: ['websocket'], reconnection: false, auth: { token } });
    clientes.push(c);
    return new Promise<Cliente>((resolve, reject) => {
      c.once('connect', () => resolve(c));
      c.once('connect_error', reject);
    });
  };
  const dentroDe = <T>(p: Promise<T>, ms = 30_000) =>
    Promise.race([p, new Promise<never>((_, r) => setTimeout(() => r(new Error('tiempo agotado')), ms))]);

  /** A doctor with an open agenda, the front desk, and free slots far enough apart not to overlap. */
  async function agenda() {
    const doctor = await crearUsuario(database, 'doctor');
    const asistente = await crearUsuario(database, 'asistente');
    const horarios = [1, 2, 3, 4, 5, 6].map((d) => ({ dia_semana: d, hora_inicio: '08:00', hora_fin: '18:00' }));
    const puesto = await a.inject({
      method: 'PUT',
      url: citasPaths.horarios(doctor.id),
      headers: asistente.headers,
      payload: { horarios },
    });
    expect(puesto.statusCode).toBe(200);
    const dia = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const libres = await a.inject({
      method: 'GET',
      url: `${citasPaths.disponibilidad}?doctor_id=${doctor.id}&desde=${dia(2)}&hasta=${dia(9)}`,
    });
    const espacios = (libres.json() as { inicio: string }[]).map((e) => e.inicio).filter((_, i) => i % 4 === 0);
    return { doctor, asistente, espacios };
  }
  const reservar = (
    app: FastifyInstance,
    quien: UsuarioDePrueba,
    cita: { doctor: UsuarioDePrueba; paciente: UsuarioDePrueba; inicio: string },
  ) =>
    app.inject({
      method: 'POST',
      url: citasPaths.crear,
      headers: quien.headers,
      payload: { doctor_id: cita.doctor.id, paciente_id: cita.paciente.id, inicio: cita.inicio },
    });
  const idsDe = async (usuario: UsuarioDePrueba) =>
    (
      await database.db
        .select({ id: notificaciones.id })
        .from(notificaciones)
        .where(eq(notificaciones.usuario_id, usuario.id))
    ).map((n) => n.id);

  it('a booking made on instance A reaches the patient connected to instance B', async () => {
    const paciente = await crearUsuario(database, 'paciente');
    const { doctor, asistente, espacios } = await agenda();
    const socket = await conectarA(paciente.token);
    const llega = new Promise<NotificacionEvento>((r) => socket.once('nuevaNotificacion', r));
    const res = await reservar(a, asistente, { doctor, paciente, inicio: espacios[0]! });
    expect(res.statusCode).toBe(201);
    // Whichever instance's dispatcher delivers the outbox row, the adapter carries the emit.
    await a.services.despachador.despachar();
    expect((await dentroDe(llega)).mensaje).toMatch(/quedó agendada/);
  });

  it('deactivating a user on instance A disconnects their socket on instance B', async () => {
    const admin = await crearUsuario(database, 'administrador');
    const u = await crearUsuario(database, 'paciente');
    const socket = await conectarA(u.token);
    const cerrado = new Promise<string>((r) => socket.once('disconnect', r));
    const res = await a.inject({
      method: 'PATCH',
      url: usuariosPaths.editarEstado(u.id),
      headers: admin.headers,
      payload: { estado: false },
    });
    expect(res.statusCode).toBe(200);
    await a.services.despachador.despachar();
    expect(await dentroDe(cerrado)).toBe('io server disconnect');
  });

  it("signing out on instance A disconnects that session's socket on instance B, and only that one", async () => {
    const u = await crearUsuario(database, 'paciente');
    const otroDispositivo = await otraSesion(database, u);
    const revocado = await conectarA(u.token);
    const sigue = await conectarA(otroDispositivo.token);
    const cerrado = new Promise<string>((r) => revocado.once('disconnect', r));
    const res = await a.inject({ method: 'POST', url: usuariosPaths.cerrarSesion, headers: u.headers });
    expect(res.statusCode).toBe(200);
    await a.services.despachador.despachar();
    expect(await dentroDe(cerrado)).toBe('io server disconnect');
    // The other session's socket still hears its user's room (the emit crosses Redis after the disconnect did).
    const llega = new Promise<NotificacionEvento>((r) => sigue.once('nuevaNotificacion', r));
    a.tiempoReal.to(salaUsuario(u.id)).emit('nuevaNotificacion', { id: -1, mensaje: 'sigues conectada', leida: false });
    expect((await dentroDe(llega)).mensaje).toBe('sigues conectada');
    expect(sigue.connected).toBe(true);
  });

  it('Redis away for 5 s: HTTP keeps answering and every notification made meanwhile reaches the client on B', async () => {
    const paciente = await crearUsuario(database, 'paciente');
    const { doctor, asistente, espacios } = await agenda();
    expect(espacios.length).toBeGreaterThanOrEqual(5);
    const cliente: ClienteWeb = clienteWeb(urlB, paciente);
    clientes.push(cliente.socket);
    await hasta(() => cliente.recargas() >= 1, 'el cliente no se conectó a B');
    expect(await idsDe(paciente)).toEqual([]);
    // Someone signed in on A, who will sign out while Redis is away.
    const saliente = await crearUsuario(database, 'paciente');
    const socketSaliente = await conectarA(saliente.token, urlA);
    const cerrado = new Promise<string>((r) => socketSaliente.once('disconnect', r));

    redis.cortar();
    const inicioCorte = Date.now();
    // An emit already on its way to Redis when the connection drops (its XADD is rejected, not queued).
    a.tiempoReal.to(salaUsuario(paciente.id)).emit('nuevaNotificacion', { id: -1, mensaje: 'en vuelo', leida: false });
    // HTTP answers on both instances while Redis is away: bookings succeed, their notifications are committed.
    const citasDeB: number[] = [];
    for (const [i, inicio] of espacios.slice(0, 4).entries()) {
      const res = await dentroDe(reservar(i % 2 ? b : a, asistente, { doctor, paciente, inicio }));
      expect(res.statusCode).toBe(201);
      if (i % 2) citasDeB.push(res.json<{ id: number }>().id);
    }
    // Each instance has delivered its own bookings' rows, A's while Redis is still away: those cannot cross yet.
    await dentroDe(a.services.despachador.despachar());
    const durante = await idsDe(paciente);
    expect(durante).toHaveLength(4);
    // B's own bookings reach the socket on B at once: a push to this instance's sockets does not wait for Redis.
    const deB = (
      await database.db
        .select({ id: notificaciones.id })
        .from(notificaciones)
        .where(and(eq(notificaciones.usuario_id, paciente.id), inArray(notificaciones.cita_id, citasDeB)))
    ).map((n) => n.id);
    expect(deB).toHaveLength(2);
    await hasta(() => deB.every((id) => cliente.enVivo.has(id)), 'los avisos de B no llegaron a su socket', 4_000);
    expect(durante.filter((id) => cliente.vistos.has(id)).sort()).toEqual([...deB].sort());
    // An ended session is disconnected at once on its own instance, without waiting for Redis.
    const salida = await dentroDe(
      a.inject({ method: 'POST', url: usuariosPaths.cerrarSesion, headers: saliente.headers }),
    );
    expect(salida.statusCode).toBe(200);
    await dentroDe(a.services.despachador.despachar());
    expect(await dentroDe(cerrado)).toBe('io server disconnect');
    expect(redis.abiertas()).toBe(0);
    // Redis stays away about 5 s in all, counting what the bookings took.
    await new Promise((r) => setTimeout(r, Math.max(0, 5_000 - (Date.now() - inicioCorte))));
    redis.restaurar();

    await hasta(
      () => durante.every((id) => cliente.vistos.has(id)),
      `notificaciones perdidas: ${durante.filter((id) => !cliente.vistos.has(id)).join(', ')}`,
    );
    await hasta(() => cliente.enVivo.has(-1), 'se perdió el aviso que iba hacia Redis cuando se cortó');
    // And live delivery across instances works again afterwards.
    const despues = await reservar(a, asistente, { doctor, paciente, inicio: espacios[4]! });
    expect(despues.statusCode).toBe(201);
    await a.services.despachador.despachar();
    const nueva = (await idsDe(paciente)).find((id) => !durante.includes(id))!;
    await hasta(() => cliente.enVivo.has(nueva), 'la notificación posterior al corte no llegó en vivo');
  }, 120_000);
});
