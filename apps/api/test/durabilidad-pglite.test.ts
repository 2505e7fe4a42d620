// A commit the embedded database acknowledges is on stable storage (issue 28, item 1; QUALITY.md reliability 10;
// docs/decisions/0036-pglite-durable.md): counts the fsync calls that reach Node's fs per committed INSERT on an
// on-disk PGlite, and which file each one synced. Emscripten's NODEFS calls Node's fs for every file operation of
// the data directory, so a sync that is not counted here never reached the operating system.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDb, type Database } from '../src/db/client.ts';
import { directorioTemporal } from './temporales.ts';

/** Paths synced through fs.fsyncSync / fs.fdatasyncSync while `espiar` is on, in call order. */
function espiarSincronizaciones() {
  const rutas: string[] = [];
  const ruta = (fd: number) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return `fd ${fd}`;
    }
  };
  for (const nombre of ['fsyncSync', 'fdatasyncSync'] as const) {
    const original = fs[nombre];
    vi.spyOn(fs, nombre).mockImplementation((fd: number) => {
      rutas.push(ruta(fd));
      original(fd);
    });
  }
  return rutas;
}

const valor = async (database: Database, ajuste: string) =>
  Object.values((await database.db.execute(`show ${ajuste}`)).rows[0] as Record<string, string>)[0];

describe('embedded database durability', () => {
  const abiertas: Database[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const d of abiertas.splice(0)) await d.close();
  });

  it('on disk, every committed INSERT fsyncs the WAL before it resolves, and the rows are there after a reopen', async () => {
    const dataDir = directorioTemporal('clinica-fsync');
    const rutas = espiarSincronizaciones();
    const database = await openDb({ dataDir });
    abiertas.push(database);
    // A new data directory is synced once, initdb's files included (PGlite writes them without a sync).
    expect(rutas).toContain(path.join(dataDir, 'pglite', 'PG_VERSION'));
    expect(rutas).toContain(path.join(dataDir, 'pglite', 'global', 'pg_control'));

    expect(await valor(database, 'fsync')).toBe('on');
    expect(await valor(database, 'synchronous_commit')).toBe('on');
    expect(await valor(database, 'wal_sync_method')).toBe('fsync');
    // PGlite's other start parameters are still in effect.
    expect(await valor(database, 'exit_on_error')).toBe('off');
    expect(await valor(database, 'shared_buffers')).toBe('16MB');

    await database.db.execute('create table prueba_fsync (id integer primary key, texto text not null)');
    const N = 20;
    const porCommit: string[][] = [];
    for (let i = 1; i <= N; i++) {
      const antes = rutas.length;
      await database.db.execute(`insert into prueba_fsync values (${i}, 'fila ${i}')`);
      porCommit.push(rutas.slice(antes));
    }
    const wal = path.join(dataDir, 'pglite', 'pg_wal') + path.sep;
    for (const sincronizadas of porCommit) expect(sincronizadas.filter((r) => r.startsWith(wal)).length).toBe(1);

    // A transaction of several statements syncs once, at COMMIT; a rolled-back one writes nothing to keep.
    let antes = rutas.length;
    await database.db.transaction(async (tx) => {
      await tx.execute(`insert into prueba_fsync values (101, 'a')`);
      await tx.execute(`insert into prueba_fsync values (102, 'b')`);
    });
    expect(rutas.slice(antes).filter((r) => r.startsWith(wal))).toHaveLength(1);
    antes = rutas.length;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(`insert into prueba_fsync values (103, 'c')`);
        throw new Error('deshacer');
      }),
    ).rejects.toThrow('deshacer');
    expect(rutas.slice(antes)).toHaveLength(0);

    await abiertas.pop()!.close();
    const otra = await openDb({ dataDir });
    abiertas.push(otra);
    const filas = (await otra.db.execute('select count(*)::int as n from prueba_fsync')).rows as { n: number }[];
    expect(filas[0]!.n).toBe(N + 2);
    expect(await valor(otra, 'wal_sync_method')).toBe('fsync');
  });

  it('in memory nothing is synced: PGlite keeps its own parameters (fsync off) and tests pay nothing', async () => {
    const rutas = espiarSincronizaciones();
    const database = await openDb({ dataDir: '', memory: true });
    abiertas.push(database);
    expect(await valor(database, 'fsync')).toBe('off');
    await database.db.execute('create table prueba_fsync (id integer primary key)');
    for (let i = 1; i <= 5; i++) await database.db.execute(`insert into prueba_fsync values (${i})`);
    expect(rutas).toEqual([]);
  });
});
