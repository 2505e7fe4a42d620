// Migrates one database before any API test file runs (STYLE 10: migrate once, copy per file). PGlite: a
// migrated data directory dumped to a tarball that each file loads into a new in-memory PGlite. PostgreSQL
// (TEST_DATABASE_URL): a migrated template database that each file clones with CREATE DATABASE ... TEMPLATE.
// Everything is removed after the run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { openDb } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the migrated data-directory dump. */
    volcadoPglite: string;
    /** PostgreSQL: name of the migrated template database. */
    plantillaPostgres: string;
  }
}

/** The same URL on another database of the server. */
export function urlDeBase(url: string, nombre: string): string {
  const u = new URL(url);
  u.pathname = `/${nombre}`;
  return u.toString();
}

export async function sqlAdministrativo(url: string, sentencia: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sentencia);
  } finally {
    await c.end();
  }
}

type Preparada = { provisto: Partial<ProvidedContext>; limpiar(): Promise<void> };

/** Migrates the run's database; limpiar() removes it. */
async function preparar(): Promise<Preparada> {
  const provisto: Partial<ProvidedContext> = {};
  const raiz = mkdtempSync(path.join(os.tmpdir(), 'clinica-pruebas-api-'));
  const url = process.env.TEST_DATABASE_URL;
  let limpiar = async () => {};
  try {
    if (url) {
      const plantilla = `plantilla_${randomBytes(6).toString('hex')}`;
      await sqlAdministrativo(url, `CREATE DATABASE ${plantilla}`);
      limpiar = () => sqlAdministrativo(url, `DROP DATABASE IF EXISTS ${plantilla} WITH (FORCE)`);
      const database = await openDb({ databaseUrl: urlDeBase(url, plantilla), dataDir: raiz });
      try {
        await database.migrate();
      } finally {
        // A template must have no open connection when it is cloned.
        await database.close();
      }
      provisto.plantillaPostgres = plantilla;
    } else {
      const dataDir = path.join(raiz, 'plantilla');
      const database = await openDb({ dataDir });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      // Reopened by hand for the dump: the app's Database does not expose PGlite (nothing else needs it).
      const client = await PGlite.create(path.join(dataDir, 'pglite'), {
        extensions: { btree_gist, pg_trgm, unaccent },
      });
      try {
        // Uncompressed: loading it is faster than a gzip one, and it only lives during the run.
        const volcado = await client.dumpDataDir('none');
        const archivo = path.join(raiz, 'plantilla.tar');
        writeFileSync(archivo, new Uint8Array(await volcado.arrayBuffer()));
        provisto.volcadoPglite = archivo;
      } finally {
        await client.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  } catch (err) {
    await limpiar();
    rmSync(raiz, { recursive: true, force: true });
    throw err;
  }
  return {
    provisto,
    async limpiar() {
      await limpiar();
      rmSync(raiz, { recursive: true, force: true });
    },
  };
}

/**
 * Vitest runs the global setup once per project (vitest.config.ts: 'compartido' and 'aislado'), in the same
 * process: the first call migrates, the others share its database, and the last teardown removes it. Kept on
 * globalThis because each project may load this module on its own.
 */
const COMPARTIDA = Symbol.for('clinica.pruebas-api.base-migrada');
type Compartida = { preparada: Promise<Preparada>; usuarios: number };

export default async function setup(project: TestProject) {
  const global = globalThis as { [COMPARTIDA]?: Compartida };
  const compartida = (global[COMPARTIDA] ??= { preparada: preparar(), usuarios: 0 });
  compartida.usuarios += 1;
  const { provisto } = await compartida.preparada;
  for (const [clave, valor] of Object.entries(provisto)) project.provide(clave as keyof ProvidedContext, valor);
  return async () => {
    compartida.usuarios -= 1;
    if (compartida.usuarios > 0) return;
    delete global[COMPARTIDA];
    await (await compartida.preparada).limpiar();
  };
}
