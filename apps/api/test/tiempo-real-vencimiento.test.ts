// Sessions and sockets agree (issue 21.7): a socket is closed, with a reason the client can read, once its session
// ends by time (30 min idle, 12 h absolute; lib/sesion-reglas.ts), the same moment REST starts answering 401; a
// renewal through REST, on this instance or another one on the same database, keeps it open while the person is
// active. The app's clock is moved by the test; the sweep is run at once with app.revisarTiempoReal().
import type { FastifyInstance } from 'fastify';
import { io as conectar } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MotivoDesconexion } from '@clinica/contracts/events';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { buildApp } from '../src/app.ts';
import { ABSOLUTE_MS } from '../src/lib/sesion-reglas.ts';
import { createTestApp, testConfig, type TestContext } from './helpers.ts';
import { crearUsuario, otraSesion, type UsuarioDePrueba } from './auth-helpers.ts';
import type { Cliente } from './cliente-en-vivo.ts';
import { crearReloj } from './usuarios-fixtures.ts';

const MIN = 60_000;
const reloj = crearReloj(new Date());
let t: TestContext;
let url: string;
const abiertos: Cliente[] = [];

const direccion = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = direccion(t.app);
});
afterEach(() => {
  for (const s of abiertos.splice(0)) s.disconnect();
});
afterAll(() => t.close());

const dentroDe = <T>(p: Promise<T>, ms = 10_000) =>
  Promise.race([p, new Promise<never>((_, r) => setTimeout(() => r(new Error('tiempo agotado')), ms))]);

/** A connected socket of `u`, and what it heard: the reasons it was given and how it was closed. */
async function conectado(u: UsuarioDePrueba, base = url) {
  const s: Cliente = conectar(base, { transports: ['websocket'], reconnection: false, auth: { token: u.token } });
  abiertos.push(s);
  const motivos: MotivoDesconexion[] = [];
  s.on('desconexion', (m) => motivos.push(m));
  const cierre = new Promise<string>((resolve) => s.once('disconnect', resolve));
  await dentroDe(
    new Promise<void>((resolve, reject) => {
      s.once('connect', resolve);
      s.once('connect_error', reject);
    }),
  );
  return { s, motivos, cierre };
}

/** Whether `s` still hears its own notifications: one is published now and must arrive. */
async function oye(app: FastifyInstance, s: Cliente, usuarioId: number, id: number) {
  const llega = new Promise<number>((resolve) => s.on('nuevaNotificacion', (n) => n.id === id && resolve(n.id)));
  app.services.enVivo.publicar('notificacion', {
    usuarioId,
    notificacion: { id, mensaje: 'Tu cita quedó confirmada', leida: false },
  });
  return dentroDe(llega);
}

const perfil = (u: UsuarioDePrueba, app = t.app) =>
  app.inject({ method: 'GET', url: usuariosPaths.perfil, headers: u.headers });

async function renovar(u: UsuarioDePrueba, app = t.app): Promise<UsuarioDePrueba> {
  const res = await app.inject({ method: 'POST', url: usuariosPaths.renovarSesion, headers: u.headers });
  expect(res.statusCode).toBe(200);
  const { token } = res.json<{ token: string }>();
  return { ...u, token, headers: { authorization: `Bearer ${token}` } };
}

describe('a socket ends with its session', () => {
  it('idle for 30 minutes: closed with SESION_VENCIDA, when REST answers 401; until then it hears everything', async () => {
    const u = await crearUsuario(t.database, 'paciente', { now: reloj.now() });
    const { s, motivos, cierre } = await conectado(u);

    reloj.avanzar(29 * MIN);
    await t.app.revisarTiempoReal();
    expect((await perfil(u)).statusCode).toBe(200);
    expect(await oye(t.app, s, u.id, -1)).toBe(-1);

    reloj.avanzar(2 * MIN);
    expect((await perfil(u)).statusCode).toBe(401);
    await t.app.revisarTiempoReal();
    expect(await dentroDe(cierre)).toBe('io server disconnect');
    expect(motivos).toEqual([{ codigo: 'SESION_VENCIDA', mensaje: expect.stringMatching(/^Tu sesión terminó/) }]);
    // Its token no longer connects either.
    const otra = conectar(url, { transports: ['websocket'], reconnection: false, auth: { token: u.token } });
    abiertos.push(otra);
    expect(await dentroDe(new Promise((r) => otra.once('connect_error', (e) => r(e.message))))).toBe('NO_AUTENTICADO');
  });

  it('renewed through REST while the person is active: kept open past the first window, closed after the last', async () => {
    let u = await crearUsuario(t.database, 'doctor', { now: reloj.now() });
    const { s, motivos, cierre } = await conectado(u);

    reloj.avanzar(25 * MIN);
    u = await renovar(u);
    reloj.avanzar(25 * MIN); // 50 min after sign-in, 25 after the renewal
    await t.app.revisarTiempoReal();
    expect((await perfil(u)).statusCode).toBe(200);
    expect(await oye(t.app, s, u.id, -2)).toBe(-2);
    expect(motivos).toEqual([]);

    reloj.avanzar(6 * MIN); // 31 min after the renewal
    await t.app.revisarTiempoReal();
    expect(await dentroDe(cierre)).toBe('io server disconnect');
    expect(motivos.map((m) => m.codigo)).toEqual(['SESION_VENCIDA']);
    expect((await perfil(u)).statusCode).toBe(401);
  });

  it('active all day: closed at the absolute end (12 h) although renewed every 25 minutes', async () => {
    let u = await crearUsuario(t.database, 'asistente', { now: reloj.now() });
    const inicio = reloj.now().getTime();
    const { s, motivos, cierre } = await conectado(u);
    while (reloj.now().getTime() + 25 * MIN < inicio + ABSOLUTE_MS) {
      reloj.avanzar(25 * MIN);
      u = await renovar(u);
      await t.app.revisarTiempoReal();
      expect(s.connected).toBe(true);
    }
    expect(await oye(t.app, s, u.id, -3)).toBe(-3);
    reloj.avanzar(inicio + ABSOLUTE_MS - reloj.now().getTime());
    expect((await perfil(u)).statusCode).toBe(401);
    await t.app.revisarTiempoReal();
    expect(await dentroDe(cierre)).toBe('io server disconnect');
    expect(motivos.map((m) => m.codigo)).toEqual(['SESION_VENCIDA']);
  });

  it("only the ended session's sockets: the same person's other session and other people stay connected", async () => {
    const a = await crearUsuario(t.database, 'paciente', { now: reloj.now() });
    const otra = await crearUsuario(t.database, 'paciente', { now: reloj.now() });
    const vencida = await conectado(a);
    const segunda = await conectado(a);
    reloj.avanzar(20 * MIN);
    // A second sign-in of the same person 20 minutes later, and someone else who keeps renewing.
    const nueva = await otraSesion(t.database, a, { now: reloj.now() });
    const deNueva = await conectado(nueva);
    const deOtra = await conectado(await renovar(otra));
    reloj.avanzar(11 * MIN);
    await t.app.revisarTiempoReal();
    expect(await dentroDe(vencida.cierre)).toBe('io server disconnect');
    expect(await dentroDe(segunda.cierre)).toBe('io server disconnect');
    expect(await oye(t.app, deNueva.s, a.id, -4)).toBe(-4);
    expect(await oye(t.app, deOtra.s, otra.id, -5)).toBe(-5);
    expect([deNueva.motivos, deOtra.motivos]).toEqual([[], []]);
  });
});

describe('two instances on one database', () => {
  it("a renewal through B keeps A's socket; A closes it once the renewed window ends", async () => {
    const config = testConfig();
    const b = await buildApp({ config, database: t.database, now: reloj.now, esperar: async () => {} });
    try {
      await b.ready();
      let u = await crearUsuario(t.database, 'paciente', { now: reloj.now() });
      const { s, motivos, cierre } = await conectado(u);
      // A reads the session (cached there) when the socket connects; B renews it.
      reloj.avanzar(25 * MIN);
      u = await renovar(u, b);
      reloj.avanzar(25 * MIN);
      await t.app.revisarTiempoReal();
      expect(await oye(t.app, s, u.id, -6)).toBe(-6);
      reloj.avanzar(6 * MIN);
      expect((await perfil(u, b)).statusCode).toBe(401);
      await t.app.revisarTiempoReal();
      expect(await dentroDe(cierre)).toBe('io server disconnect');
      expect(motivos.map((m) => m.codigo)).toEqual(['SESION_VENCIDA']);
    } finally {
      await b.close();
    }
  });
});
