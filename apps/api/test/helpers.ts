// Test harness: per test file, a copy of the database migrated once for the whole run (test/global-setup.ts):
// an in-memory PGlite loaded from the dump, or, with TEST_DATABASE_URL, a PostgreSQL database cloned from
// the template; and an app built on it.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDb, type Database } from '../src/db/client.ts';
import { ARGON2_PRUEBAS } from '../src/lib/passwords.ts';
import type { Correo, Mailer } from '../src/platform/correo.ts';
import { sqlAdministrativo, urlDeBase } from './global-setup.ts';
import { directorioTemporal, rutaDelArchivo } from './temporales.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

let volcado: Promise<Blob> | undefined;
/** The run's migrated PGlite data directory (global-setup.ts), read once per test file. */
const leerVolcado = () => (volcado ??= readFile(inject('volcadoPglite')).then((b) => new Blob([b])));

/**
 * A database of its own for the caller: migrated (a copy of the run's template), or with `vacia` an empty one
 * that has seen no migration (the migration tests). drop() closes and deletes it.
 */
export type BaseDePrueba = Database & {
  drop(): Promise<void>;
  /**
   * Another connection to the same database, as a second API process (or the same one after a restart) opens it.
   * On PostgreSQL a new pool; PGlite is embedded and single-process, so the same database, whose close() is a no-op.
   */
  otraConexion(): Promise<Database>;
};

export async function createTestDatabase(opts: { vacia?: boolean } = {}): Promise<BaseDePrueba> {
  if (!TEST_DATABASE_URL) {
    const database = await openDb({
      dataDir: '',
      memory: true,
      ...(opts.vacia ? {} : { volcado: await leerVolcado() }),
    });
    return {
      ...database,
      drop: () => database.close(),
      otraConexion: async () => ({ ...database, close: async () => {} }),
    };
  }
  const nombre = `test_${randomUUID().replace(/-/g, '')}`;
  await sqlAdministrativo(
    TEST_DATABASE_URL,
    `CREATE DATABASE ${nombre}${opts.vacia ? '' : ` TEMPLATE ${inject('plantillaPostgres')}`}`,
  );
  const url = urlDeBase(TEST_DATABASE_URL, nombre);
  const database = await openDb({ databaseUrl: url, dataDir: '' });
  return {
    ...database,
    otraConexion: () => openDb({ databaseUrl: url, dataDir: '' }),
    async drop() {
      await database.close();
      await sqlAdministrativo(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`);
    },
  };
}

/** Runs `prueba` on a migrated database of its own, dropped afterwards whatever happens. */
export async function conBaseDePrueba<T>(prueba: (database: BaseDePrueba) => Promise<T>): Promise<T> {
  const database = await createTestDatabase();
  try {
    return await prueba(database);
  } finally {
    await database.drop();
  }
}

/**
 * A DATA_DIR already holding the run's migrated PGlite database (PGlite run only), so a child process started
 * on it skips initdb and the migrations, the slow part of a cold start. Removed after the test file.
 */
export async function dataDirMigrado(prefijo: string): Promise<string> {
  const dir = directorioTemporal(prefijo);
  // openDb's layout: DATA_DIR/pglite; loading a dump into an empty directory writes it there.
  const db = await PGlite.create(path.join(dir, 'pglite'), { loadDataDir: await leerVolcado() });
  await db.close();
  return dir;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      // This test file's apps share one (uploads, outgoing mail): created only if something writes there.
      DATA_DIR: rutaDelArchivo('clinica-datos'),
      JWT_SECRET: 'x'.repeat(48),
      SEMILLA_DEMO: 'false',
      // No daily backup in test apps; test/respaldos.test.ts turns it on with its own clock.
      RESPALDO_HORA: 'no',
    }),
    rateLimitMax: 100_000,
    // Test patients book many appointments; test/citas-por-venir.test.ts checks the real limit.
    citasPorVenirMax: 1_000,
    // Cheap hashing: hundreds of sign-ins per run. The production parameters have their own tests
    // (usuarios-contrasenas.test.ts, and the crear-admin command with the real config).
    argon2: ARGON2_PRUEBAS,
    // Never the repository's apps/web/dist: whether a build ran before must not change what a test app serves
    // (the fuzz test enumerated one route more after a build). Tests of the served web pass a folder of their own.
    webDist: rutaDelArchivo('sin-web'),
    ...overrides,
  };
}

/** How every hash the test apps write starts (ARGON2_PRUEBAS). */
export const PREFIJO_HASH_PRUEBAS = '$argon2id$v=19$m=8,t=1,p=1$';

export type Metodo = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One request to the app with the caller's headers (a bearer token; none for anonymous) and, if given, a JSON body
 * (an object, or a string sent as it is).
 */
export function inyectar(
  app: FastifyInstance,
  method: Metodo,
  url: string,
  headers: Record<string, string> = {},
  payload?: object | string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

/**
 * An e-mail transport that keeps what it sends in `enviados`; while `fallos` is above 0 a send fails as a
 * server that is down would, and counts one down.
 */
export function correoDePrueba() {
  const correo = {
    enviados: [] as Correo[],
    fallos: 0,
    mailer: {
      async enviar(c: Correo) {
        if (correo.fallos > 0) {
          correo.fallos--;
          throw new Error('SMTP no disponible');
        }
        correo.enviados.push(c);
      },
    } satisfies Mailer,
  };
  return correo;
}

export type TestContext = { app: FastifyInstance; database: Database; close(): Promise<void> };

/** Waits a slowed-down sign-in asked for, recorded instead of slept (a test reads them). */
export const esperasRegistradas: number[] = [];

/**
 * Builds the app on a fresh database, with the test config (`config` overrides some of it) and any other
 * dependency given (clock, mail transport, outbox poll...). Call close() in afterAll.
 */
export async function createTestApp(
  opts: Omit<AppDeps, 'config' | 'database'> & { config?: Partial<Config> } = {},
): Promise<TestContext & { database: BaseDePrueba }> {
  const database = await createTestDatabase();
  const app = await buildApp({
    esperar: async (ms) => void esperasRegistradas.push(ms),
    // The reports' summary job queues an outbox row at start; tests that count outbox rows would see it.
    resumenReportes: false,
    ...opts,
    config: testConfig(opts.config),
    database,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
