// QUALITY security: "Logs hold no passwords, tokens or clinical text". The app runs with the logger the
// real server uses (pino, REDACT from lib/registro.ts, same censor as src/server.ts) at level trace, writing to
// memory; identity flows and failing writes must leave no password, token, session id or argon2 hash.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { buildApp } from '../src/app.ts';
import { REDACT } from '../src/lib/registro.ts';
import type { Database } from '../src/db/client.ts';
import { registroEnMemoria } from './registro-en-memoria.ts';
import { createTestDatabase, testConfig, inyectar } from './helpers.ts';
import { registro } from './usuarios-fixtures.ts';
import { crearUsuario } from './auth-helpers.ts';

const lineas: string[] = [];
const memoria = registroEnMemoria(lineas);
const log = () => lineas.join('');

let app: FastifyInstance;
let database: Database & { drop(): Promise<void> };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig(),
    database,
    // Same options as src/server.ts (minus the pretty transport), at the most verbose level.
    logger: { level: 'trace', redact: { paths: REDACT, censor: '[oculto]' }, stream: memoria },
  });
  // A route that logs the shapes code is tempted to log: headers and body. Redaction must hide secrets.
  app.post('/prueba/eco', { config: { auth: 'publico' } }, async (request) => {
    request.log.info({ headers: request.headers, body: request.body }, 'eco de prueba');
    request.log.info({ req: { headers: request.headers }, datos: request.body }, 'eco anidado');
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

/** Everything that must never be written to a log line. */
function secretosEn(texto: string, secretos: string[]): string[] {
  const hallados = secretos.filter((s) => s && texto.includes(s));
  for (const marca of ['Bearer ey', '$argon2', 'contrasena_hash"']) if (texto.includes(marca)) hallados.push(marca);
  return hallados;
}

describe('what the logs hold', () => {
  const secretos: string[] = [];

  it('sign-up, sign-in, password change and bearer calls leave no secret in the logs', async () => {
    lineas.length = 0;
    const clave1 = 'Clave-de-registro-muy-secreta-4821';
    const clave2 = 'Clave-nueva-tambien-secreta-9377';
    const claveMala = 'Intento-equivocado-secreto-1150';
    const datos = registro({ contrasena: clave1 });
    secretos.push(clave1, clave2, claveMala);

    const reg = await app.inject({ method: 'POST', url: usuariosPaths.registrar, payload: datos });
    expect(reg.statusCode).toBe(201);
    // A refused registration that echoes nothing either (password built from the e-mail).
    const otro = registro();
    const claveRechazada = `${otro.correo}-secreta`;
    const rechazo = await app.inject({
      method: 'POST',
      url: usuariosPaths.registrar,
      payload: { ...otro, contrasena: claveRechazada },
    });
    expect(rechazo.statusCode).toBe(400);
    secretos.push(claveRechazada);

    const mala = await app.inject({
      method: 'POST',
      url: usuariosPaths.iniciarSesion,
      payload: { correo: datos.correo, contrasena: claveMala },
    });
    expect(mala.statusCode).toBe(401);
    const ok = await app.inject({
      method: 'POST',
      url: usuariosPaths.iniciarSesion,
      payload: { correo: datos.correo, contrasena: clave1 },
    });
    expect(ok.statusCode).toBe(200);
    const token = ok.json<{ token: string }>().token;
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    secretos.push(token, sid, token.split('.')[2]!);
    const auth = { authorization: `Bearer ${token}` };

    expect((await inyectar(app, 'GET', usuariosPaths.perfil, auth)).statusCode).toBe(200);
    const renovado = await inyectar(app, 'POST', usuariosPaths.renovarSesion, auth);
    expect(renovado.statusCode).toBe(200);
    secretos.push(renovado.json<{ token: string }>().token);

    const cambioMalo = await inyectar(app, 'PATCH', usuariosPaths.perfilContrasena, auth, {
      contrasena_actual: claveMala,
      contrasena_nueva: clave2,
    });
    expect(cambioMalo.statusCode).toBe(400);
    const cambio = await inyectar(app, 'PATCH', usuariosPaths.perfilContrasena, auth, {
      contrasena_actual: clave1,
      contrasena_nueva: clave2,
    });
    expect(cambio.statusCode).toBe(200);

    // A tampered token and a token in a header with a body that names passwords.
    const falso = `${token.slice(0, -4)}AAAA`;
    secretos.push(falso);
    expect((await inyectar(app, 'GET', usuariosPaths.perfil, { authorization: `Bearer ${falso}` })).statusCode).toBe(
      401,
    );
    await inyectar(app, 'POST', usuariosPaths.cerrarSesion, auth);

    const hashes = (await database.db.execute(sql`select contrasena_hash from usuarios`)) as unknown as
      { rows: { contrasena_hash: string }[] } | { contrasena_hash: string }[];
    const filas = Array.isArray(hashes) ? hashes : hashes.rows;
    expect(filas.length).toBeGreaterThan(0);
    secretos.push(...filas.map((f) => f.contrasena_hash));

    const texto = log();
    // The logger did run at trace level: requests and the refused ones are there.
    expect(texto).toContain('incoming request');
    expect(texto).toContain('solicitud rechazada');
    expect(secretosEn(texto, secretos)).toEqual([]);
  });

  it('redaction hides authorization and passwords when code logs headers or bodies', async () => {
    lineas.length = 0;
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.firma-secreta-de-prueba';
    const res = await app.inject({
      method: 'POST',
      url: '/prueba/eco',
      headers: { authorization: `Bearer ${token}`, cookie: 'sesion=galleta-secreta' },
      payload: {
        contrasena: 'clave-en-el-cuerpo-1',
        contrasena_actual: 'clave-actual-2',
        contrasena_nueva: 'clave-nueva-3',
        token: 'token-en-cuerpo',
      },
    });
    expect(res.statusCode).toBe(200);
    const texto = log();
    expect(texto).toContain('eco de prueba');
    expect(texto).toContain('[oculto]');
    expect(
      secretosEn(texto, [
        token,
        'galleta-secreta',
        'clave-en-el-cuerpo-1',
        'clave-actual-2',
        'clave-nueva-3',
        'token-en-cuerpo',
      ]),
    ).toEqual([]);
  });

  it('a failing write logs the error without its query parameters (hashes, personal data)', async () => {
    // Every write of a password hash fails inside the database, as a lost connection or a broken
    // constraint would: the 5xx is logged, and Drizzle puts every query parameter in its error message.
    await database.db.execute(sql`
      create or replace function fallo_simulado() returns trigger language plpgsql as $$
      begin raise exception 'fallo simulado' using errcode = 'XX000'; end $$`);
    await database.db.execute(sql`
      create trigger fallo_simulado before insert or update of contrasena_hash on usuarios
      for each row execute function fallo_simulado()`);
    lineas.length = 0;
    const clave = 'Clave-que-no-llega-a-la-base-5512';
    const datos = registro({ contrasena: clave, nombre: 'Persona Con Nombre Privado' });
    const res = await app.inject({ method: 'POST', url: usuariosPaths.registrar, payload: datos });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'ERROR_INTERNO' });
    await database.db.execute(sql`drop trigger fallo_simulado on usuarios`);

    const texto = log();
    expect(texto).toContain('error no controlado');
    // The log still says what failed (the query and PostgreSQL's code), just not with which values.
    expect(texto).toContain('insert into');
    expect(texto).toContain('XX000');
    expect(secretosEn(texto, [clave, datos.correo, datos.numerodocumento, 'Persona Con Nombre Privado'])).toEqual([]);
  });

  it('request logs carry the path without the query: searched documents, names and e-mails never reach them', async () => {
    const admin = await crearUsuario(database, 'administrador');
    lineas.length = 0;
    const busquedas = ['1020304050', 'maria.secreta@correo.co', 'Ximena Quintero'];
    for (const q of busquedas) {
      const res = await inyectar(
        app,
        'GET',
        `${usuariosPaths.listar}?q=${encodeURIComponent(q)}&rol=paciente`,
        admin.headers,
      );
      expect(res.statusCode).toBe(200);
    }
    const texto = log();
    expect(texto).toContain(`"url":"${usuariosPaths.listar}"`);
    expect(secretosEn(texto, [...busquedas, encodeURIComponent(busquedas[1]!), 'q='])).toEqual([]);
  });
});

describe('one access line per request', () => {
  it('at info: a single "request completed" line with method, path without the query, status and time', async () => {
    const lineasInfo: string[] = [];
    const info = await buildApp({
      config: testConfig(),
      database,
      logger: {
        level: 'info',
        redact: { paths: REDACT, censor: '[oculto]' },
        stream: registroEnMemoria(lineasInfo),
      },
    });
    try {
      await info.ready();
      lineasInfo.length = 0;
      const r = await inyectar(info, 'GET', '/salud?sonda=balanceador');
      expect(r.statusCode).toBe(200);
      const registros = lineasInfo.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(registros).toHaveLength(1);
      expect(registros[0]).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url: '/salud' },
        res: { statusCode: 200 },
      });
      expect(typeof registros[0]!.responseTime).toBe('number');
      expect(lineasInfo.join('')).not.toContain('sonda');
      // The same fields, in the same order, as a line of the request's own logger (issue 26: written without it).
      expect(Object.keys(registros[0]!)).toEqual([
        'level',
        'time',
        'pid',
        'hostname',
        'reqId',
        'req',
        'res',
        'responseTime',
        'msg',
      ]);
      expect(registros[0]!.req).toEqual({ method: 'GET', url: '/salud', remoteAddress: '127.0.0.1' });

      // A request that logs on its own (a rejection) does it under the same request id as its access line.
      lineasInfo.length = 0;
      const rechazada = await inyectar(info, 'POST', usuariosPaths.iniciarSesion, { correo: 'x' });
      expect(rechazada.statusCode).toBe(400);
      const dos = lineasInfo.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(dos.map((l) => l.msg)).toEqual(['solicitud rechazada', 'request completed']);
      expect(dos[0]!.reqId).toBe(dos[1]!.reqId);
      expect(dos[1]).toMatchObject({ res: { statusCode: 400 } });
    } finally {
      await info.close();
    }
  });

  it('above info: no access line, and a request that logs an error still writes it, redacted', async () => {
    const lineasWarn: string[] = [];
    const warn = await buildApp({
      config: testConfig(),
      database,
      logger: { level: 'warn', redact: { paths: REDACT, censor: '[oculto]' }, stream: registroEnMemoria(lineasWarn) },
    });
    warn.get('/prueba/falla', { config: { auth: 'publico' } }, async (request) => {
      request.log.warn({ datos: { token: 'token-que-no-se-ve' } }, 'aviso de prueba');
      request.log.info('no se escribe a nivel warn');
      return { ok: true };
    });
    try {
      await warn.ready();
      lineasWarn.length = 0;
      expect((await inyectar(warn, 'GET', '/salud')).statusCode).toBe(200);
      expect((await inyectar(warn, 'GET', '/prueba/falla')).statusCode).toBe(200);
      const registros = lineasWarn.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(registros).toHaveLength(1);
      expect(registros[0]).toMatchObject({ level: 40, msg: 'aviso de prueba', datos: { token: '[oculto]' } });
      expect(typeof registros[0]!.reqId).toBe('string');
      expect(lineasWarn.join('')).not.toContain('token-que-no-se-ve');
    } finally {
      await warn.close();
    }
  });
});
