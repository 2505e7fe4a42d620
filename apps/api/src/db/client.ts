// Opens the database: embedded PGlite under DATA_DIR by default, or PostgreSQL through a pg pool.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import * as schema from './schema/index.ts';
import { acquireLock } from './lock.ts';
import { conSentenciasPreparadas } from './pglite-sentencias.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { crearAvisosPostgres, type Avisos } from './avisos.ts';

export type Db = NodePgDatabase<typeof schema>;
/** An open transaction; repositories take a Db or a Tx (db/transacciones.ts). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; throws if the database does not answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only. This process is the database's only client (DATA_DIR lock, or in memory), and a NOTIFY
   * reaches the listener when its transaction commits, before the writing statement returns. That is what
   * makes an in-process cache exact here (docs/decisions/0006); PostgreSQL has no such member.
   */
  avisosLocales?: AvisosLocales;
  /** LISTEN on both databases; on PostgreSQL a dedicated connection that re-LISTENs after a loss (db/avisos.ts). */
  avisos?: Avisos;
};

export type AvisosLocales = {
  /** LISTEN on `canal`; resolves to the function that stops listening. */
  escuchar(canal: string, alAviso: (payload: string) => void): Promise<() => Promise<void>>;
};

export type OpenDbOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** PGlite only: in-memory database (tests). */
  memory?: boolean;
  /**
   * PGlite in memory only: start from this data-directory dump (PGlite's dumpDataDir) instead of an empty
   * database. Tests migrate one database once and copy it per test file (test/global-setup.ts).
   */
  volcado?: Blob;
};

export async function openDb(opts: OpenDbOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.log) : openPglite(opts);
}

async function openPostgres(url: string, log?: OpenDbOptions['log']): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A PostgreSQL restart kills idle clients; without this handler the process would crash.
  pool.on('error', (err) => log?.error({ err }, 'conexión de PostgreSQL perdida'));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    avisos: crearAvisosPostgres(url, log),
    async ping() {
      await pool.query('select 1');
    },
    async migrate() {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(opts: OpenDbOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { drizzle } = await import('drizzle-orm/pglite');
  let release = () => {};
  let dir: string | undefined;
  if (!opts.memory) {
    mkdirSync(opts.dataDir, { recursive: true });
    release = acquireLock(path.join(opts.dataDir, 'pglite.lock'));
    dir = path.join(opts.dataDir, 'pglite');
  }
  try {
    const client = await PGlite.create(dir, {
      extensions: { btree_gist, pg_trgm, unaccent },
      ...(opts.memory && opts.volcado ? { loadDataDir: opts.volcado } : {}),
    });
    // Reads go through named prepared statements (pglite-sentencias.ts); the rest to PGlite as is.
    const db = drizzle(conSentenciasPreparadas(client), { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      async ping() {
        await client.query('select 1');
      },
      async migrate() {
        const { migrate } = await import('drizzle-orm/pglite/migrator');
        await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
      },
      avisosLocales: {
        async escuchar(canal, alAviso) {
          const dejar = await client.listen(canal, alAviso);
          return () => dejar();
        },
      },
      avisos: {
        async escuchar(canal, { alAviso, alEstado }) {
          const dejar = await client.listen(canal, alAviso);
          alEstado(true);
          return () => dejar();
        },
      },
      async close() {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
