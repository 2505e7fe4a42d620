// The database's types, shared by client.ts (which opens PGlite or PostgreSQL) and postgres.ts (loaded by it).
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger } from 'fastify';
import type { Avisos } from './avisos.ts';
import type * as schema from './schema/index.ts';

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
   * LISTEN on both databases (db/avisos.ts). A notice caused by a write through this object reaches its listeners
   * before that write resolves (PGlite: in process; PostgreSQL: only on the channels the pooled connections also
   * listen on, `sesiones_cambio` and `carrito_cambio`); others arrive when their commit is delivered, and on
   * PostgreSQL may be lost while the dedicated connection is down, which `alEstado(false)` reports.
   */
  avisos?: Avisos;
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
