// Migrations are immutable (issue 28, item 5): once a migration is in the journal, its file and timestamp never
// change; a change goes in a new migration. And a database migrated by an edited version of 0017 (commits
// cbfd82d..d78dfde) upgrades to main: db/migraciones.ts takes it back to 0016's state and 0017 applies as written.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/lib/paths.ts';
import { MIGRACIONES_EDITADAS } from '../src/db/migraciones.ts';
import type { Database } from '../src/db/client.ts';
import { createTestDatabase } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';

type Entrada = { idx: number; version: string; when: number; tag: string; breakpoints: boolean };
const diario = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: Entrada[];
};
const huellas = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'huellas.json'), 'utf8')) as Record<
  string,
  { when: number; sha256: string }
>;
const sha256 = (tag: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`)))
    .digest('hex');

describe('migrations are immutable', () => {
  it('every migration of the journal has the file and timestamp recorded in drizzle/huellas.json', () => {
    const nuevas = diario.entries.filter((e) => !huellas[e.tag]).map((e) => e.tag);
    // A new migration: `npm run db:generate` records it (apps/api/scripts/huellas-migraciones.mjs), never for an old one.
    expect(nuevas, 'migraciones sin huella en drizzle/huellas.json').toEqual([]);
    for (const e of diario.entries) {
      expect({ tag: e.tag, when: e.when, sha256: sha256(e.tag) }, `${e.tag} cambió después de aplicarse`).toEqual({
        tag: e.tag,
        ...huellas[e.tag],
      });
    }
  });

  it('no recorded migration has left the journal', () => {
    const enDiario = new Set(diario.entries.map((e) => e.tag));
    expect(Object.keys(huellas).filter((t) => !enDiario.has(t))).toEqual([]);
  });
});

/** The two versions of 0017 that databases applied before it was edited, as those commits wrote them. */
const ANTIGUAS_0017: Record<number, { tag: string; sql: string }> = {
  1795483750625: {
    tag: '0017_nombre_busqueda',
    sql: `DROP INDEX "usuarios_nombre_trgm";--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "nombre_busqueda" text GENERATED ALWAYS AS (f_unaccent(lower(nombre))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "usuarios_nombre_trgm" ON "usuarios" USING gin ("nombre_busqueda" gin_trgm_ops);`,
  },
  1795486686031: {
    tag: '0017_busqueda_guardada',
    sql: `DROP INDEX "usuarios_busqueda_trgm";--> statement-breakpoint
DROP INDEX "usuarios_nombre_trgm";--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "nombre_busqueda" text GENERATED ALWAYS AS (f_unaccent(lower(nombre))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "busqueda" text GENERATED ALWAYS AS (f_unaccent(lower(nombre || ' ' || correo || ' ' || numerodocumento))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "usuarios_busqueda_trgm" ON "usuarios" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "usuarios_nombre_trgm" ON "usuarios" USING gin ("nombre_busqueda" gin_trgm_ops);`,
  },
};

/** A migrations folder as an older commit had it: the current files up to 0016, then that commit's 0017. */
function carpetaAntigua(when: number): string {
  const antigua = ANTIGUAS_0017[when]!;
  const dir = directorioTemporal('clinica-migraciones-antiguas');
  mkdirSync(path.join(dir, 'meta'));
  const previas = diario.entries.filter((e) => e.idx <= 16);
  for (const e of previas) copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  writeFileSync(path.join(dir, `${antigua.tag}.sql`), antigua.sql);
  const entradas = [...previas, { ...previas[0]!, idx: 17, when, tag: antigua.tag }];
  writeFileSync(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: entradas }),
  );
  return dir;
}

/** Runs drizzle's migrator of the database's driver on the migrations in `carpeta`. */
async function migrarCon(database: Database, carpeta: string) {
  const migrador =
    database.kind === 'pglite'
      ? await import('drizzle-orm/pglite/migrator')
      : await import('drizzle-orm/node-postgres/migrator');
  await migrador.migrate(database.db as never, { migrationsFolder: carpeta });
}

/** What migrations leave in usuarios: its generated columns' expressions and its indexes. */
async function forma(database: Database) {
  const columnas = await database.db.execute(
    `select a.attname as columna, pg_get_expr(d.adbin, d.adrelid) as expresion
       from pg_attribute a join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = 'usuarios'::regclass and a.attgenerated = 's' order by 1`,
  );
  const indices = await database.db.execute(
    `select indexname, indexdef from pg_indexes where tablename = 'usuarios' order by 1`,
  );
  const ultima = await database.db.execute(
    'select max(created_at)::text as ultima, count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return { columnas: columnas.rows, indices: indices.rows, migraciones: ultima.rows[0] };
}

describe('a database migrated by an edited 0017 upgrades', () => {
  it('lists exactly the versions this test builds', () => {
    expect(MIGRACIONES_EDITADAS.flatMap((m) => m.antiguas).sort()).toEqual(Object.keys(ANTIGUAS_0017).map(Number));
  });

  for (const when of Object.keys(ANTIGUAS_0017).map(Number)) {
    it(`from ${ANTIGUAS_0017[when]!.tag} (${when}): the start migrates, columns and indexes end as on a new database, rows kept`, async () => {
      const nueva = await createTestDatabase();
      const esperada = await forma(nueva);
      await nueva.drop();

      const database = await createTestDatabase({ vacia: true });
      try {
        await migrarCon(database, carpetaAntigua(when));
        await database.db.execute(
          `insert into usuarios (nombre, correo, contrasena_hash, rol, tipodocumento, numerodocumento, telefono)
           values ('Ángela Núñez', 'angela@ejemplo.co', 'x', 'paciente', 'CC', '52123456', '3001234567')`,
        );
        // Before the repair, this start failed: column "nombre_busqueda" of relation "usuarios" already exists.
        await database.migrate();
        expect(await forma(database)).toEqual(esperada);
        const fila = await database.db.execute(
          "select nombre_busqueda, busqueda from usuarios where correo = 'angela@ejemplo.co'",
        );
        expect(fila.rows[0]).toEqual({
          nombre_busqueda: 'angela nunez',
          busqueda: 'angela nunez angela@ejemplo.co 52123456',
        });
        await database.migrate(); // and the next start is a no-op
        expect(await forma(database)).toEqual(esperada);
      } finally {
        await database.drop();
      }
    }, 60_000);
  }
});
