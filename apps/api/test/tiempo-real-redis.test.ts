// Two API instances behind one Redis (issue 10, item 3; QUALITY.md reliability 4): a notification committed on
// one instance reaches a socket connected to the other, and deactivating a user on one disconnects their socket
// on the other. Runs when TEST_REDIS_URL is set (.ci/run sets it when Redis answers on 127.0.0.1:6379).
import type { FastifyInstance } from 'fastify';
import { io as conectar, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths } from '@clinica/contracts/citas';
import type { ClientToServerEvents, NotificacionEvento, ServerToClientEvents } from '@clinica/contracts/events';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { buildApp } from '../src/app.ts';
import { salaUsuario } from '../src/plugins/tiempo-real.ts';
import type { Database } from '../src/db/client.ts';
import { createTestDatabase, testConfig } from './helpers.ts';
import { crearUsuario } from './auth-helpers.ts';

const REDIS = process.env.TEST_REDIS_URL;
type Cliente = Socket<ServerToClientEvents, ClientToServerEvents>;

describe.runIf(REDIS)('two instances, one Redis', () => {
  let database: Database & { drop(): Promise<void> };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlB: string;
  const clientes: Cliente[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ redisUrl: REDIS });
    // Both instances on one database, as two processes on one PostgreSQL would be.
    a = await buildApp({ config, database, esperar: async () => {} });
    b = await buildApp({ config, database, esperar: async () => {} });
    await a.ready();
    await b.listen({ port: 0, host: '127.0.0.1' });
    // Only A delivers outbox rows, so what B's socket hears must have crossed Redis.
    await b.services.despachador.detener();
    urlB = `http://127.0.0.1:${(b.server.address() as { port: number }).port}`;
    // Wait until both adapters read the stream: an emit from A must reach a socket on B. A fixed pause was not
    // enough on a loaded CI machine (the first emit went out before B's adapter started reading).
    const sonda = await crearUsuario(database, 'paciente');
    const socket = await conectarA(sonda.token);
    let llego = false;
    socket.on('nuevaNotificacion', () => (llego = true));
    for (let i = 0; i < 200 && !llego; i++) {
      a.tiempoReal.to(salaUsuario(sonda.id)).emit('nuevaNotificacion', { id: 0, mensaje: 'sonda' } as never);
      await new Promise((r) => setTimeout(r, 50));
    }
    socket.disconnect();
    if (!llego) throw new Error('Los adaptadores de Redis no se conectaron');
  });
  afterAll(async () => {
    for (const c of clientes) c.disconnect();
    await a.close();
    await b.close();
    await database.drop();
  });

  const conectarA = (token: string) => {
    const c: Cliente = conectar(urlB, { transports: ['websocket'], reconnection: false, auth: { token } });
    clientes.push(c);
    return new Promise<Cliente>((resolve, reject) => {
      c.once('connect', () => resolve(c));
      c.once('connect_error', reject);
    });
  };
  const dentroDe = <T>(p: Promise<T>, ms = 8000) =>
    Promise.race([p, new Promise<never>((_, r) => setTimeout(() => r(new Error('tiempo agotado')), ms))]);

  it('a booking made on instance A reaches the patient connected to instance B', async () => {
    const paciente = await crearUsuario(database, 'paciente');
    const doctor = await crearUsuario(database, 'doctor');
    const asistente = await crearUsuario(database, 'asistente');
    const horarios = [1, 2, 3, 4, 5, 6].map((d) => ({ dia_semana: d, hora_inicio: '08:00', hora_fin: '18:00' }));
    await a.inject({
      method: 'PUT',
      url: citasPaths.horarios(doctor.id),
      headers: asistente.headers,
      payload: { horarios },
    });
    const dia = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const libres = await a.inject({
      method: 'GET',
      url: `${citasPaths.disponibilidad}?doctor_id=${doctor.id}&desde=${dia(2)}&hasta=${dia(9)}`,
    });
    const socket = await conectarA(paciente.token);
    const llega = new Promise<NotificacionEvento>((r) => socket.once('nuevaNotificacion', r));
    const res = await a.inject({
      method: 'POST',
      url: citasPaths.crear,
      headers: asistente.headers,
      payload: {
        doctor_id: doctor.id,
        paciente_id: paciente.id,
        inicio: (libres.json() as { inicio: string }[])[0]!.inicio,
      },
    });
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
});
