// Opens the database: embedded PGlite under DATA_DIR by default, or PostgreSQL through a pg pool.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import * as schema from './schema/index.ts';
import { acquireLock } from './lock.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { migracionesAlDia, repararMigracionesEditadas } from './migraciones.ts';
import type { Database, Db, OpenDbOptions } from './tipos.ts';
import type { PGlite as PGliteCliente } from '@electric-sql/pglite';
import {
  cerrarDescriptores,
  comprobarEspacioParaArrancar,
  crearPgliteReabrible,
  type PgliteReabrible,
} from './pglite-reabrible.ts';

// The types live in tipos.ts so that postgres.ts (loaded from here) does not import this module back.
export type { Database, Db, Executor, OpenDbOptions, Tx } from './tipos.ts';

export async function openDb(opts: OpenDbOptions): Promise<Database> {
  if (!opts.databaseUrl) return openPglite(opts);
  // Each database's driver is loaded only when it is the one in use (issue 12, item 5).
  const { openPostgres } = await import('./postgres.ts');
  return openPostgres(opts.databaseUrl, opts.log);
}

/**
 * PostgreSQL settings PGlite starts with, added to its own (PGlite.defaultStartParams), never replacing them.
 * PGlite keeps PostgreSQL's shared memory inside its WebAssembly heap, and that heap never shrinks: initdb's
 * shared_buffers = 128MB (sized for a server) made the process hold ~300 MB before its first request. A small
 * clinic's database is tens of MB and the operating system's page cache still keeps the files PGlite reads, so a
 * 16 MB buffer pool costs no measurable speed (bench/results/arranque.md; docs/decisions/0023-memoria-pglite.md).
 */
export const AJUSTES_PGLITE: Readonly<Record<string, string>> = { shared_buffers: '16MB' };

/**
 * On disk, a commit is acknowledged only once its WAL is on stable storage (issue 28, item 1;
 * docs/decisions/0036-pglite-durable.md): PGlite's own `-F` (fsync off) is dropped and these are set. `fsync` is
 * the only wal_sync_method that reaches the disk in PGlite: emscripten's fdatasync does nothing, open_sync cannot
 * open the WAL (EINVAL, the database aborts) and open_datasync leaves checkpoints unsynced; fsync() reaches Node's
 * fs.fsyncSync through db/pglite-fsync.ts. In memory there is nothing to sync: PGlite's parameters stay as they are.
 */
export const DURABILIDAD_PGLITE: Readonly<Record<string, string>> = {
  fsync: 'on',
  synchronous_commit: 'on',
  wal_sync_method: 'fsync',
};

/** PGlite's start parameters (its defaults, never replaced) plus ours; on disk without `-F` and durable. */
export function parametrosPglite(propios: readonly string[], enDisco: boolean): string[] {
  const ajustes = enDisco ? { ...AJUSTES_PGLITE, ...DURABILIDAD_PGLITE } : AJUSTES_PGLITE;
  return [
    ...(enDisco ? propios.filter((p) => p !== '-F') : propios),
    ...Object.entries(ajustes).flatMap(([nombre, valor]) => ['-c', `${nombre}=${valor}`]),
  ];
}

async function openPglite(opts: OpenDbOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { conSentenciasPreparadas } = await import('./pglite-sentencias.ts');
  let release = () => {};
  let dir: string | undefined;
  if (!opts.memory) {
    mkdirSync(opts.dataDir, { recursive: true });
    release = acquireLock(path.join(opts.dataDir, 'pglite.lock'));
    dir = path.join(opts.dataDir, 'pglite');
  }
  try {
    const extensions = { btree_gist, pg_trgm, unaccent };
    let client: PGliteCliente;
    let reabrible: PgliteReabrible | undefined;
    if (dir === undefined) {
      const crudo = await PGlite.create({
        extensions,
        startParams: parametrosPglite(PGlite.defaultStartParams, false),
        ...(opts.volcado ? { loadDataDir: opts.volcado } : {}),
      });
      client = conSentenciasPreparadas(crudo);
    } else {
      const enDisco = dir;
      const nueva = !existsSync(path.join(enDisco, 'PG_VERSION'));
      // Before PGlite: on a nearly full disk it fails with "PGlite failed to initialize properly" (issue 28, item 4).
      comprobarEspacioParaArrancar(enDisco, nueva);
      const { NodeFSConFsync, sincronizarArbol } = await import('./pglite-fsync.ts');
      reabrible = await crearPgliteReabrible({
        dir: enDisco,
        log: opts.log,
        async abrir() {
          // PGlite's NodeFS with an fsync that reaches the disk (db/pglite-fsync.ts).
          const pg = new PGlite({
            dataDir: enDisco,
            fs: new NodeFSConFsync(enDisco),
            extensions,
            startParams: parametrosPglite(PGlite.defaultStartParams, true),
          });
          try {
            await pg.waitReady;
          } catch (err) {
            cerrarDescriptores(pg);
            throw err;
          }
          return pg;
        },
        envolver: conSentenciasPreparadas,
      });
      if (nueva) sincronizarArbol(enDisco);
      client = reabrible.cliente;
    }
    const abierta = reabrible;
    // Reads go through named prepared statements (pglite-sentencias.ts); the rest to PGlite as is.
    const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      async ping() {
        // Readiness says so when the disk is full: writes would fail (SinEspacioError, answered as sin_espacio).
        abierta?.verificarEspacio();
        await client.query('select 1');
      },
      async migrate() {
        const consultar = async (sql: string) => (await client.query<Record<string, unknown>>(sql)).rows;
        if (await migracionesAlDia(consultar)) return;
        await repararMigracionesEditadas(consultar, (sql) => client.exec(sql));
        const { migrate } = await import('drizzle-orm/pglite/migrator');
        await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
      },
      avisos: {
        async escuchar(canal, oyente) {
          // On disk, listening again on each instance opened after a full disk.
          if (abierta) return abierta.escuchar(canal, oyente);
          const dejar = await client.listen(canal, oyente.alAviso);
          oyente.alEstado(true);
          return () => dejar();
        },
      },
      async close() {
        try {
          await (abierta ? abierta.cerrar() : client.close());
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
