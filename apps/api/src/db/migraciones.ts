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

/** Runs one or more statements, without parameters, as one simple query (one implicit transaction). */
export type Ejecutar = (sql: string) => Promise<unknown>;

/**
 * Migrations that were edited after some database had applied them, and how to take such a database back to the
 * state before them, so that the current file applies as written. Never add to this list by editing a
 * migration again: migrations are immutable (test/migraciones-inmutables.test.ts); it exists for databases
 * migrated before that rule was enforced.
 *
 * 0017 had three versions. Commit cbfd82d recorded `0017_nombre_busqueda` (only usuarios.nombre_busqueda, as
 * f_unaccent(lower(...))); d78dfde recorded `0017_busqueda_guardada` with both columns in that order of calls;
 * 1c19bee rewrote it as lower(f_unaccent(...)) with a new timestamp. Drizzle applies a migration whose timestamp
 * is newer than the newest it recorded, so a database of either earlier version ran the current 0017 again at
 * every start and failed on `column "nombre_busqueda" of relation "usuarios" already exists`.
 */
export const MIGRACIONES_EDITADAS: readonly { tag: string; antiguas: readonly number[]; deshacer: string }[] = [
  {
    tag: '0017_busqueda_guardada',
    antiguas: [1795483750625, 1795486686031],
    // Back to what 0016 left: the trigram indexes of 0001 and 0011 on expressions, no stored columns.
    deshacer: `
      DROP INDEX IF EXISTS "usuarios_busqueda_trgm";
      DROP INDEX IF EXISTS "usuarios_nombre_trgm";
      ALTER TABLE "usuarios" DROP COLUMN IF EXISTS "nombre_busqueda", DROP COLUMN IF EXISTS "busqueda";
      CREATE INDEX "usuarios_busqueda_trgm" ON "usuarios"
        USING gin (f_unaccent(lower("nombre" || ' ' || "correo" || ' ' || "numerodocumento")) gin_trgm_ops);
      CREATE INDEX "usuarios_nombre_trgm" ON "usuarios" USING gin (f_unaccent(lower("nombre")) gin_trgm_ops);`,
  },
];

/**
 * Before migrating: a database that recorded an edited version of a migration (MIGRACIONES_EDITADAS) is taken
 * back to the state before it, and that version's row is removed, all in one transaction; the migrator then applies
 * the current file and everything after it. Returns the tags repaired.
 */
export async function repararMigracionesEditadas(
  consultar: (sql: string) => Promise<Record<string, unknown>[]>,
  ejecutar: Ejecutar,
): Promise<string[]> {
  const [tabla] = await consultar("select to_regclass('drizzle.__drizzle_migrations') is not null as existe");
  if (!tabla?.existe) return [];
  const registradas = new Set(
    (await consultar('select created_at::text as c from drizzle.__drizzle_migrations')).map((f) => Number(f.c)),
  );
  const reparadas: string[] = [];
  for (const { tag, antiguas, deshacer } of MIGRACIONES_EDITADAS) {
    const halladas = antiguas.filter((a) => registradas.has(a));
    if (halladas.length === 0) continue;
    // Several statements in one simple query run as one implicit transaction: all or nothing, and no session is
    // ever left inside a failed explicit block.
    await ejecutar(`${deshacer}
      DELETE FROM drizzle.__drizzle_migrations WHERE created_at IN (${halladas.join(', ')});`);
    reparadas.push(tag);
  }
  return reparadas;
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
