// The cart cache (docs/decisions/0071-carrito-en-memoria.md), on both databases: every change to a user's cart items
// made through this process reaches her next list at once, whoever writes (the cart's routes, a booking that takes
// the covered items, plain SQL, a user's delete cascading); on PostgreSQL a change made elsewhere (another instance,
// an operator) reaches it once the notice arrives, and nothing is answered from memory while notices may be missed.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carritoPaths, type CarritoItemWire } from '@clinica/contracts/carrito';
import { citasPaths } from '@clinica/contracts/citas';
import { buildApp } from '../src/app.ts';
import type { AlAviso, Avisos } from '../src/db/avisos.ts';
import { CANAL_CARRITO } from '../src/db/canales.ts';
import type { Database } from '../src/db/client.ts';
import { usuarios } from '../src/db/schema/index.ts';
import { crearCarritoCache } from '../src/features/carrito/carrito-cache.ts';
import { createCarritoRepository, type CarritoRepository } from '../src/features/carrito/carrito.repository.ts';
import { crearUsuario, crearUsuarios, type UsuarioDePrueba } from './auth-helpers.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { bogota, SEMANA_PARTIDA } from './clinica-fixtures.ts';
import { sqlAdministrativo, urlDeBase } from './global-setup.ts';
import {
  conBaseDePrueba,
  createTestApp,
  createTestDatabase,
  inyectar,
  TEST_DATABASE_URL,
  testConfig,
  type BaseDePrueba,
  type TestContext,
} from './helpers.ts';
import { crearReloj } from './usuarios-fixtures.ts';
import { contarLecturas } from './contar-lecturas.ts';

// Monday 23 November 2026, 07:00 in Bogotá: the bookings below are on the days after.
const reloj = crearReloj(new Date('2026-11-23T12:00:00Z'));

/** The people and catalogue of one database: staff, a doctor with hours, procedures to put in carts. */
async function prepararClinica(app: FastifyInstance, database: Database) {
  const [admin, asistente, doctor] = await crearUsuarios(database, ['administrador', 'asistente', 'doctor'], {
    now: reloj.now(),
  });
  const horas = await inyectar(app, 'PUT', citasPaths.horarios(doctor.id), asistente.headers, {
    horarios: SEMANA_PARTIDA,
  });
  expect(horas.statusCode).toBe(200);
  const categoria = await crearCategoria(app, admin.headers);
  return {
    doctor,
    procedimiento: async () => (await crearProcedimiento(app, admin.headers, categoria.id)).id,
    paciente: async () => {
      const p = await crearUsuario(database, 'paciente', { now: reloj.now() });
      await database.db.update(usuarios).set({ fecha_nacimiento: '1990-05-01' }).where(eq(usuarios.id, p.id));
      return p;
    },
  };
}

/** The procedures of the caller's cart, oldest first, as GET listarmicarrito answers. */
async function carritoEn(app: FastifyInstance, quien: UsuarioDePrueba): Promise<number[]> {
  const res = await inyectar(app, 'GET', carritoPaths.listar, quien.headers);
  expect(res.statusCode).toBe(200);
  return (res.json() as CarritoItemWire[]).map((i) => i.id_procedimiento);
}
const agregarEn = async (app: FastifyInstance, quien: UsuarioDePrueba, idProcedimiento: number) => {
  const res = await inyectar(app, 'POST', carritoPaths.agregar, quien.headers, { id_procedimiento: idProcedimiento });
  expect(res.statusCode).toBe(201);
  return (res.json() as CarritoItemWire).id;
};

/**
 * Runs `sentencia` with the triggers off (session_replication_role = replica, superuser only): a write that sends no
 * notice, so a list still answered from memory shows what it held before. Only to tell memory from the database.
 */
async function sinAvisos(en: Pick<Database, 'db'> | pg.Client, sentencia: string) {
  const replica = 'set local session_replication_role = replica';
  if (!(en instanceof pg.Client)) {
    await en.db.transaction(async (tx) => {
      await tx.execute(replica);
      await tx.execute(sentencia);
    });
    return;
  }
  await en.query('begin');
  try {
    await en.query(replica);
    await en.query(sentencia);
    await en.query('commit');
  } catch (err) {
    await en.query('rollback');
    throw err;
  }
}

/** Polls `condicion` until it holds, for at most `ms`. */
async function hasta(condicion: () => boolean | Promise<boolean>, ms = 15_000) {
  const fin = Date.now() + ms;
  while (!(await condicion())) {
    if (Date.now() > fin) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('through the API, on one instance', () => {
  let t: TestContext;
  let clinica: Awaited<ReturnType<typeof prepararClinica>>;
  /** Plain SQL on the app's database, as another writer in this process (a test, a script) would send it. */
  const ejecutar = (sentencia: string) => t.database.db.execute(sentencia);
  const carrito = (quien: UsuarioDePrueba) => carritoEn(t.app, quien);
  const agregar = (quien: UsuarioDePrueba, id: number) => agregarEn(t.app, quien, id);

  beforeAll(async () => {
    t = await createTestApp({ now: reloj.now });
    clinica = await prepararClinica(t.app, t.database);
  });
  afterAll(() => t.close());

  it('the list is served from memory once read (a write that sends no notice is not seen)', async () => {
    expect(t.app.services.carritoCache.activa).toBe(true);
    const u = await clinica.paciente();
    const p = await clinica.procedimiento();
    const q = await clinica.procedimiento();
    // Both rows written without a notice: on PostgreSQL this instance's own write is told twice (its pooled
    // connection at once, its listening connection a little later), and the later one would drop the list again.
    const poner = (id: number) => `insert into carrito_items (usuario_id, procedimiento_id) values (${u.id}, ${id})`;
    await sinAvisos(t.database, poner(p));
    expect(await carrito(u)).toEqual([p]);
    await sinAvisos(t.database, poner(q));
    expect(await carrito(u)).toEqual([p]);
    // Any write that notifies (here the same user's next change) makes the list read the database again.
    await ejecutar(
      `update carrito_items set creado_en = creado_en where usuario_id = ${u.id} and procedimiento_id = ${p}`,
    );
    expect(await carrito(u)).toEqual([p, q]);
  });

  it('add, remove and clear are seen by the very next list, and nobody else’s cart changes', async () => {
    const [u, v] = [await clinica.paciente(), await clinica.paciente()];
    const [p, q, r] = [await clinica.procedimiento(), await clinica.procedimiento(), await clinica.procedimiento()];
    await agregar(v, r);
    expect(await carrito(u)).toEqual([]);
    expect(await carrito(v)).toEqual([r]);

    const itemP = await agregar(u, p);
    expect(await carrito(u)).toEqual([p]);
    await agregar(u, q);
    expect(await carrito(u)).toEqual([p, q]);
    expect(await carrito(u)).toEqual([p, q]);

    const quitar = await inyectar(t.app, 'DELETE', carritoPaths.eliminar(itemP), u.headers);
    expect(quitar.statusCode).toBe(200);
    expect(await carrito(u)).toEqual([q]);

    // A refused add changes nothing; the list stays right.
    const repetido = await inyectar(t.app, 'POST', carritoPaths.agregar, u.headers, { id_procedimiento: q });
    expect(repetido.statusCode).toBe(400);
    expect(await carrito(u)).toEqual([q]);

    const vaciar = await inyectar(t.app, 'DELETE', carritoPaths.limpiar, u.headers);
    expect(vaciar.statusCode).toBe(200);
    expect(await carrito(u)).toEqual([]);
    expect(await carrito(v)).toEqual([r]);
  });

  it('a booking from the cart takes the covered items in its statement: the next list is empty', async () => {
    const u = await clinica.paciente();
    const [p, q] = [await clinica.procedimiento(), await clinica.procedimiento()];
    await agregar(u, p);
    await agregar(u, q);
    expect(await carrito(u)).toEqual([p, q]);
    const reserva = await inyectar(t.app, 'POST', citasPaths.crear, u.headers, {
      doctor_id: clinica.doctor.id,
      inicio: bogota('2026-11-25', '08:00'),
    });
    expect(reserva.statusCode).toBe(201);
    expect(reserva.json()).toMatchObject({ tipo: 'evaluacion', procedimientos_solicitados: [{ id: p }, { id: q }] });
    expect(await carrito(u)).toEqual([]);
  });

  it('plain SQL insert, update (same user, or moved to another) and delete are seen at once', async () => {
    const [u, v] = [await clinica.paciente(), await clinica.paciente()];
    const [p, q] = [await clinica.procedimiento(), await clinica.procedimiento()];
    expect(await carrito(u)).toEqual([]);
    expect(await carrito(v)).toEqual([]);

    await ejecutar(`insert into carrito_items (usuario_id, procedimiento_id) values (${u.id}, ${p}), (${u.id}, ${q})`);
    expect(await carrito(u)).toEqual([p, q]);
    // The order is the column's: q made older comes first.
    await ejecutar(`update carrito_items set creado_en = creado_en - interval '1 day' where usuario_id = ${u.id}
      and procedimiento_id = ${q}`);
    expect(await carrito(u)).toEqual([q, p]);
    // Moved to v: both lists change.
    await ejecutar(
      `update carrito_items set usuario_id = ${v.id} where usuario_id = ${u.id} and procedimiento_id = ${p}`,
    );
    expect(await carrito(u)).toEqual([q]);
    expect(await carrito(v)).toEqual([p]);
    await ejecutar(`delete from carrito_items where usuario_id = ${v.id}`);
    expect(await carrito(v)).toEqual([]);
    expect(await carrito(u)).toEqual([q]);
  });

  it('a rolled-back write changes nothing and the list stays right', async () => {
    const u = await clinica.paciente();
    const p = await clinica.procedimiento();
    await agregar(u, p);
    expect(await carrito(u)).toEqual([p]);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from carrito_items where usuario_id = ${u.id}`);
        throw new Error('deshacer');
      }),
    ).rejects.toThrow('deshacer');
    expect(await carrito(u)).toEqual([p]);
  });

  it('a user deleted takes her cart with her (cascade), and a truncate empties every cart', async () => {
    const [u, v] = [await clinica.paciente(), await clinica.paciente()];
    const p = await clinica.procedimiento();
    await agregar(u, p);
    await agregar(v, p);
    const listar = (id: number) => t.app.services.carrito.listar(id).then((l) => l.map((i) => i.id_procedimiento));
    expect(await listar(u.id)).toEqual([p]);
    expect(await listar(u.id)).toEqual([p]);
    // Her sessions block the delete (no cascade there): removed first, as an operator would.
    await ejecutar(`delete from sesiones where usuario_id = ${u.id}`);
    await ejecutar(`delete from usuarios where id = ${u.id}`);
    expect(await listar(u.id)).toEqual([]);

    expect(await carrito(v)).toEqual([p]);
    await ejecutar('truncate carrito_items');
    expect(await carrito(v)).toEqual([]);
  });
});

/** The real repository, counting the reads that reach the database (test/contar-lecturas.ts). */
const contador = (repo: CarritoRepository) => contarLecturas(repo, 'listar');

/** Inserts a cart item with plain SQL (a notice, as any write sends); a procedure of the test catalogue. */
async function ponerEnCarrito(database: Database, usuarioId: number, procedimientoId: number) {
  await database.db.execute(
    sql`insert into carrito_items (usuario_id, procedimiento_id) values (${usuarioId}, ${procedimientoId})`,
  );
}

/** Two procedures straight in the catalogue tables (the cache's tests need only their ids). */
async function procedimientosDePrueba(database: Database): Promise<[number, number]> {
  const { rows } = await database.db.execute<{ id: number }>(sql`with c as (
      insert into categorias_procedimiento (nombre) values (${`Categoría ${Math.random()}`}) returning id)
    insert into procedimientos (nombre, descripcion, precio, duracion_minutos, categoria_id)
    select 'Procedimiento ' || n, 'Descripción de prueba suficientemente larga.', 100000, 60, c.id
    from c, generate_series(1, 2) n returning id`);
  return [rows[0]!.id, rows[1]!.id];
}

describe('the cache itself', () => {
  /**
   * The cart cache on `database`, over a repository that counts its reads. `cambiar` runs a write through the
   * database's pool and waits until every copy of its notice `aviso` has reached the cache: on PostgreSQL that write
   * is told twice (its pooled connection before it resolves, the listening connection a little later), and the later
   * copy, arriving during a read, would keep that read out of the cache and make the counts below uncertain.
   */
  async function cacheContado(database: BaseDePrueba, opts: { max?: number; avisos?: Avisos } = {}) {
    const { estado, envuelto } = contador(createCarritoRepository(database.db));
    const { max, avisos: base = database.avisos! } = opts;
    const recibidos: string[] = [];
    const avisos: Avisos = {
      escuchar: (canal, oyente) =>
        base.escuchar(canal, {
          alAviso(payload) {
            recibidos.push(payload);
            oyente.alAviso(payload);
          },
          alEstado: oyente.alEstado,
        }),
    };
    const cache = await crearCarritoCache({ db: database.db, avisos }, { repo: envuelto, ...(max ? { max } : {}) });
    const copias = database.kind === 'postgres' ? 2 : 1;
    const cuantos = (aviso: string) => recibidos.filter((r) => r === aviso).length;
    async function cambiar(aviso: string | number, escribir: () => Promise<unknown>) {
      const antes = cuantos(String(aviso));
      await escribir();
      await hasta(() => cuantos(String(aviso)) >= antes + copias);
    }
    // Not spread: `activa` is a getter.
    return Object.assign(cache, { estado, cambiar });
  }

  it('is on for both databases once listening, off once stopped, and off without notices', () =>
    conBaseDePrueba(async (database) => {
      const c = await crearCarritoCache(database);
      expect([c.enCache, c.activa]).toEqual([true, true]);
      await c.detener();
      expect(c.activa).toBe(false);
      const sinAvisos = await crearCarritoCache({ db: database.db });
      expect([sinAvisos.enCache, sinAvisos.activa]).toEqual([false, false]);
    }));

  it('answers from memory once read, reads a user again after her change only, and never mixes up users', () =>
    conBaseDePrueba(async (database) => {
      const { estado, repo, detener, cambiar } = await cacheContado(database);
      const [u, v] = await crearUsuarios(database, ['paciente', 'paciente']);
      const [p, q] = await procedimientosDePrueba(database);
      await cambiar(u.id, () => ponerEnCarrito(database, u.id, p));

      const ids = async (id: number) => (await repo.listar(id)).map((f) => f.procedimiento_id);
      expect(await ids(u.id)).toEqual([p]);
      expect(await ids(v.id)).toEqual([]); // an empty cart is kept too
      expect(await ids(u.id)).toEqual([p]);
      expect(await ids(v.id)).toEqual([]);
      expect(estado.lecturas).toBe(2);

      // A change to v's cart drops only v.
      await cambiar(v.id, () => ponerEnCarrito(database, v.id, q));
      expect(await ids(v.id)).toEqual([q]);
      expect(await ids(u.id)).toEqual([p]);
      expect(estado.lecturas).toBe(3);

      // A truncate drops everyone.
      await cambiar('*', () => database.db.execute(sql`truncate carrito_items`));
      expect(await ids(u.id)).toEqual([]);
      expect(await ids(v.id)).toEqual([]);
      expect(estado.lecturas).toBe(5);
      await detener();
    }));

  it('hands out copies: what a caller changes is not what the next caller gets', () =>
    conBaseDePrueba(async (database) => {
      const { estado, repo, detener, cambiar } = await cacheContado(database);
      const [u] = await crearUsuarios(database, ['paciente']);
      const [p] = await procedimientosDePrueba(database);
      await cambiar(u.id, () => ponerEnCarrito(database, u.id, p));
      const primera = await repo.listar(u.id);
      const creado = primera[0]!.creado_en.getTime();
      for (let i = 0; i < 2; i++) {
        const filas = await repo.listar(u.id);
        filas[0]!.procedimiento_id = -1;
        filas[0]!.creado_en.setTime(0);
        filas.push({ id: -1, procedimiento_id: -1, creado_en: new Date(0) });
      }
      primera[0]!.creado_en.setTime(0);
      const despues = await repo.listar(u.id);
      expect(despues).toEqual([{ id: primera[0]!.id, procedimiento_id: p, creado_en: new Date(creado) }]);
      expect(estado.lecturas).toBe(1);
      await detener();
    }));

  it('a read in flight while a change commits does not fill the cache with the old list', () =>
    conBaseDePrueba(async (database) => {
      const { estado, repo, detener, cambiar } = await cacheContado(database);
      const [u] = await crearUsuarios(database, ['paciente']);
      const [p] = await procedimientosDePrueba(database);

      let soltar!: () => void;
      estado.retener = new Promise<void>((r) => (soltar = r));
      const enVuelo = repo.listar(u.id); // reads the empty cart, then waits
      await new Promise((r) => setTimeout(r, 20));
      await cambiar(u.id, () => ponerEnCarrito(database, u.id, p));
      estado.retener = null;
      soltar();
      expect(await enVuelo).toEqual([]); // what it read before the change

      expect((await repo.listar(u.id)).map((f) => f.procedimiento_id)).toEqual([p]);
      expect(estado.lecturas).toBe(2);
      await detener();
    }));

  it('while not listening reads the database every time, and starts empty when listening again', () =>
    conBaseDePrueba(async (database) => {
      // The database's own listener, with a hand on its state as a lost connection would move it.
      let oyente!: AlAviso;
      const avisos: Avisos = {
        escuchar: (canal, o) => {
          if (canal === CANAL_CARRITO) oyente = o;
          return database.avisos!.escuchar(canal, o);
        },
      };
      const c = await cacheContado(database, { avisos });
      const { estado, repo, detener } = c;
      expect(c.activa).toBe(true);
      const [u] = await crearUsuarios(database, ['paciente']);
      await repo.listar(u.id);
      await repo.listar(u.id);
      expect(estado.lecturas).toBe(1);

      oyente.alEstado(false);
      expect(c.activa).toBe(false);
      await repo.listar(u.id);
      await repo.listar(u.id);
      expect(estado.lecturas).toBe(3);

      oyente.alEstado(true);
      expect(c.activa).toBe(true);
      await repo.listar(u.id); // nothing kept from before
      await repo.listar(u.id);
      expect(estado.lecturas).toBe(4);
      await detener();
    }));

  it('once stopped (app closing) reads the database every time', () =>
    conBaseDePrueba(async (database) => {
      const { estado, repo, detener } = await cacheContado(database);
      const [u] = await crearUsuarios(database, ['paciente']);
      await repo.listar(u.id);
      await repo.listar(u.id);
      expect(estado.lecturas).toBe(1);
      await detener();
      await repo.listar(u.id);
      await repo.listar(u.id);
      expect(estado.lecturas).toBe(3);
    }));

  it('keeps at most `max` carts', () =>
    conBaseDePrueba(async (database) => {
      const { estado, repo, detener } = await cacheContado(database, { max: 2 });
      const u = await crearUsuarios(database, ['paciente', 'paciente', 'paciente']);
      for (const { id } of u) await repo.listar(id);
      expect(estado.lecturas).toBe(3);
      await repo.listar(u[2].id);
      await repo.listar(u[1].id);
      expect(estado.lecturas).toBe(3);
      await repo.listar(u[0].id); // the oldest was dropped to make room
      expect(estado.lecturas).toBe(4);
      await detener();
    }));
});

describe.runIf(TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let database: BaseDePrueba;
  /** Instance B's own pool and listening connection, as a second API process opens them. */
  let otra: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let clinica: Awaited<ReturnType<typeof prepararClinica>>;
  let nombre: string;
  /** A connection of nobody's pool: an operator's SQL, which never listens. */
  let operador: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    otra = await database.otraConexion();
    const config = testConfig();
    const deps = { config, now: reloj.now, esperar: async () => {}, resumenReportes: false };
    a = await buildApp({ ...deps, database });
    b = await buildApp({ ...deps, database: otra });
    await a.ready();
    await b.ready();
    clinica = await prepararClinica(a, database);
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

  /** Waits until `app` lists `esperado` for `quien`, then checks it never lists anything else. */
  async function llegaA(app: FastifyInstance, quien: UsuarioDePrueba, esperado: number[]) {
    await hasta(async () => JSON.stringify(await carritoEn(app, quien)) === JSON.stringify(esperado));
    for (let i = 0; i < 5; i++) expect(await carritoEn(app, quien)).toEqual(esperado);
  }

  it('a change through A is seen by A at once and by B once the notice arrives, never stale after', async () => {
    expect([a.services.carritoCache.activa, b.services.carritoCache.activa]).toEqual([true, true]);
    const u = await clinica.paciente();
    const [p, q] = [await clinica.procedimiento(), await clinica.procedimiento()];
    for (const app of [a, b]) {
      expect(await carritoEn(app, u)).toEqual([]);
      expect(await carritoEn(app, u)).toEqual([]); // each keeps it
    }

    const itemP = await agregarEn(a, u, p);
    expect(await carritoEn(a, u)).toEqual([p]);
    await llegaA(b, u, [p]);

    await agregarEn(a, u, q);
    expect(await carritoEn(a, u)).toEqual([p, q]);
    await llegaA(b, u, [p, q]);

    expect((await inyectar(a, 'DELETE', carritoPaths.eliminar(itemP), u.headers)).statusCode).toBe(200);
    expect(await carritoEn(a, u)).toEqual([q]);
    await llegaA(b, u, [q]);

    expect((await inyectar(a, 'DELETE', carritoPaths.limpiar, u.headers)).statusCode).toBe(200);
    expect(await carritoEn(a, u)).toEqual([]);
    await llegaA(b, u, []);

    // A booking through A takes the covered items.
    await agregarEn(a, u, p);
    expect(await carritoEn(a, u)).toEqual([p]);
    await llegaA(b, u, [p]);
    const reserva = await inyectar(a, 'POST', citasPaths.crear, u.headers, {
      doctor_id: clinica.doctor.id,
      inicio: bogota('2026-11-26', '08:00'),
    });
    expect(reserva.statusCode).toBe(201);
    expect(await carritoEn(a, u)).toEqual([]);
    await llegaA(b, u, []);

    // And the other way round: an add through B reaches A.
    expect(await carritoEn(a, u)).toEqual([]);
    await agregarEn(b, u, q);
    expect(await carritoEn(b, u)).toEqual([q]);
    await llegaA(a, u, [q]);
  });

  it("an operator's SQL reaches both instances once its notice arrives", async () => {
    const u = await clinica.paciente();
    const p = await clinica.procedimiento();
    for (const app of [a, b]) expect(await carritoEn(app, u)).toEqual([]);
    await operador.query('insert into carrito_items (usuario_id, procedimiento_id) values ($1, $2)', [u.id, p]);
    for (const app of [a, b]) await llegaA(app, u, [p]);
    await operador.query('delete from carrito_items where usuario_id = $1', [u.id]);
    for (const app of [a, b]) await llegaA(app, u, []);
  });

  it('with its listening connections killed, B answers from the database, then listens again and starts empty', async () => {
    const u = await clinica.paciente();
    const [p, q, r] = [await clinica.procedimiento(), await clinica.procedimiento(), await clinica.procedimiento()];
    await agregarEn(a, u, p);
    await llegaA(b, u, [p]); // B keeps it
    const escuchas = `from pg_stat_activity where datname = current_database() and application_name = 'clinica-avisos'`;
    try {
      // The listening connections cannot come back for now; the pools' connections stay.
      await sqlAdministrativo(TEST_DATABASE_URL!, `alter database ${nombre} allow_connections false`);
      await operador.query(`select pg_terminate_backend(pid) ${escuchas}`);
      await hasta(async () => (await operador.query(`select 1 ${escuchas}`)).rowCount === 0);
      await hasta(() => !b.services.carritoCache.activa && !a.services.carritoCache.activa);
      // A write that sends no notice at all: only a read of the database shows it.
      await sinAvisos(operador, `insert into carrito_items (usuario_id, procedimiento_id) values (${u.id}, ${q})`);
      expect(await carritoEn(b, u)).toEqual([p, q]);
      expect(await carritoEn(b, u)).toEqual([p, q]);
    } finally {
      await sqlAdministrativo(TEST_DATABASE_URL!, `alter database ${nombre} allow_connections true`);
    }
    await hasta(() => b.services.carritoCache.activa && a.services.carritoCache.activa);
    // Listening again, and nothing from before kept.
    await sinAvisos(operador, `delete from carrito_items where usuario_id = ${u.id} and procedimiento_id = ${p}`);
    expect(await carritoEn(b, u)).toEqual([q]);

    // Recovered: B keeps carts again, and a change through A still reaches it.
    expect(await carritoEn(b, u)).toEqual([q]);
    await agregarEn(a, u, r);
    await llegaA(b, u, [q, r]);
  });
});
