import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../src/db/client.ts';
import { acquireLock, DataDirLockedError } from '../src/db/lock.ts';
import { dataDirMigrado } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';

const tmp = () => directorioTemporal('clinica-lock');

describe('embedded database lock', () => {
  it('refuses a second opener of the same DATA_DIR with a Spanish message', async () => {
    const dataDir = await dataDirMigrado('clinica-lock');
    const first = await openDb({ dataDir });
    try {
      // Simulate another live process holding the lock: our own pid would be treated as re-entry,
      // so point the lock at the parent process (alive, not us).
      writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.ppid));
      await expect(openDb({ dataDir })).rejects.toThrow(/ya está en uso por otro proceso/);
      await expect(openDb({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.pid));
      await first.close();
    }
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = tmp();
    const archivo = path.join(dir, 'x.lock');
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('exit', r));
    writeFileSync(archivo, String(dead.pid));
    const release = acquireLock(archivo);
    expect(existsSync(archivo)).toBe(true);
    release();
    expect(existsSync(archivo)).toBe(false);
  });

  it('data survive closing and reopening', async () => {
    const dataDir = await dataDirMigrado('clinica-lock');
    const a = await openDb({ dataDir });
    await a.migrate();
    await a.db.execute("insert into categorias_procedimiento (nombre) values ('Persistente')");
    await a.close();
    const b = await openDb({ dataDir });
    const r = await b.db.execute(
      "select count(*)::int as n from categorias_procedimiento where nombre = 'Persistente'",
    );
    expect((r.rows[0] as { n: number }).n).toBe(1);
    await b.close();
  });
});
