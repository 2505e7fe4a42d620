// Password recovery (issue 10.7; QUALITY.md "Password recovery"): the same answer for every address, a link by
// e-mail that works once and for 30 minutes, every session revoked, rate limits, audit rows, and the token never
// in the logs nor in the outbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as conectar } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MENSAJE_RECUPERACION_SOLICITADA, recuperacionPaths as rutas } from '@clinica/contracts/recuperacion';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { buildApp } from '../src/app.ts';
import { REDACT } from '../src/lib/registro.ts';
import type { Database } from '../src/db/client.ts';
import { auditoria, bandejaSalida, usuarios } from '../src/db/schema/index.ts';
import {
  LIMITE_ENLACES_FALLIDOS_IP,
  LIMITE_SOLICITUDES_CORREO,
  MARCA_ENLACE_RECUPERACION,
} from '../src/features/usuarios/recuperacion.service.ts';
import { carpetaCorreos, createMailer, mensajesMbox, type Correo } from '../src/platform/correo.ts';
import { createTestDatabase, testConfig } from './helpers.ts';
import { registroEnMemoria } from './registro-en-memoria.ts';
import { directorioTemporal } from './temporales.ts';
import { bearer, CLAVE, crearReloj, crearUsuario, sesionPara } from './usuarios-fixtures.ts';

const reloj = crearReloj(new Date(Date.now() + 60 * 60 * 1000));
const dataDir = directorioTemporal('clinica-recuperacion');
const config = testConfig({ dataDir, urlPublica: 'https://citas.clinica.test' });
const archivo = createMailer({ smtpUrl: undefined, remitente: config.correoRemitente, dataDir });
const enviados: Correo[] = [];
const lineas: string[] = [];
let database: Database & { drop(): Promise<void> };
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config,
    database,
    now: reloj.now,
    intervaloBandejaMs: 0,
    // The real file transport (DATA_DIR/correos), watched.
    mailer: {
      async enviar(c) {
        enviados.push(c);
        await archivo.enviar(c);
      },
    },
    logger: {
      level: 'trace',
      redact: { paths: REDACT, censor: '[oculto]' },
      stream: registroEnMemoria(lineas),
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});
beforeEach(() => {
  enviados.length = 0;
});

let ipSecuencia = 0;
/** A client address of its own per test, so address limits of one test never reach another. */
const ipNueva = () => `198.51.100.${++ipSecuencia}`;

const solicitar = (correo: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: rutas.solicitar, payload: { correo }, remoteAddress });
const restablecer = (token: string, contrasena: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: rutas.restablecer, payload: { token, contrasena }, remoteAddress });
const iniciar = (correo: string, contrasena: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: usuariosPaths.iniciarSesion, payload: { correo, contrasena }, remoteAddress });
const perfil = (token: string) => app.inject({ method: 'GET', url: usuariosPaths.perfil, headers: bearer(token) });

/** Delivers the outbox: the request row, then the e-mail it queued. */
const despachar = () => app.services.despachador.despachar();

/** The token of the last recovery e-mail sent to `para`. */
function tokenEnviadoA(para: string): string {
  const correo = enviados.filter((c) => c.para === para).at(-1);
  const m = /https:\/\/citas\.clinica\.test\/restablecercontrasena#token=(\S+)/.exec(correo?.texto ?? '');
  if (!m?.[1]) throw new Error(`sin enlace para ${para}`);
  return m[1];
}

/** Asks for a recovery link from `ip` and delivers the e-mail; the token it carries. */
async function enlacePedido(correo: string, ip: string): Promise<string> {
  await solicitar(correo, ip);
  await despachar();
  return tokenEnviadoA(correo);
}

const auditoriaDe = (accion: string, usuarioId?: number) =>
  database.db
    .select()
    .from(auditoria)
    .where(
      usuarioId ? and(eq(auditoria.accion, accion), eq(auditoria.usuario_id, usuarioId)) : eq(auditoria.accion, accion),
    );

const NUEVA = 'un colibrí en la ventana del consultorio';

describe('POST /apirecuperacion/solicitar', () => {
  it('answers the same for an existing and an unknown address, and only the account gets an e-mail', async () => {
    const u = await crearUsuario(database);
    const ip = ipNueva();
    const existe = await solicitar(u.correo.toUpperCase(), ip);
    const noExiste = await solicitar(`nadie.${u.id}@prueba.test`, ip);
    for (const res of [existe, noExiste]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ mensaje: MENSAJE_RECUPERACION_SOLICITADA });
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // Same headers apart from the date and the request's own counters.
    const sinVariables = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => !['date', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(k))
        .sort();
    expect(sinVariables(existe.headers)).toEqual(sinVariables(noExiste.headers));
    // The same work for both: one outbox row each, no lookup of the address before answering.
    const pedidos = await database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'recuperacion'));
    expect(pedidos.map((f) => (f.carga as { correo: string }).correo)).toEqual(
      expect.arrayContaining([u.correo, `nadie.${u.id}@prueba.test`]),
    );

    await despachar();
    expect(enviados.map((c) => c.para)).toEqual([u.correo]);
    expect(enviados[0]!.asunto).toMatch(/Restablece tu contraseña/);
    expect(enviados[0]!.texto).toMatch(/Hola, Usuario .*vence en 30 minutos/s);
    expect(enviados[0]!.texto).not.toContain(MARCA_ENLACE_RECUPERACION);
    const token = tokenEnviadoA(u.correo);

    // The outbox keeps the placeholder, never the link.
    const correos = await database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo'));
    const guardado = correos.find((f) => (f.carga as Correo).para === u.correo)!;
    expect(JSON.stringify(guardado.carga)).toContain(MARCA_ENLACE_RECUPERACION);
    expect(JSON.stringify(await database.db.select().from(bandejaSalida))).not.toContain(token);
    expect(guardado.entregada_en).not.toBeNull();

    // The day's mailbox under DATA_DIR/correos carries the link, in the message addressed to this user.
    const carpeta = carpetaCorreos(dataDir);
    const buzones = await readdir(carpeta);
    for (const b of buzones) expect(b).toMatch(/^\d{4}-\d{2}-\d{2}\.mbox$/);
    const mensajes = (await Promise.all(buzones.map((b) => readFile(path.join(carpeta, b), 'utf8')))).flatMap(
      mensajesMbox,
    );
    const suyo = mensajes.filter((m) => m.includes(`To: ${u.correo}`));
    expect(suyo).toHaveLength(1);
    const decodificado = suyo[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(decodificado).toContain(`https://citas.clinica.test/restablecercontrasena#token=${token}`);

    // Audited: both requests, and what the handler did with each.
    const pedidosAuditados = await auditoriaDe('contrasena.recuperar');
    expect(pedidosAuditados.some((a) => a.detalle?.includes(u.correo) && a.resultado === 'exito')).toBe(true);
    const envios = await auditoriaDe('contrasena.recuperar.enlace');
    expect(envios.some((a) => a.usuario_id === u.id && a.resultado === 'exito')).toBe(true);
    expect(envios.some((a) => a.usuario_id === null && a.resultado === 'fallo')).toBe(true);
  });

  it('sends nothing to a deactivated account, and its links are refused', async () => {
    const u = await crearUsuario(database);
    const ip = ipNueva();
    expect((await solicitar(u.correo, ip)).statusCode).toBe(202);
    await despachar();
    const token = tokenEnviadoA(u.correo);
    await database.db.update(usuarios).set({ estado: false }).where(eq(usuarios.id, u.id));

    expect((await solicitar(u.correo, ip)).statusCode).toBe(202);
    enviados.length = 0;
    await despachar();
    expect(enviados).toEqual([]);
    const res = await restablecer(token, NUEVA, ip);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'Tu cuenta está inactiva. Comunícate con la clínica.',
      code: 'USUARIO_INACTIVO',
    });
    expect((await auditoriaDe('contrasena.recuperar.enlace', u.id)).some((a) => a.resultado === 'fallo')).toBe(true);
  });

  it('pauses an address asked about too often with 429 and a Spanish message, whoever asks', async () => {
    const correo = `muchas.veces.${ipSecuencia}@prueba.test`;
    for (let i = 0; i < LIMITE_SOLICITUDES_CORREO.umbral; i++)
      expect((await solicitar(correo, ipNueva())).statusCode).toBe(202);
    const res = await solicitar(correo, ipNueva());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'Ya pediste varios enlaces para recuperar la contraseña. Espera 15 minutos e inténtalo de nuevo.',
      code: 'DEMASIADOS_INTENTOS',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const filas = await database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'contrasena.recuperar'), eq(auditoria.resultado, 'bloqueo')));
    expect(filas.some((a) => a.detalle?.includes(correo))).toBe(true);
    // After the pause, it may ask again.
    reloj.avanzar(16 * 60_000);
    expect((await solicitar(correo, ipNueva())).statusCode).toBe(202);
  });

  it('refuses a malformed address with the usual 400', async () => {
    const res = await solicitar('no-es-un-correo', ipNueva());
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ campo: 'correo', mensaje: 'Escribe un correo electrónico válido' }]);
  });
});

describe('POST /apirecuperacion/restablecer', () => {
  it('works once: new password, every session revoked, e-mail to the owner, audited; the second use is refused', async () => {
    const u = await crearUsuario(database);
    const ip = ipNueva();
    const sesiones = [await sesionPara(database, u, reloj.now()), await sesionPara(database, u, reloj.now())];
    const token = await enlacePedido(u.correo, ip);
    enviados.length = 0;

    const res = await restablecer(token, NUEVA, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json().mensaje).toMatch(/cambiamos tu contraseña y cerramos todas tus sesiones/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const s of sesiones) expect((await perfil(s.token)).statusCode).toBe(401);
    const revocadas = await database.db
      .select()
      .from(bandejaSalida)
      .where(eq(bandejaSalida.tipo, 'sesiones.revocadas'));
    expect(revocadas.map((f) => f.carga)).toContainEqual({ usuarioId: u.id, exceptoSid: null, motivo: 'contrasena' });
    await despachar();
    expect(enviados).toEqual([expect.objectContaining({ para: u.correo, asunto: expect.stringMatching(/se cambió/) })]);

    expect((await iniciar(u.correo, CLAVE, ip)).statusCode).toBe(401);
    expect((await iniciar(u.correo, NUEVA, ip)).statusCode).toBe(200);

    const otraVez = await restablecer(token, 'otra frase distinta para la cuenta', ip);
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json()).toEqual({
      error:
        'Este enlace ya se usó o no es válido. Pide uno nuevo desde «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
      code: 'ENLACE_INVALIDO',
    });
    expect((await iniciar(u.correo, NUEVA, ip)).statusCode).toBe(200);

    const filas = await auditoriaDe('contrasena.restablecer', u.id);
    expect(filas.map((a) => a.resultado).sort()).toEqual(['exito', 'fallo']);
    expect(filas.find((a) => a.resultado === 'fallo')?.detalle).toMatch(/ya usado/);
  });

  it("closes the user's live connections too (sesiones.revocadas reaches the socket)", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const u = await crearUsuario(database);
    const ip = ipNueva();
    const { token: sesion } = await sesionPara(database, u, reloj.now());
    const socket = conectar(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token: sesion },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const cerrado = new Promise<string>((resolve) => socket.once('disconnect', (r) => resolve(r)));
      expect((await restablecer(await enlacePedido(u.correo, ip), NUEVA, ip)).statusCode).toBe(200);
      await despachar();
      expect(await cerrado).toBe('io server disconnect');
    } finally {
      socket.disconnect();
    }
  });

  it('someone locked out by a forgotten password signs in at once after resetting it from the same address', async () => {
    const u = await crearUsuario(database);
    const ip = ipNueva();
    let res = await iniciar(u.correo, 'no me acuerdo de la clave', ip);
    for (let i = 1; res.statusCode === 401 && i < 10; i++)
      res = await iniciar(u.correo, 'no me acuerdo de la clave', ip);
    expect(res.statusCode).toBe(429);
    expect((await iniciar(u.correo, CLAVE, ip)).statusCode).toBe(429);
    expect((await restablecer(await enlacePedido(u.correo, ip), NUEVA, ip)).statusCode).toBe(200);
    expect((await iniciar(u.correo, NUEVA, ip)).statusCode).toBe(200);
  });

  it('two uses of one link at the same time: exactly one succeeds', async () => {
    const u = await crearUsuario(database);
    const ip = ipNueva();
    const token = await enlacePedido(u.correo, ip);
    const claves = [NUEVA, 'otra frase distinta para la cuenta'];
    const respuestas = await Promise.all(claves.map((c) => restablecer(token, c, ip)));
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    // Either may win the race; the winner's password is the account's, the loser's never was.
    const gana = respuestas.findIndex((r) => r.statusCode === 200);
    expect(respuestas[1 - gana]!.json().code).toBe('ENLACE_INVALIDO');
    expect((await iniciar(u.correo, claves[gana]!, ip)).statusCode).toBe(200);
    expect((await iniciar(u.correo, claves[1 - gana]!, ip)).statusCode).toBe(401);
    expect((await iniciar(u.correo, CLAVE, ip)).statusCode).toBe(401);
  });

  it('expires after 30 minutes of the injected clock', async () => {
    const u = await crearUsuario(database);
    const ip = ipNueva();
    const token = await enlacePedido(u.correo, ip);
    reloj.avanzar(30 * 60_000 + 1000);
    const res = await restablecer(token, NUEVA, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Este enlace venció: solo sirve durante 30 minutos. Pide uno nuevo desde «¿Olvidaste tu contraseña?».',
      code: 'ENLACE_VENCIDO',
    });
    expect((await iniciar(u.correo, CLAVE, ip)).statusCode).toBe(200);
    expect((await auditoriaDe('contrasena.restablecer', u.id)).map((a) => a.detalle)).toEqual(['enlace vencido']);
  });

  it('still works just before the 30 minutes are up', async () => {
    const u = await crearUsuario(database);
    const ip = ipNueva();
    await solicitar(u.correo, ip);
    await despachar();
    reloj.avanzar(29 * 60_000);
    expect((await restablecer(tokenEnviadoA(u.correo), NUEVA, ip)).statusCode).toBe(200);
  });

  it('refuses tampered tokens, and one issued for another account', async () => {
    const u = await crearUsuario(database);
    const otro = await crearUsuario(database);
    const ip = ipNueva();
    const token = await enlacePedido(u.correo, ip);
    const [v, , exp, firma] = token.split('.');
    const alterados = [
      `${v}.${otro.id}.${exp}.${firma}`,
      `${v}.${u.id}.${Number(exp) + 3600}.${firma}`,
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
      'r1.1.1.x',
      'cualquier cosa',
    ];
    for (const t of alterados) {
      const res = await restablecer(t, NUEVA, ip);
      expect(res.statusCode, t).toBe(400);
      expect(res.json().code).toBe('ENLACE_INVALIDO');
    }
    expect((await iniciar(otro.correo, CLAVE, ip)).statusCode).toBe(200);
  });

  it('applies the registration password rules to the new one', async () => {
    const u = await crearUsuario(database);
    const ip = ipNueva();
    const token = await enlacePedido(u.correo, ip);
    for (const [contrasena, mensaje] of [
      ['corta', 'La contraseña debe tener al menos 8 caracteres'],
      ['colombia123', expect.stringMatching(/común/)],
      [u.numerodocumento + 'abc', expect.stringMatching(/documento/)],
    ] as const) {
      const res = await restablecer(token, contrasena, ip);
      expect(res.statusCode, contrasena).toBe(400);
      expect(res.json().issues).toEqual([{ campo: 'contrasena', mensaje }]);
    }
    // The link survives a refused password.
    expect((await restablecer(token, NUEVA, ip)).statusCode).toBe(200);
  });

  it('pauses an address that keeps sending bad links (429, Spanish, audited)', async () => {
    const ip = ipNueva();
    for (let i = 1; i < LIMITE_ENLACES_FALLIDOS_IP.umbral; i++)
      expect((await restablecer(`r1.1.1.${'A'.repeat(43)}`, NUEVA, ip)).statusCode).toBe(400);
    const res = await restablecer(`r1.1.1.${'A'.repeat(43)}`, NUEVA, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'Demasiados enlaces no válidos desde esta conexión. Espera 15 minutos e inténtalo de nuevo.',
      code: 'DEMASIADOS_INTENTOS',
    });
    expect(res.headers['retry-after']).toBeDefined();
    // Even a good link waits out the pause from that address; another address is not affected.
    const u = await crearUsuario(database);
    await solicitar(u.correo, ipNueva());
    await despachar();
    const token = tokenEnviadoA(u.correo);
    expect((await restablecer(token, NUEVA, ip)).statusCode).toBe(429);
    expect((await restablecer(token, NUEVA, ipNueva())).statusCode).toBe(200);
    const bloqueos = await database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'contrasena.restablecer'), eq(auditoria.resultado, 'bloqueo')));
    expect(bloqueos.length).toBeGreaterThanOrEqual(2);
  });

  it('no token, link or new password ever reaches the logs', async () => {
    lineas.length = 0;
    const u = await crearUsuario(database);
    const ip = ipNueva();
    const token = await enlacePedido(u.correo, ip);
    await restablecer(token, NUEVA, ip);
    await restablecer(token, 'y otra frase más para probar', ip);
    await restablecer(`${token}x`, NUEVA, ip);
    const log = lineas.join('');
    expect(log).toContain(rutas.restablecer);
    for (const secreto of [token, token.split('.')[3]!, NUEVA, 'y otra frase más', '#token=', '$argon2'])
      expect(log.includes(secreto), secreto).toBe(false);
  });
});

describe('audit trail', () => {
  it('records requests with the address asked about, never the token', async () => {
    const filas = await database.db.select().from(auditoria).where(like(auditoria.accion, 'contrasena.%'));
    expect(filas.length).toBeGreaterThan(10);
    expect(filas.every((a) => !a.detalle?.includes('r1.'))).toBe(true);
  });
});
