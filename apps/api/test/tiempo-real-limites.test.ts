// One patient cannot stall the clinic through the live connection (issue 21.2): socket events are limited per
// socket and per user, a socket that floods is closed with a reason the client can read, refused events are
// counted into at most one audit row per user per minute (never one per event), and one user holds at most
// MAX_SOCKETS_POR_USUARIO sockets on an instance. The app's clock stands still unless the test moves it, so the
// buckets never refill behind the test's back and the counts are exact.
import { and, eq, like } from 'drizzle-orm';
import { io as conectar } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MotivoDesconexion } from '@clinica/contracts/events';
import { auditoria } from '../src/db/schema/index.ts';
import { salaUsuario } from '../src/plugins/tiempo-real.ts';
import {
  EVENTOS_POR_SOCKET,
  EVENTOS_POR_USUARIO,
  MAX_RECHAZOS_POR_SOCKET,
  MAX_SOCKETS_POR_USUARIO,
  VENTANA_AUDITORIA_MS,
} from '../src/plugins/tiempo-real-limites.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { crearUsuario, crearUsuarios, type UsuarioDePrueba } from './auth-helpers.ts';
import { hasta, type Cliente } from './cliente-en-vivo.ts';
import { crearReloj } from './usuarios-fixtures.ts';

const reloj = crearReloj(new Date());
let t: TestContext;
let url: string;
const abiertos: Cliente[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterEach(() => {
  for (const s of abiertos.splice(0)) s.disconnect();
});
afterAll(() => t.close());

const dentroDe = <T>(p: Promise<T>, ms = 20_000) =>
  Promise.race([p, new Promise<never>((_, r) => setTimeout(() => r(new Error('tiempo agotado')), ms))]);

type Intento = { s: Cliente; motivos: MotivoDesconexion[]; cierre: Promise<string> };
/** Opens a socket of `u`; resolves with it once connected, or with the refusal's message and data. */
function abrir(u: UsuarioDePrueba) {
  const s: Cliente = conectar(url, { transports: ['websocket'], reconnection: false, auth: { token: u.token } });
  abiertos.push(s);
  const motivos: MotivoDesconexion[] = [];
  s.on('desconexion', (m) => motivos.push(m));
  const cierre = new Promise<string>((resolve) => s.once('disconnect', resolve));
  return dentroDe(
    new Promise<{ ok: Intento } | { negativa: { message: string; data: unknown } }>((resolve) => {
      s.once('connect', () => resolve({ ok: { s, motivos, cierre } }));
      s.once('connect_error', (e) =>
        resolve({ negativa: { message: e.message, data: (e as { data?: unknown }).data } }),
      );
    }),
  );
}
async function conectado(u: UsuarioDePrueba): Promise<Intento> {
  const r = await abrir(u);
  if (!('ok' in r)) throw new Error(`conexión rechazada: ${r.negativa.message}`);
  return r.ok;
}

/** `s` hears a notification published now for its user (the path of every live notification). */
function oye(s: Cliente, usuarioId: number, id: number) {
  const llega = new Promise<number>((resolve) => s.on('nuevaNotificacion', (n) => n.id === id && resolve(n.id)));
  t.app.services.enVivo.publicar('notificacion', {
    usuarioId,
    notificacion: { id, mensaje: 'Tu cita quedó confirmada', leida: false },
  });
  return dentroDe(llega);
}

const filasSocket = (usuarioId: number) =>
  t.database.db
    .select({ accion: auditoria.accion, recursoId: auditoria.recurso_id, detalle: auditoria.detalle })
    .from(auditoria)
    .where(and(eq(auditoria.usuario_id, usuarioId), like(auditoria.accion, 'socket.%')))
    .orderBy(auditoria.id);

/** What the rows of a user say was counted, added up. */
function sumar(filas: { detalle: string | null }[]) {
  const total = { ajenos: 0, rechazados: 0, cerradas: 0, negadas: 0 };
  const de = (d: string, re: RegExp) => Number(re.exec(d)?.[1] ?? 0);
  for (const { detalle } of filas) {
    const d = detalle ?? '';
    if (d === 'id ajeno') total.ajenos += 1;
    total.ajenos += de(d, /^id ajeno \((\d+) veces/) + de(d, /(\d+) registros? con id ajeno/);
    total.rechazados += de(d, /(\d+) eventos? rechazados? por exceso/);
    total.cerradas += de(d, /(\d+) conexi(?:ón|ones) cerradas? por exceso de eventos/);
    total.negadas += de(d, /(\d+) conexi(?:ón|ones) rechazadas? por exceso de conexiones/);
  }
  return total;
}

/** Moves the clock past the audit window and runs the sweep, which writes what was counted meanwhile. */
async function pasaLaVentana() {
  reloj.avanzar(VENTANA_AUDITORIA_MS + 1_000);
  await t.app.revisarTiempoReal();
}

describe('a flood of events', () => {
  it("5,000 registrarPaciente with someone else's id: socket closed, two audit rows, others unaffected", async () => {
    const [atacante, victima, otra] = await crearUsuarios(t.database, ['paciente', 'paciente', 'paciente']);
    const deOtra = await conectado(otra);
    const ataque = await conectado(atacante);

    for (let i = 0; i < 5_000; i++) ataque.s.emit('registrarPaciente', victima.id);
    // Meanwhile another patient's notification still arrives.
    expect(await oye(deOtra.s, otra.id, -1)).toBe(-1);
    expect(await dentroDe(ataque.cierre)).toBe('io server disconnect');
    expect(ataque.motivos).toEqual([
      { codigo: 'DEMASIADOS_EVENTOS', mensaje: expect.stringMatching(/^Tu conexión en vivo envió demasiados/) },
    ]);
    expect(deOtra.s.connected).toBe(true);

    // Back at once, flooding again: closed again after its own burst, and still no new row.
    const otraVez = await conectado(atacante);
    for (let i = 0; i < 5_000; i++) otraVez.s.emit('registrarDoctor', victima.id);
    expect(await dentroDe(otraVez.cierre)).toBe('io server disconnect');
    expect(otraVez.motivos.map((m) => m.codigo)).toEqual(['DEMASIADOS_EVENTOS']);

    // One row at the first incident; everything after it is only counted until the window ends.
    await hasta(async () => (await filasSocket(atacante.id)).length > 0, 'el primer incidente no quedó auditado');
    expect(await filasSocket(atacante.id)).toHaveLength(1);
    await pasaLaVentana();
    await hasta(async () => (await filasSocket(atacante.id)).length > 1, 'el resumen no quedó auditado');
    const filas = await filasSocket(atacante.id);
    expect(filas).toHaveLength(2);
    expect(filas[1]!.accion).toBe('socket.limite');
    // Between them: each socket's refusals until it was closed, both closings, and at most each socket's burst of
    // foreign ids (admitted ones still queued when their socket closed are dropped unheard).
    const total = sumar(filas);
    expect(total.rechazados).toBe(2 * MAX_RECHAZOS_POR_SOCKET);
    expect(total.cerradas).toBe(2);
    expect(total.ajenos).toBeLessThanOrEqual(2 * EVENTOS_POR_SOCKET.rafaga);
    // Nothing more to write: the next sweep adds no row.
    await pasaLaVentana();
    expect(await filasSocket(atacante.id)).toHaveLength(2);
    expect(await filasSocket(victima.id)).toEqual([]);
    expect(await oye(deOtra.s, otra.id, -2)).toBe(-2);
  });

  it("the user's bucket spans her sockets: events past its burst are refused whichever socket sends them", async () => {
    const u = await crearUsuario(t.database, 'doctor');
    // Counts what the server has received of this user's sockets: the limit runs in the same turn as each packet
    // arrives, so once all are counted all were judged (and the clock may move without refilling a bucket early).
    let recibidos = 0;
    const contar = (socket: {
      data: { usuario?: { id: number } };
      conn: { on(e: 'packet', f: (p: { type: string }) => void): unknown };
    }) => {
      if (socket.data.usuario?.id === u.id) socket.conn.on('packet', (p) => p.type === 'message' && recibidos++);
    };
    t.app.tiempoReal.on('connection', contar);
    const sockets = [await conectado(u), await conectado(u), await conectado(u), await conectado(u)];
    // Each socket stays within its own burst; together they pass the user's by a few.
    for (const { s } of sockets) for (let i = 0; i < EVENTOS_POR_SOCKET.rafaga; i++) s.emit('registrarDoctor', u.id);
    const enviados = sockets.length * EVENTOS_POR_SOCKET.rafaga;
    const rechazados = enviados - EVENTOS_POR_USUARIO.rafaga;
    expect(rechazados).toBeGreaterThan(0);
    await hasta(() => recibidos === enviados, 'el servidor no recibió todos los eventos');
    t.app.tiempoReal.off('connection', contar);
    await hasta(async () => (await filasSocket(u.id)).length > 0, 'el primer rechazo no quedó auditado');
    await pasaLaVentana();
    await hasta(async () => (await filasSocket(u.id)).length > 1, 'el resumen no quedó auditado');
    const filas = await filasSocket(u.id);
    expect(filas.map((f) => f.accion)).toEqual(['socket.limite', 'socket.limite']);
    expect(sumar(filas)).toEqual({ ajenos: 0, rechazados, cerradas: 0, negadas: 0 });
    // Below the per-socket threshold: nobody was closed.
    expect(sockets.every(({ s }) => s.connected)).toBe(true);
  });
});

describe('sockets per user', () => {
  it(`the ${MAX_SOCKETS_POR_USUARIO + 1}th socket of one user is refused with a reason; others connect; a closed one frees its place`, async () => {
    const [u, otra] = [await crearUsuario(t.database, 'paciente'), await crearUsuario(t.database, 'paciente')];
    // All at once: the places are taken as each handshake is accepted, not when the sockets are counted later.
    const intentos = await Promise.all(Array.from({ length: MAX_SOCKETS_POR_USUARIO + 5 }, () => abrir(u)));
    const aceptados = intentos.flatMap((r) => ('ok' in r ? [r.ok] : []));
    const negativas = intentos.flatMap((r) => ('negativa' in r ? [r.negativa] : []));
    expect(aceptados).toHaveLength(MAX_SOCKETS_POR_USUARIO);
    expect(negativas).toHaveLength(5);
    for (const n of negativas) {
      expect(n).toEqual({
        message: 'DEMASIADAS_CONEXIONES',
        data: { codigo: 'DEMASIADAS_CONEXIONES', mensaje: expect.stringMatching(/^Tienes demasiadas pestañas/) },
      });
    }
    expect(await oye(aceptados[0]!.s, u.id, -20)).toBe(-20);
    // Another person is not affected.
    const deOtra = await conectado(otra);
    expect(await oye(deOtra.s, otra.id, -21)).toBe(-21);

    aceptados[0]!.s.disconnect();
    await hasta(
      async () => (await t.app.tiempoReal.in(salaUsuario(u.id)).fetchSockets()).length < MAX_SOCKETS_POR_USUARIO,
      'el servidor no notó el cierre',
    );
    const nueva = await conectado(u);
    expect(await oye(nueva.s, u.id, -22)).toBe(-22);
    expect('negativa' in (await abrir(u))).toBe(true);

    // The refusals are counted, not written one by one.
    await hasta(async () => (await filasSocket(u.id)).length > 0, 'la primera negativa no quedó auditada');
    expect(await filasSocket(u.id)).toEqual([
      { accion: 'socket.limite', recursoId: null, detalle: '1 conexión rechazada por exceso de conexiones' },
    ]);
    await pasaLaVentana();
    await hasta(async () => (await filasSocket(u.id)).length > 1, 'el resumen no quedó auditado');
    expect((await filasSocket(u.id))[1]!.detalle).toBe('5 conexiones rechazadas por exceso de conexiones');
  });
});
