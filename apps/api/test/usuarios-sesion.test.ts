// Sign-in, lockout, session renewal and sign-out, JWT negatives, own profile and password change.
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuariosPaths as rutas } from '@clinica/contracts/usuarios';
import { auditoria, sesiones, usuarios } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD, DEMO_USUARIOS, seedUsuarios } from '../src/seed/usuarios.ts';
import { ARGON2_PRODUCCION, createPasswordHasher } from '../src/lib/passwords.ts';
import { IDLE_MS } from '../src/lib/sesion-reglas.ts';
import { createTokens, JWT_AUDIENCE, JWT_ISSUER } from '../src/lib/tokens.ts';
import {
  createTestApp,
  esperasRegistradas,
  PREFIJO_HASH_PRUEBAS,
  testConfig,
  type TestContext,
  inyectar,
} from './helpers.ts';
import {
  bearer,
  CLAVE,
  crearReloj,
  crearUsuario,
  payloadDe,
  sesionPara,
  sinSecretos,
  tokensDePrueba,
} from './usuarios-fixtures.ts';

const MIN = 60_000;
const reloj = crearReloj(new Date());
let t: TestContext;
let ipSecuencia = 0;
/** Every test signs in from its own address so per-IP counters do not mix between tests. */
const ipNueva = () => `10.2.${Math.floor(++ipSecuencia / 250)}.${(ipSecuencia % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now });
});
afterAll(() => t.close());

const iniciar = (correo: string, contrasena: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: rutas.iniciarSesion, payload: { correo, contrasena }, remoteAddress });
const perfil = (token: string) => t.app.inject({ method: 'GET', url: rutas.perfil, headers: bearer(token) });
const renovar = (token: string) => t.app.inject({ method: 'POST', url: rutas.renovarSesion, headers: bearer(token) });

describe('POST /apiusuarios/iniciarsesion', () => {
  it('returns a three-part token with the session claims and the public user', async () => {
    const u = await crearUsuario(t.database, { rol: 'doctor' });
    const res = await iniciar(u.correo.toUpperCase(), CLAVE, ipNueva());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sinSecretos(res.body)).toBe(true);
    const { token, usuario } = res.json();
    expect(usuario).toMatchObject({ id: u.id, correo: u.correo, rol: 'doctor', estado: true });
    expect(token.split('.')).toHaveLength(3);
    const claims = payloadDe(token);
    expect(claims).toMatchObject({ sub: String(u.id), id: u.id, rol: 'doctor', iss: JWT_ISSUER, aud: JWT_AUDIENCE });
    expect(typeof claims.sid).toBe('string');
    expect(typeof claims.iat).toBe('number');
    expect(claims.exp).toBe(Math.floor((reloj.now().getTime() + IDLE_MS) / 1000));

    const [sesion] = await t.database.db
      .select()
      .from(sesiones)
      .where(eq(sesiones.id, String(claims.sid)));
    expect(sesion?.usuario_id).toBe(u.id);
    expect(sesion?.expira_en.getTime()).toBe(reloj.now().getTime() + 12 * 60 * MIN);
    expect((await perfil(token)).json().id).toBe(u.id);

    const exito = await t.database.db
      .select()
      .from(auditoria)
      .where(
        and(eq(auditoria.accion, 'sesion.iniciar'), eq(auditoria.usuario_id, u.id), eq(auditoria.resultado, 'exito')),
      );
    expect(exito).toHaveLength(1);
  });

  it('unknown e-mail and wrong password give the same 401 body', async () => {
    const u = await crearUsuario(t.database);
    const ip = ipNueva();
    const desconocido = await iniciar('nadie.registrado@prueba.test', CLAVE, ip);
    const incorrecta = await iniciar(u.correo, 'no es la clave correcta', ip);
    const esperado = { error: 'Correo o contraseña incorrectos.', code: 'CREDENCIALES_INVALIDAS' };
    expect(desconocido.statusCode).toBe(401);
    expect(incorrecta.statusCode).toBe(401);
    expect(desconocido.json()).toEqual(esperado);
    expect(incorrecta.json()).toEqual(esperado);
    expect(Object.keys(desconocido.headers).sort()).toEqual(Object.keys(incorrecta.headers).sort());
  });

  it('an inactive user with the right password gets 403 USUARIO_INACTIVO; with a wrong one the usual 401', async () => {
    const u = await crearUsuario(t.database, { estado: false });
    const ip = ipNueva();
    const res = await iniciar(u.correo, CLAVE, ip);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'Tu cuenta está inactiva. Comunícate con la clínica.',
      code: 'USUARIO_INACTIVO',
    });
    expect((await iniciar(u.correo, 'otra clave cualquiera', ip)).json().code).toBe('CREDENCIALES_INVALIDAS');
  });

  it('locks the (account, address) pair after 5 failures (429, audited), and the lock ends after its window', async () => {
    const u = await crearUsuario(t.database);
    const ip = ipNueva();
    for (let i = 0; i < 4; i++) expect((await iniciar(u.correo, `equivocada ${i}`, ip)).statusCode).toBe(401);
    const quinto = await iniciar(u.correo, 'equivocada 5', ip);
    expect(quinto.statusCode).toBe(429);
    expect(quinto.json()).toEqual({
      error: 'Demasiados intentos fallidos. Espera 1 minuto e inténtalo de nuevo.',
      code: 'DEMASIADOS_INTENTOS',
    });
    expect(Number(quinto.headers['retry-after'])).toBe(60);

    // From that address even the right password waits; the owner elsewhere is not locked out.
    expect((await iniciar(u.correo, CLAVE, ip)).statusCode).toBe(429);

    const filas = await t.database.db.select().from(auditoria).where(eq(auditoria.accion, 'sesion.iniciar'));
    const deEste = filas.filter((f) => f.usuario_id === u.id || f.detalle?.includes(u.correo));
    expect(deEste.filter((f) => f.resultado === 'fallo')).toHaveLength(5);
    expect(deEste.filter((f) => f.resultado === 'bloqueo').length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(filas)).not.toContain('equivocada');
    expect(JSON.stringify(filas)).not.toContain(CLAVE);

    reloj.avanzar(61_000);
    expect((await iniciar(u.correo, CLAVE, ip)).statusCode).toBe(200);
    // A success resets the account counter: four new failures are not a lock.
    for (let i = 0; i < 4; i++) expect((await iniciar(u.correo, `otra ${i}`, ip)).statusCode).toBe(401);
    expect((await iniciar(u.correo, CLAVE, ip)).statusCode).toBe(200);
  });

  it('each further lock doubles, up to 15 minutes (never permanent)', async () => {
    const u = await crearUsuario(t.database);
    const ipAtacante = ipNueva();
    const minutos: number[] = [];
    for (let bloqueo = 0; bloqueo < 6; bloqueo++) {
      let res;
      for (let i = 0; i < 5; i++) res = await iniciar(u.correo, `mal ${bloqueo}-${i}`, ipAtacante);
      expect(res?.statusCode).toBe(429);
      minutos.push(Number(/Espera (\d+) minuto/.exec(res?.json().error)?.[1]));
      reloj.avanzar(Number(res?.headers['retry-after']) * 1000 + 1000);
    }
    expect(minutos).toEqual([1, 2, 4, 8, 15, 15]);
    expect((await iniciar(u.correo, CLAVE, ipNueva())).statusCode).toBe(200);
  });

  it('an attacker failing on an account from many addresses never stops its owner; attempts slow down, audited', async () => {
    const u = await crearUsuario(t.database);
    esperasRegistradas.length = 0;
    // 5 addresses x 4 failures: no pair reaches its lock, the account collects 20 failures.
    for (let a = 0; a < 5; a++) {
      const ip = ipNueva();
      for (let i = 0; i < 4; i++) expect((await iniciar(u.correo, `robo ${a}-${i}`, ip)).statusCode).toBe(401);
    }
    // Slowed down from the 10th failure on, growing, capped at 4 s.
    expect(esperasRegistradas.slice(0, 3)).toEqual([250, 500, 1000]);
    expect(Math.max(...esperasRegistradas)).toBe(4000);
    // The owner, from an address that has not been failing, signs in.
    expect((await iniciar(u.correo, CLAVE, ipNueva())).statusCode).toBe(200);
    const rafaga = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'sesion.iniciar'), eq(auditoria.resultado, 'bloqueo')));
    expect(rafaga.some((f) => f.detalle?.startsWith('ráfaga: 10 fallos') && f.detalle.includes(u.correo))).toBe(true);
  });

  it('an attacker hammering one account from one address is locked there; the owner elsewhere gets in', async () => {
    const u = await crearUsuario(t.database);
    const atacante = ipNueva();
    for (let i = 0; i < 5; i++) await iniciar(u.correo, `fuerza ${i}`, atacante);
    expect((await iniciar(u.correo, CLAVE, atacante)).statusCode).toBe(429);
    expect((await iniciar(u.correo, CLAVE, ipNueva())).statusCode).toBe(200);
  });

  it('locks an IP after 20 failures on any accounts, without touching other IPs', async () => {
    const ip = ipNueva();
    const victima = await crearUsuario(t.database);
    const estados: number[] = [];
    for (let i = 0; i < 20; i++)
      estados.push((await iniciar(`desconocido${i}@prueba.test`, 'lo que sea 123', ip)).statusCode);
    expect(estados.slice(0, 19).every((s) => s === 401)).toBe(true);
    expect(estados[19]).toBe(429);
    expect((await iniciar(victima.correo, CLAVE, ip)).statusCode).toBe(429);
    expect((await iniciar(victima.correo, CLAVE, ipNueva())).statusCode).toBe(200);
    reloj.avanzar(61_000);
    expect((await iniciar(victima.correo, CLAVE, ip)).statusCode).toBe(200);
  });

  it('the demo accounts of the seed sign in with their role', async () => {
    await seedUsuarios(t.database.db);
    for (const demo of DEMO_USUARIOS.slice(0, 5)) {
      const res = await iniciar(demo.correo!, DEMO_PASSWORD, ipNueva());
      expect(res.statusCode, demo.correo!).toBe(200);
      expect(payloadDe(res.json().token).rol).toBe(demo.rol);
    }
  });

  it('a hash made with other parameters is replaced at sign-in by one with the configured parameters', async () => {
    const antiguo = await createPasswordHasher(ARGON2_PRODUCCION).hashPassword(CLAVE);
    const u = await crearUsuario(t.database, { contrasena_hash: antiguo });
    expect((await iniciar(u.correo, CLAVE, ipNueva())).statusCode).toBe(200);
    const [fila] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, u.id));
    expect(fila?.contrasena_hash.startsWith(PREFIJO_HASH_PRUEBAS)).toBe(true);
    expect((await iniciar(u.correo, CLAVE, ipNueva())).statusCode).toBe(200);
  });

  it('validates the body (400) without counting it as a failure', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: rutas.iniciarSesion,
      payload: { correo: 'no-es-correo' },
      remoteAddress: ipNueva(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDACION');
  });
});

describe('session renewal, idle and absolute timeouts, sign-out', () => {
  it('renovarsesion returns a token with the same sid and a later exp, and slides the idle window', async () => {
    const u = await crearUsuario(t.database);
    const { token } = (await iniciar(u.correo, CLAVE, ipNueva())).json();
    reloj.avanzar(20 * MIN);
    const res = await renovar(token);
    expect(res.statusCode).toBe(200);
    expect(sinSecretos(res.body)).toBe(true);
    const nuevo = res.json().token as string;
    const antes = payloadDe(token);
    const despues = payloadDe(nuevo);
    expect(despues.sid).toBe(antes.sid);
    expect(despues.id).toBe(u.id);
    expect(Number(despues.exp)).toBeGreaterThan(Number(antes.exp));
    expect(Number(despues.exp) - Number(antes.exp)).toBe(20 * 60);

    // 40 min after sign-in (20 after renewal) the session is alive; 31 min after the renewal it is not.
    reloj.avanzar(20 * MIN);
    expect((await perfil(nuevo)).statusCode).toBe(200);
    reloj.avanzar(11 * MIN);
    const vencida = await perfil(nuevo);
    expect(vencida.statusCode).toBe(401);
    expect(vencida.json().code).toBe('NO_AUTENTICADO');
    expect((await renovar(nuevo)).statusCode).toBe(401);
  });

  it('never extends a session past its absolute 12 h end', async () => {
    const u = await crearUsuario(t.database);
    const { token, sid } = await sesionPara(t.database, u, reloj.now());
    const fin = reloj.now().getTime() + 12 * 60 * MIN;
    // Active all day: jump to 10 minutes before the end, with recent activity.
    reloj.avanzar(12 * 60 * MIN - 10 * MIN);
    await t.database.db.update(sesiones).set({ ultima_actividad_en: reloj.now() }).where(eq(sesiones.id, sid));
    // Tokens follow the app's clock: the one from 11 h ago expired long since; the web renewed all day,
    // so its latest token (same session) was signed a moment ago.
    expect((await renovar(token)).statusCode).toBe(401);
    const reciente = await tokensDePrueba().sign({ id: u.id, rol: u.rol, sid }, new Date(reloj.now().getTime() + MIN));
    const res = await renovar(reciente);
    expect(res.statusCode).toBe(200);
    expect(Number(payloadDe(res.json().token).exp)).toBe(Math.floor(fin / 1000));
    reloj.avanzar(10 * MIN + 1000);
    expect((await perfil(res.json().token)).statusCode).toBe(401);
  });

  it('cerrarsesion revokes the session at once; that token is refused everywhere', async () => {
    const u = await crearUsuario(t.database);
    const { token } = (await iniciar(u.correo, CLAVE, ipNueva())).json();
    const otra = await sesionPara(t.database, u, reloj.now());
    const res = await t.app.inject({ method: 'POST', url: rutas.cerrarSesion, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Cerraste tu sesión.' });
    expect((await perfil(token)).statusCode).toBe(401);
    expect((await renovar(token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: rutas.cerrarSesion, headers: bearer(token) })).statusCode).toBe(
      401,
    );
    // Other sessions of the same user are not affected.
    expect((await perfil(otra.token)).statusCode).toBe(200);
  });
});

describe('JWT negatives -> 401 on a protected route', () => {
  let valido: string;
  let usuarioId: number;
  let sid: string;
  beforeAll(async () => {
    const u = await crearUsuario(t.database, { rol: 'paciente' });
    usuarioId = u.id;
    ({ token: valido, sid } = await sesionPara(t.database, u, reloj.now()));
  });

  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const clave = new TextEncoder().encode(testConfig().jwtSecret);
  const claims = () => ({ id: usuarioId, rol: 'paciente' as const, sid });
  const exp = () => Math.floor(Date.now() / 1000) + 600;
  /** A token signed with the app's key whose header or claims differ from the app's in what is given. */
  const firmadoCon = (otro: { alg?: string; emisor?: string; audiencia?: string }) =>
    new SignJWT(claims())
      .setProtectedHeader({ alg: otro.alg ?? 'HS256' })
      .setSubject(String(usuarioId))
      .setIssuer(otro.emisor ?? JWT_ISSUER)
      .setAudience(otro.audiencia ?? JWT_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(exp())
      .sign(clave);

  const casos: [string, () => Promise<string> | string][] = [
    [
      'tampered payload (rol changed, old signature)',
      () => {
        const [h, p, s] = valido.split('.');
        const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString());
        return `${h}.${b64({ ...payload, rol: 'administrador' })}.${s}`;
      },
    ],
    [
      'tampered signature',
      () => {
        const [h, p, s = ''] = valido.split('.');
        return `${h}.${p}.${(s[0] === 'A' ? 'B' : 'A') + s.slice(1)}`;
      },
    ],
    ['alg none, empty signature', () => `${b64({ alg: 'none', typ: 'JWT' })}.${valido.split('.')[1]}.`],
    ['alg none, any signature', () => `${b64({ alg: 'none', typ: 'JWT' })}.${valido.split('.')[1]}.AAAA`],
    ['expired', () => tokensDePrueba().sign(claims(), new Date(Date.now() - 1000))],
    [
      'signed with another key',
      () => createTokens('otra-clave-secreta-'.repeat(4)).sign(claims(), new Date(Date.now() + 600_000)),
    ],
    ['wrong audience', () => firmadoCon({ audiencia: 'otra-aplicacion' })],
    ['wrong issuer', () => firmadoCon({ emisor: 'otro-emisor' })],
    ['HS512 with the right key (algorithm pinned)', () => firmadoCon({ alg: 'HS512' })],
    [
      'unknown session id',
      () => tokensDePrueba().sign({ ...claims(), sid: 'no-existe' }, new Date(Date.now() + 600_000)),
    ],
    [
      'session of another user',
      () => tokensDePrueba().sign({ ...claims(), id: usuarioId + 1000 }, new Date(Date.now() + 600_000)),
    ],
    ['two parts', () => valido.split('.').slice(0, 2).join('.')],
    ['garbage', () => 'esto.no.es-un-token'],
  ];

  it.each(casos)('%s', async (_nombre, fabricar) => {
    const token = await fabricar();
    const res = await perfil(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('NO_AUTENTICADO');
  });

  it('a header without the Bearer scheme is refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: rutas.perfil, headers: { authorization: valido } });
    expect(res.statusCode).toBe(401);
  });

  it('the untouched token still works (control)', async () => {
    expect((await perfil(valido)).statusCode).toBe(200);
  });

  it('a deactivated user is refused at once on every route, with a clear message', async () => {
    const u = await crearUsuario(t.database);
    const { token } = await sesionPara(t.database, u, reloj.now());
    expect((await perfil(token)).statusCode).toBe(200);
    await t.database.db.update(usuarios).set({ estado: false }).where(eq(usuarios.id, u.id));
    for (const [method, url] of [
      ['GET', rutas.perfil],
      ['PATCH', rutas.perfil],
      ['POST', rutas.renovarSesion],
      ['POST', rutas.cerrarSesion],
      ['PATCH', rutas.perfilContrasena],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(token), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error).toBe('Tu cuenta está inactiva. Comunícate con la clínica.');
    }
  });
});

describe('own profile', () => {
  it('GET returns my data; PATCH changes allowed fields only', async () => {
    const u = await crearUsuario(t.database, { rol: 'asistente' });
    const { token } = await sesionPara(t.database, u, reloj.now());
    const get = await perfil(token);
    expect(get.statusCode).toBe(200);
    expect(get.json()).toMatchObject({ id: u.id, rol: 'asistente' });
    expect(sinSecretos(get.body)).toBe(true);

    const cambios = { telefono: '3119998877', direccion: 'Calle 1 # 2-3', estado_civil: 'casado' };
    const res = await inyectar(t.app, 'PATCH', rutas.perfil, bearer(token), { ...cambios, ocupacion: '' });
    expect(res.statusCode).toBe(200);
    // An emptied field is stored as null.
    expect(res.json()).toMatchObject({ id: u.id, ...cambios, ocupacion: null });
    expect(sinSecretos(res.body)).toBe(true);
  });

  it.each([
    ['rol', { rol: 'administrador' }],
    ['estado', { estado: false }],
    ['id', { id: 1 }],
    ['correo', { correo: 'otro@prueba.test' }],
    ['contrasena_hash', { contrasena_hash: '$argon2id$x' }],
  ])('PATCH perfil with %s is refused with 400 (mass assignment)', async (campo, payload) => {
    const u = await crearUsuario(t.database);
    const { token } = await sesionPara(t.database, u, reloj.now());
    const res = await t.app.inject({
      method: 'PATCH',
      url: rutas.perfil,
      headers: bearer(token),
      payload: { nombre: 'Nuevo Nombre', ...payload },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDACION');
    expect(res.json().error).toContain(campo);
    const [fila] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, u.id));
    expect(fila).toMatchObject({ rol: 'paciente', estado: true, nombre: u.nombre, correo: u.correo });
  });
});

describe('PATCH /apiusuarios/perfil/contrasena', () => {
  const cambiar = (token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: rutas.perfilContrasena, headers: bearer(token), payload });

  it('needs the right current password (400 naming contrasena_actual)', async () => {
    const u = await crearUsuario(t.database);
    const { token } = await sesionPara(t.database, u, reloj.now());
    const res = await cambiar(token, {
      contrasena_actual: 'no es esta',
      contrasena_nueva: 'un barco chiquitico navegaba',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'La contraseña actual no es correcta.',
      code: 'VALIDACION',
      issues: [{ campo: 'contrasena_actual', mensaje: 'La contraseña actual no es correcta.' }],
    });
  });

  it('applies the password rules to the new one', async () => {
    const u = await crearUsuario(t.database);
    const { token } = await sesionPara(t.database, u, reloj.now());
    for (const contrasena_nueva of ['colombia123', 'corta', CLAVE]) {
      const res = await cambiar(token, { contrasena_actual: CLAVE, contrasena_nueva });
      expect(res.statusCode, contrasena_nueva).toBe(400);
      expect(res.json().issues.map((i: { campo: string }) => i.campo)).toEqual(['contrasena_nueva']);
    }
  });

  it('changes the hash and revokes my other sessions, keeping this one', async () => {
    const u = await crearUsuario(t.database);
    const actual = await sesionPara(t.database, u, reloj.now());
    const otra = await sesionPara(t.database, u, reloj.now());
    const nueva = 'un barco chiquitico navegaba';
    const res = await cambiar(actual.token, { contrasena_actual: CLAVE, contrasena_nueva: nueva });
    expect(res.statusCode).toBe(200);
    expect(res.json().mensaje).toMatch(/contraseña/);
    expect((await perfil(otra.token)).statusCode).toBe(401);
    expect((await perfil(actual.token)).statusCode).toBe(200);
    const [fila] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, u.id));
    expect(fila?.contrasena_hash.startsWith(PREFIJO_HASH_PRUEBAS)).toBe(true);
    const ip = ipNueva();
    expect((await iniciar(u.correo, CLAVE, ip)).statusCode).toBe(401);
    expect((await iniciar(u.correo, nueva, ip)).statusCode).toBe(200);
  });
});
