// Start-up and memory (issue 12, item 5): PGlite starts with its memory settings on top of its own defaults, a
// database with every migration skips the migrator, and the built server does not load at start what only a
// few requests need (PDFs, images, e-mail, Redis, the other database's driver, the API docs).
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AJUSTES_PGLITE, openDb, type Database } from '../src/db/client.ts';
import { migracionesAlDia, ultimaMigracion } from '../src/db/migraciones.ts';
import { API_ROOT, MIGRATIONS_DIR } from '../src/lib/paths.ts';
import { createTestDatabase, type BaseDePrueba } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';

describe('PGlite settings', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDb({ dataDir: '', memory: true });
  });
  afterAll(() => database.close());

  const mostrar = async (ajuste: string) =>
    Object.values((await database.db.execute(`show ${ajuste}`)).rows[0] as Record<string, string>)[0];

  it('applies AJUSTES_PGLITE (a 16 MB buffer pool, not initdb 128 MB)', async () => {
    expect(AJUSTES_PGLITE.shared_buffers).toBe('16MB');
    for (const [ajuste, valor] of Object.entries(AJUSTES_PGLITE)) expect(await mostrar(ajuste)).toBe(valor);
  });

  it("keeps PGlite's own start parameters (added to, not replaced)", async () => {
    expect(await mostrar('max_worker_processes')).toBe('0');
    expect(await mostrar('exit_on_error')).toBe('off');
    expect(await mostrar('search_path')).toBe('public');
  });
});

describe('migrations already applied', () => {
  let database: BaseDePrueba;
  const consultar = async (sql: string) => (await database.db.execute(sql)).rows as Record<string, unknown>[];
  beforeAll(async () => {
    database = await createTestDatabase({ vacia: true });
  });
  afterAll(() => database.drop());

  it('the newest migration is the latest `when` of the journal', () => {
    const diario = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    expect(diario.entries.length).toBeGreaterThan(0);
    expect(ultimaMigracion()).toBe(diario.entries.at(-1)!.when);
  });

  it('an empty database is not up to date; after migrate() it is, and migrate() again changes nothing', async () => {
    expect(await migracionesAlDia(consultar)).toBe(false);
    await database.migrate();
    expect(await migracionesAlDia(consultar)).toBe(true);
    const filas = async () => (await consultar('select count(*)::int as n from drizzle.__drizzle_migrations'))[0];
    const antes = await filas();
    await database.migrate();
    expect(await filas()).toEqual(antes);
  });

  it('a journal with a newer migration than the database records is not up to date', async () => {
    const carpeta = directorioTemporal('clinica-migraciones');
    cpSync(MIGRATIONS_DIR, carpeta, { recursive: true });
    const archivo = path.join(carpeta, 'meta', '_journal.json');
    const diario = JSON.parse(readFileSync(archivo, 'utf8')) as { entries: { when: number; tag: string }[] };
    diario.entries.push({ ...diario.entries.at(-1)!, when: diario.entries.at(-1)!.when + 1, tag: '9999_nueva' });
    writeFileSync(archivo, JSON.stringify(diario));
    expect(await migracionesAlDia(consultar, carpeta)).toBe(false);
    expect(await migracionesAlDia(consultar)).toBe(true);
  });
});

describe('the built server at start-up', () => {
  /** npm packages the start-up path must not import: each is needed only by a few requests or settings. */
  const PEREZOSOS = [
    'sharp',
    'pdf-lib',
    'nodemailer',
    'redis',
    '@socket.io/redis-streams-adapter',
    'pg',
    'drizzle-orm/node-postgres',
    // PGlite loads when it is the database (db/client.ts), not on a PostgreSQL install.
    '@electric-sql/pglite',
    '@fastify/swagger',
    '@fastify/swagger-ui',
  ];

  it('imports none of them statically: they load with their first use', () => {
    const dist = directorioTemporal('clinica-api-dist');
    execFileSync(process.execPath, [path.join(API_ROOT, 'build.mjs')], {
      env: { ...process.env, API_DIST: dist },
      stdio: 'pipe',
    });
    // Every module reachable from server.js through static imports, and the npm packages they import.
    const paquetes = new Set<string>();
    const vistos = new Set<string>();
    const pendientes = [path.join(dist, 'server.js')];
    while (pendientes.length) {
      const archivo = pendientes.pop()!;
      if (vistos.has(archivo)) continue;
      vistos.add(archivo);
      const codigo = readFileSync(archivo, 'utf8');
      // esbuild writes static imports as `import ... from "x";` or `import "x";` at the start of a line.
      const estaticos = /^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)";$|^import\s*"([^"]+)";$/gm;
      for (const [, desde, suelto] of codigo.matchAll(estaticos)) {
        const especificador = (desde ?? suelto)!;
        if (especificador.startsWith('.')) pendientes.push(path.resolve(path.dirname(archivo), especificador));
        else if (!especificador.startsWith('node:')) paquetes.add(especificador);
      }
    }
    expect(vistos.size).toBeGreaterThan(1);
    expect([...paquetes]).toEqual(expect.arrayContaining(['fastify', 'socket.io']));
    expect([...paquetes].filter((p) => PEREZOSOS.includes(p))).toEqual([]);
    // They are still in the build, behind dynamic imports.
    const todo = [...vistos].map((a) => readFileSync(a, 'utf8')).join('\n');
    expect(todo).toMatch(/import\(["']sharp["']\)/);
  }, 60_000);
});
