// Whether a database already has every migration, asked cheaply before running drizzle's migrator. The migrator
// (re)creates its schema and table, reads the last row and opens an empty transaction: on a cold PGlite each of
// those touches catalogue files for the first time, and every start paid that for nothing (issue 12, item 5).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../lib/paths.ts';

/** The newest migration's timestamp in the journal drizzle-kit writes (meta/_journal.json, field `when`). */
export function ultimaMigracion(carpeta = MIGRATIONS_DIR): number {
  const diario = JSON.parse(readFileSync(path.join(carpeta, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...diario.entries.map((e) => e.when));
}

/**
 * True when the migrations table records the newest migration of the journal. This is drizzle's own rule (it
 * applies each migration whose `when` is later than the newest `created_at` it recorded), so whenever this says
 * true the migrator would have done nothing; a database without the table is not up to date.
 */
export async function migracionesAlDia(
  consultar: (sql: string) => Promise<Record<string, unknown>[]>,
  carpeta = MIGRATIONS_DIR,
): Promise<boolean> {
  const [tabla] = await consultar("select to_regclass('drizzle.__drizzle_migrations') is not null as existe");
  if (!tabla?.existe) return false;
  const [fila] = await consultar('select max(created_at)::text as ultima from drizzle.__drizzle_migrations');
  return fila?.ultima != null && Number(fila.ultima) >= ultimaMigracion(carpeta);
}
