// The session cache (docs/decisions/0006-cache-de-sesiones.md), on both databases: every change to a session or
// to a user's rol/estado made through this process reaches its next request at once; on PostgreSQL a change made
// elsewhere (another instance, an operator) reaches it once the notice arrives, and never while notices may be
// missed.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuariosPaths as rutas, type Rol } from '@clinica/contracts/usuarios';
import { buildApp } from '../src/app.ts';
import type { Avisos } from '../src/db/avisos.ts';
import type { Database } from '../src/db/client.ts';
import { sesiones, usuarios } from '../src/db/schema/index.ts';
import { crearSesiones } from '../src/features/usuarios/sesiones-cache.ts';
import {
  createSesionesRepository,
  type SesionActiva,
  type SesionesRepository,
} from '../src/features/usuarios/sesiones.repository.ts';
import { sqlAdministrativo, urlDeBase } from './global-setup.ts';
import {
  conBaseDePrueba,
  createTestApp,
  createTestDatabase,
  TEST_DATABASE_URL,
  testConfig,
  type BaseDePrueba,
  type TestContext,
  inyectar,
} from './helpers.ts';
import { bearer, CLAVE, crearReloj, crearUsuario, sesionPara } from './usuarios-fixtures.ts';
import { contarLecturas } from './contar-lecturas.ts';

const MIN = 60_000;
const INACTIVA = 'Tu cuenta está inactiva. Comunícate con la clínica.';
const reloj = crearReloj(new Date());
let t: TestContext;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now });
  admin = await sesionPara(t.database, await crearUsuario(t.database, { rol: 'administrador' }), reloj.now());
});
afterAll(() => t.close());

const get = (url: string, token: string) => inyectar(t.app, 'GET', url, bearer(token));
const perfil = (token: string) => get(rutas.perfil, token);
/** A new session of the user, opened at the app's clock. */
const sesion = (u: { id: number; rol: Rol }) => sesionPara(t.database, u, reloj.now());
/** Staff only: administrador, asistente, doctor. */
const listarUsuarios = (token: string) => get(rutas.listar, token);

describe('a session already seen (cached on PGlite) is refused at once when', () => {
  it('it is closed with cerrarsesion', async () => {
    const u = await crearUsuario(t.database);
    const { token } = await sesion(u);
    expect((await perfil(token)).statusCode).toBe(200);
    expect((await perfil(token)).statusCode).toBe(200);
    const res = await inyectar(t.app, 'POST', rutas.cerrarSesion, bearer(token));
    expect(res.statusCode).toBe(200);
    expect((await perfil(token)).statusCode).toBe(401);
  });

  it('an administrator deactivates the user (every session of that user)', async () => {
    const u = await crearUsuario(t.database);
    const a = await sesion(u);
    const b = await sesion(u);
    const otro = await sesion(await crearUsuario(t.database));
    for (const s of [a, b, otro]) expect((await perfil(s.token)).statusCode).toBe(200);

    const res = await inyectar(t.app, 'PATCH', rutas.editarEstado(u.id), bearer(admin.token), { estado: false });
    expect(res.statusCode).toBe(200);
    for (const s of [a, b]) {
      const r = await perfil(s.token);
      expect(r.statusCode).toBe(401);
      expect(r.json().error).toBe(INACTIVA);
    }
    // Somebody else's session is untouched.
    expect((await perfil(otro.token)).statusCode).toBe(200);
  });

  it('an administrator changes the role: the next request is judged by the new role', async () => {
    const u = await crearUsuario(t.database, { rol: 'asistente' });
    const { token } = await sesion(u);
    expect((await listarUsuarios(token)).statusCode).toBe(200);

    const bajar = await inyectar(t.app, 'PATCH', rutas.editar(u.id), bearer(admin.token), { rol: 'paciente' });
    expect(bajar.statusCode).toBe(200);
    expect((await listarUsuarios(token)).statusCode).toBe(403);
    expect((await perfil(token)).json().rol).toBe('paciente');

    // And back up: the token still says 'asistente', the database decides.
    const subir = await inyectar(t.app, 'PATCH', rutas.editar(u.id), bearer(admin.token), { rol: 'asistente' });
    expect(subir.statusCode).toBe(200);
    expect((await listarUsuarios(token)).statusCode).toBe(200);
  });

  it('the password changes: every other session of the user ends, this one stays', async () => {
    const u = await crearUsuario(t.database);
    const actual = await sesion(u);
    const otra = await sesion(u);
    expect((await perfil(actual.token)).statusCode).toBe(200);
    expect((await perfil(otra.token)).statusCode).toBe(200);

    const res = await inyectar(t.app, 'PATCH', rutas.perfilContrasena, bearer(actual.token), {
      contrasena_actual: CLAVE,
      contrasena_nueva: 'otra frase larga distinta',
    });
    expect(res.statusCode).toBe(200);
    expect((await perfil(otra.token)).statusCode).toBe(401);
    expect((await perfil(actual.token)).statusCode).toBe(200);
  });

  it('the idle window passes (checked against the clock on every request, not cached)', async () => {
    const u = await crearUsuario(t.database);
    const { token } = await sesion(u);
    expect((await perfil(token)).statusCode).toBe(200);
    reloj.avanzar(29 * MIN);
    expect((await perfil(token)).statusCode).toBe(200);
    reloj.avanzar(2 * MIN);
    expect((await perfil(token)).statusCode).toBe(401);
  });

  it('renovarsesion slides the idle window (the renewed activity is what counts next)', async () => {
    const u = await crearUsuario(t.database);
    const { token } = await sesion(u);
    expect((await perfil(token)).statusCode).toBe(200);
    reloj.avanzar(20 * MIN);
    const renovada = await inyectar(t.app, 'POST', rutas.renovarSesion, bearer(token));
    expect(renovada.statusCode).toBe(200);
    const nuevo = renovada.json().token as string;
    // 40 minutes after sign-in, 20 after the renewal: alive only because the renewal reached the cache.
    reloj.avanzar(20 * MIN);
    expect((await perfil(nuevo)).statusCode).toBe(200);
  });

  it('another writer in this process revokes it or deactivates the user with plain SQL', async () => {
    const u = await crearUsuario(t.database);
    const a = await sesion(u);
    expect((await perfil(a.token)).statusCode).toBe(200);
    await t.database.db.update(sesiones).set({ revocada_en: reloj.now() }).where(eq(sesiones.id, a.sid));
    expect((await perfil(a.token)).statusCode).toBe(401);

    const b = await sesion(u);
    expect((await perfil(b.token)).statusCode).toBe(200);
    await t.database.db.update(usuarios).set({ estado: false }).where(eq(usuarios.id, u.id));
    expect((await perfil(b.token)).json().error).toBe(INACTIVA);
  });
});

/** The real repository, counting the reads that reach the database (test/contar-lecturas.ts). */
const contador = (repo: SesionesRepository) => contarLecturas(repo, 'find');

describe('where the cache is on', () => {
  it('is on for both databases once listening, off once stopped, and off without notices', async () => {
    const s = await crearSesiones(t.database);
    expect(s.enCache).toBe(true);
    expect(s.activa).toBe(true);
    await s.detener();
    expect(s.activa).toBe(false);
    const sinAvisos = await crearSesiones({ db: t.database.db });
    expect([sinAvisos.enCache, sinAvisos.activa]).toEqual([false, false]);
  });
});

describe('the cache itself', () => {
  /** The session cache on `database`, over a repository that counts its reads. */
  async function cacheContado(database: BaseDePrueba, opts: { max?: number } = {}) {
    const { estado, envuelto } = contador(createSesionesRepository(database.db));
    return { estado, ...(await crearSesiones(database, { repo: envuelto, ...opts })) };
  }

  it('answers from memory once read, reads again after any change, and never mixes up users', () =>
    conBaseDePrueba(async (database) => {
      const { estado, repo, detener } = await cacheContado(database);
      const u = await crearUsuario(database);
      const v = await crearUsuario(database);
      const a = await sesionPara(database, u);
      const b = await sesionPara(database, v);

      expect((await repo.find(a.sid))?.usuarioId).toBe(u.id);
      expect((await repo.find(b.sid))?.usuarioId).toBe(v.id);
      await repo.find(a.sid);
      await repo.find(b.sid);
      expect(estado.lecturas).toBe(2);

      // A change to session a drops only a.
      await database.db.update(sesiones).set({ revocada_en: new Date() }).where(eq(sesiones.id, a.sid));
      expect((await repo.find(a.sid))?.revocadaEn).toBeInstanceOf(Date);
      await repo.find(b.sid);
      expect(estado.lecturas).toBe(3);

      // A role change of v drops v's sessions; a change of another column (nombre) drops nothing.
      await database.db.update(usuarios).set({ nombre: 'Otro Nombre' }).where(eq(usuarios.id, v.id));
      await repo.find(b.sid);
      expect(estado.lecturas).toBe(3);
      await database.db.update(usuarios).set({ rol: 'doctor' }).where(eq(usuarios.id, v.id));
      expect((await repo.find(b.sid))?.rol).toBe('doctor');
      expect(estado.lecturas).toBe(4);

      // Deleting a session, or truncating the table, is seen too.
      await database.db.delete(sesiones).where(eq(sesiones.id, b.sid));
      expect(await repo.find(b.sid)).toBeUndefined();
      const c = await sesionPara(database, u);
      expect((await repo.find(c.sid))?.sid).toBe(c.sid);
      await database.db.execute('truncate sesiones');
      expect(await repo.find(c.sid)).toBeUndefined();
      await detener();
    }));

  it('a read in flight while a change commits does not fill the cache with the old row', () =>
    conBaseDePrueba(async (database) => {
      const { estado, repo, detener } = await cacheContado(database);
      const u = await crearUsuario(database);
      const { sid } = await sesionPara(database, u);

      let soltar!: () => void;
      estado.retener = new Promise<void>((r) => (soltar = r));
      const enVuelo = repo.find(sid); // reads the live row, then waits
      await new Promise((r) => setTimeout(r, 20));
      await database.db.update(sesiones).set({ revocada_en: new Date() }).where(eq(sesiones.id, sid));
      estado.retener = null;
      soltar();
      const vieja: SesionActiva | undefined = await enVuelo;
      expect(vieja?.revocadaEn).toBeNull(); // what it read before the change

      const despues = await repo.find(sid);
      expect(despues?.revocadaEn).toBeInstanceOf(Date);
      expect(estado.lecturas).toBe(2);
      await detener();
    }));

  it('once stopped (app closing) reads the database every time', () =>
    conBaseDePrueba(async (database) => {
      const { estado, repo, detener } = await cacheContado(database);
      const { sid } = await sesionPara(database, await crearUsuario(database));
      await repo.find(sid);
      await repo.find(sid);
      expect(estado.lecturas).toBe(1);
      await detener();
      await repo.find(sid);
      await repo.find(sid);
      expect(estado.lecturas).toBe(3);
    }));

  it('keeps at most `max` sessions', () =>
    conBaseDePrueba(async (database) => {
      const { estado, repo, detener } = await cacheContado(database, { max: 2 });
      const u = await crearUsuario(database);
      const s = [await sesionPara(database, u), await sesionPara(database, u), await sesionPara(database, u)];
      for (const { sid } of s) await repo.find(sid);
      expect(estado.lecturas).toBe(3);
      await repo.find(s[2]!.sid);
      await repo.find(s[1]!.sid);
      expect(estado.lecturas).toBe(3);
      await repo.find(s[0]!.sid); // the oldest was dropped to make room
      expect(estado.lecturas).toBe(4);
      await detener();
    }));
});

/** Polls `condicion` until it holds, for at most `ms`. */
async function hasta(condicion: () => boolean | Promise<boolean>, ms = 15_000) {
  const fin = Date.now() + ms;
  while (!(await condicion())) {
    if (Date.now() > fin) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.runIf(TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let database: BaseDePrueba;
  /** Instance B's own pool and listening connection, as a second API process opens them. */
  let otra: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let adminA: { token: string };
  let nombre: string;
  /** A connection of nobody's pool: an operator's SQL, which never listens. */
  let operador: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    otra = await database.otraConexion();
    const config = testConfig();
    a = await buildApp({ config, database, esperar: async () => {} });
    b = await buildApp({ config, database: otra, esperar: async () => {} });
    await a.ready();
    await b.ready();
    adminA = await sesionPara(database, await crearUsuario(database, { rol: 'administrador' }));
    const { rows } = await database.db.execute<{ nombre: string }>(sql`select current_database() as nombre`);
    nombre = rows[0]!.nombre;
    operador = new pg.Client({ connectionString: urlDeBase(TEST_DATABASE_URL!, nombre) });
    await operador.connect();
  });
  afterAll(async () => {
    await operador?.end();
    await a?.close();
    await b?.close();
    await otra?.close();
    await database?.drop();
  });

  const perfilEn = (app: FastifyInstance, token: string) => inyectar(app, 'GET', rutas.perfil, bearer(token));
  const estadoEn = async (app: FastifyInstance, token: string, url: string = rutas.perfil) =>
    (await inyectar(app, 'GET', url, bearer(token))).statusCode;

  it('a session closed, a user deactivated or demoted through A is refused by B once the notice arrives', async () => {
    expect([a.services.sesiones.activa, b.services.sesiones.activa]).toEqual([true, true]);
    const u = await crearUsuario(database);
    const s = await sesionPara(database, u);
    expect(await estadoEn(b, s.token)).toBe(200);
    expect(await estadoEn(b, s.token)).toBe(200);
    expect((await inyectar(a, 'POST', rutas.cerrarSesion, bearer(s.token))).statusCode).toBe(200);
    // A, which wrote it: at once. B: as soon as the notice arrives, and from then on always.
    expect(await estadoEn(a, s.token)).toBe(401);
    await hasta(async () => (await estadoEn(b, s.token)) === 401);
    for (let i = 0; i < 5; i++) expect(await estadoEn(b, s.token)).toBe(401);

    const v = await crearUsuario(database);
    const sv = await sesionPara(database, v);
    expect(await estadoEn(b, sv.token)).toBe(200);
    const desactivar = await inyectar(a, 'PATCH', rutas.editarEstado(v.id), bearer(adminA.token), { estado: false });
    expect(desactivar.statusCode).toBe(200);
    await hasta(async () => (await estadoEn(b, sv.token)) === 401);
    expect((await perfilEn(b, sv.token)).json().error).toBe(INACTIVA);

    const w = await crearUsuario(database, { rol: 'asistente' });
    const sw = await sesionPara(database, w);
    expect(await estadoEn(b, sw.token, rutas.listar)).toBe(200);
    const bajar = await inyectar(a, 'PATCH', rutas.editar(w.id), bearer(adminA.token), { rol: 'paciente' });
    expect(bajar.statusCode).toBe(200);
    await hasta(async () => (await estadoEn(b, sw.token, rutas.listar)) === 403);
    expect((await perfilEn(b, sw.token)).json().rol).toBe('paciente');

    // And the other way round: a sign-out through B reaches A.
    const sa = await sesionPara(database, u);
    expect(await estadoEn(a, sa.token)).toBe(200);
    expect((await inyectar(b, 'POST', rutas.cerrarSesion, bearer(sa.token))).statusCode).toBe(200);
    expect(await estadoEn(b, sa.token)).toBe(401);
    await hasta(async () => (await estadoEn(a, sa.token)) === 401);
  });

  it("an operator's SQL: served from memory until the notice arrives, never after", async () => {
    const avisos = otra.avisos!;
    const recibidos: string[] = [];
    // B's own listener, watched: what it has been told, and when.
    const vigilados: Avisos = {
      escuchar: (canal, oyente) =>
        avisos.escuchar(canal, {
          alAviso(payload) {
            oyente.alAviso(payload);
            recibidos.push(payload);
          },
          alEstado: oyente.alEstado,
        }),
    };
    const { estado, envuelto } = contador(createSesionesRepository(otra.db));
    const cache = await crearSesiones({ db: otra.db, avisos: vigilados }, { repo: envuelto });
    try {
      const u = await crearUsuario(database);
      const { sid } = await sesionPara(database, u);
      expect((await cache.repo.find(sid))?.revocadaEn).toBeNull();
      expect((await cache.repo.find(sid))?.revocadaEn).toBeNull();
      expect(estado.lecturas).toBe(1); // the second one from memory

      const cambios: [string, string, (f: SesionActiva | undefined) => boolean][] = [
        [`update sesiones set revocada_en = now() where id = '${sid}'`, `s:${sid}`, (f) => f?.revocadaEn != null],
        [`update usuarios set estado = false where id = ${u.id}`, `u:${u.id}`, (f) => f?.estado === false],
      ];
      for (const [sentencia, aviso, cambiada] of cambios) {
        await cache.repo.find(sid);
        await operador.query(sentencia);
        const fin = Date.now() + 15_000;
        for (;;) {
          const llego = recibidos.includes(aviso);
          const fila = await cache.repo.find(sid);
          if (llego) {
            expect(cambiada(fila)).toBe(true);
            break;
          }
          expect(Date.now()).toBeLessThan(fin);
          await new Promise((r) => setImmediate(r));
        }
        for (let i = 0; i < 5; i++) expect(cambiada(await cache.repo.find(sid))).toBe(true);
      }
    } finally {
      await cache.detener();
    }
  });

  it('with every connection killed, B serves nothing it kept, then listens again and starts empty', async () => {
    const u = await crearUsuario(database);
    const s = await sesionPara(database, u);
    expect(await estadoEn(b, s.token)).toBe(200); // B keeps it
    const otrasConexiones = `from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
    try {
      // Nobody can connect back for now; then both instances lose their pools and listening connections.
      await sqlAdministrativo(TEST_DATABASE_URL!, `alter database ${nombre} allow_connections false`);
      await operador.query(`select pg_terminate_backend(pid) ${otrasConexiones}`);
      await hasta(async () => (await operador.query(`select 1 ${otrasConexiones}`)).rowCount === 0);
      await hasta(() => !b.services.sesiones.activa && !a.services.sesiones.activa);
      // Revoked while nobody listens: that notice is lost for good.
      await operador.query('update sesiones set revocada_en = now() where id = $1', [s.sid]);
      // B cannot read the database and does not answer from memory.
      expect(await estadoEn(b, s.token)).toBe(500);
    } finally {
      await sqlAdministrativo(TEST_DATABASE_URL!, `alter database ${nombre} allow_connections true`);
    }
    // Whether B is listening again yet (empty cache) or not (off), it reads the database.
    expect(await estadoEn(b, s.token)).toBe(401);
    await hasta(() => b.services.sesiones.activa && a.services.sesiones.activa);
    expect(await estadoEn(b, s.token)).toBe(401);

    // Recovered: B keeps sessions again, and a sign-out through A still reaches it.
    const s2 = await sesionPara(database, u);
    expect(await estadoEn(b, s2.token)).toBe(200);
    expect(await estadoEn(b, s2.token)).toBe(200);
    expect((await inyectar(a, 'POST', rutas.cerrarSesion, bearer(s2.token))).statusCode).toBe(200);
    await hasta(async () => (await estadoEn(b, s2.token)) === 401);
  });
});
