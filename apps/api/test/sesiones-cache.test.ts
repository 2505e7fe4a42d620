// The session cache of the embedded database (docs/decisions/0006-cache-de-sesiones.md): every change to a
// session or to a user's rol/estado, by any writer, reaches the next request at once. The HTTP cases run
// on both databases (on PostgreSQL there is no cache and they must hold all the same).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuariosPaths as rutas } from '@clinica/contracts/usuarios';
import { sesiones, usuarios } from '../src/db/schema/index.ts';
import { crearSesiones } from '../src/features/usuarios/sesiones-cache.ts';
import {
  createSesionesRepository,
  type SesionActiva,
  type SesionesRepository,
} from '../src/features/usuarios/sesiones.repository.ts';
import { createTestApp, createTestDatabase, TEST_DATABASE_URL, type TestContext } from './helpers.ts';
import { bearer, CLAVE, crearReloj, crearUsuario, sesionPara } from './usuarios-fixtures.ts';

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

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const perfil = (token: string) => get(rutas.perfil, token);
/** Staff only: administrador, asistente, doctor. */
const listarUsuarios = (token: string) => get(rutas.listar, token);

describe('a session already seen (cached on PGlite) is refused at once when', () => {
  it('it is closed with cerrarsesion', async () => {
    const u = await crearUsuario(t.database);
    const { token } = await sesionPara(t.database, u, reloj.now());
    expect((await perfil(token)).statusCode).toBe(200);
    expect((await perfil(token)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: rutas.cerrarSesion, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect((await perfil(token)).statusCode).toBe(401);
  });

  it('an administrator deactivates the user (every session of that user)', async () => {
    const u = await crearUsuario(t.database);
    const a = await sesionPara(t.database, u, reloj.now());
    const b = await sesionPara(t.database, u, reloj.now());
    const otro = await sesionPara(t.database, await crearUsuario(t.database), reloj.now());
    for (const s of [a, b, otro]) expect((await perfil(s.token)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'PATCH',
      url: rutas.editarEstado(u.id),
      headers: bearer(admin.token),
      payload: { estado: false },
    });
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
    const { token } = await sesionPara(t.database, u, reloj.now());
    expect((await listarUsuarios(token)).statusCode).toBe(200);

    const bajar = await t.app.inject({
      method: 'PATCH',
      url: rutas.editar(u.id),
      headers: bearer(admin.token),
      payload: { rol: 'paciente' },
    });
    expect(bajar.statusCode).toBe(200);
    expect((await listarUsuarios(token)).statusCode).toBe(403);
    expect((await perfil(token)).json().rol).toBe('paciente');

    // And back up: the token still says 'asistente', the database decides.
    const subir = await t.app.inject({
      method: 'PATCH',
      url: rutas.editar(u.id),
      headers: bearer(admin.token),
      payload: { rol: 'asistente' },
    });
    expect(subir.statusCode).toBe(200);
    expect((await listarUsuarios(token)).statusCode).toBe(200);
  });

  it('the password changes: every other session of the user ends, this one stays', async () => {
    const u = await crearUsuario(t.database);
    const actual = await sesionPara(t.database, u, reloj.now());
    const otra = await sesionPara(t.database, u, reloj.now());
    expect((await perfil(actual.token)).statusCode).toBe(200);
    expect((await perfil(otra.token)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'PATCH',
      url: rutas.perfilContrasena,
      headers: bearer(actual.token),
      payload: { contrasena_actual: CLAVE, contrasena_nueva: 'otra frase larga distinta' },
    });
    expect(res.statusCode).toBe(200);
    expect((await perfil(otra.token)).statusCode).toBe(401);
    expect((await perfil(actual.token)).statusCode).toBe(200);
  });

  it('the idle window passes (checked against the clock on every request, not cached)', async () => {
    const u = await crearUsuario(t.database);
    const { token } = await sesionPara(t.database, u, reloj.now());
    expect((await perfil(token)).statusCode).toBe(200);
    reloj.avanzar(29 * MIN);
    expect((await perfil(token)).statusCode).toBe(200);
    reloj.avanzar(2 * MIN);
    expect((await perfil(token)).statusCode).toBe(401);
  });

  it('renovarsesion slides the idle window (the renewed activity is what counts next)', async () => {
    const u = await crearUsuario(t.database);
    const { token } = await sesionPara(t.database, u, reloj.now());
    expect((await perfil(token)).statusCode).toBe(200);
    reloj.avanzar(20 * MIN);
    const renovada = await t.app.inject({ method: 'POST', url: rutas.renovarSesion, headers: bearer(token) });
    expect(renovada.statusCode).toBe(200);
    const nuevo = renovada.json().token as string;
    // 40 minutes after sign-in, 20 after the renewal: alive only because the renewal reached the cache.
    reloj.avanzar(20 * MIN);
    expect((await perfil(nuevo)).statusCode).toBe(200);
  });

  it('another writer in this process revokes it or deactivates the user with plain SQL', async () => {
    const u = await crearUsuario(t.database);
    const a = await sesionPara(t.database, u, reloj.now());
    expect((await perfil(a.token)).statusCode).toBe(200);
    await t.database.db.update(sesiones).set({ revocada_en: reloj.now() }).where(eq(sesiones.id, a.sid));
    expect((await perfil(a.token)).statusCode).toBe(401);

    const b = await sesionPara(t.database, u, reloj.now());
    expect((await perfil(b.token)).statusCode).toBe(200);
    await t.database.db.update(usuarios).set({ estado: false }).where(eq(usuarios.id, u.id));
    expect((await perfil(b.token)).json().error).toBe(INACTIVA);
  });
});

describe('where the cache is on', () => {
  it('is on for PGlite, off for PostgreSQL', async () => {
    const s = await crearSesiones(t.database);
    expect(s.enCache).toBe(t.database.kind === 'pglite');
    expect(s.enCache).toBe(!TEST_DATABASE_URL);
    await s.detener();
  });
});

describe.skipIf(!!TEST_DATABASE_URL)('the cache itself (embedded database)', () => {
  /** The real repository, counting the reads that reach the database; `retener` holds the next one back. */
  function contador(repo: SesionesRepository) {
    const estado = { lecturas: 0, retener: null as null | Promise<void> };
    const envuelto: SesionesRepository = {
      ...repo,
      async find(sid) {
        estado.lecturas++;
        const fila = await repo.find(sid);
        if (estado.retener) await estado.retener;
        return fila;
      },
    };
    return { estado, envuelto };
  }

  it('answers from memory once read, reads again after any change, and never mixes up users', async () => {
    const database = await createTestDatabase();
    try {
      const { estado, envuelto } = contador(createSesionesRepository(database.db));
      const { repo, detener } = await crearSesiones(database, { repo: envuelto });
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
    } finally {
      await database.drop();
    }
  });

  it('a read in flight while a change commits does not fill the cache with the old row', async () => {
    const database = await createTestDatabase();
    try {
      const { estado, envuelto } = contador(createSesionesRepository(database.db));
      const { repo, detener } = await crearSesiones(database, { repo: envuelto });
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
    } finally {
      await database.drop();
    }
  });

  it('once stopped (app closing) reads the database every time', async () => {
    const database = await createTestDatabase();
    try {
      const { estado, envuelto } = contador(createSesionesRepository(database.db));
      const { repo, detener } = await crearSesiones(database, { repo: envuelto });
      const { sid } = await sesionPara(database, await crearUsuario(database));
      await repo.find(sid);
      await repo.find(sid);
      expect(estado.lecturas).toBe(1);
      await detener();
      await repo.find(sid);
      await repo.find(sid);
      expect(estado.lecturas).toBe(3);
    } finally {
      await database.drop();
    }
  });

  it('keeps at most `max` sessions', async () => {
    const database = await createTestDatabase();
    try {
      const { estado, envuelto } = contador(createSesionesRepository(database.db));
      const { repo, detener } = await crearSesiones(database, { repo: envuelto, max: 2 });
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
    } finally {
      await database.drop();
    }
  });
});
