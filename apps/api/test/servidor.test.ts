// Process-level behaviour of the real server: start, second opener refused, SIGTERM exits 0,
// kill -9 leaves a stale lock that the next start takes over with committed data intact.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const API = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

function start(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEMILLA_DEMO: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function ready(port: number, child: ChildProcess) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/salud/lista`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server not ready');
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (c) => resolve(c))));

describe('server process', () => {
  it('refuses a second process on the same DATA_DIR, exits 0 on SIGTERM and survives kill -9', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-srv-'));
    const port = await freePort();
    const a = start(dataDir, port);
    await ready(port, a.child);

    // A second process on the same data directory is refused with a clear Spanish message.
    const b = start(dataDir, await freePort());
    expect(await exited(b.child)).toBe(1);
    expect(b.output()).toContain('ya está en uso por otro proceso');

    // SIGTERM: graceful shutdown, exit code 0, lock released.
    a.child.kill('SIGTERM');
    expect(await exited(a.child)).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    // kill -9 leaves a stale lock; the next start takes over and the data are there.
    const c = start(dataDir, port);
    await ready(port, c.child);
    c.child.kill('SIGKILL');
    await exited(c.child);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    const d = start(dataDir, port);
    await ready(port, d.child);
    const res = await fetch(`http://127.0.0.1:${port}/salud/lista`);
    expect(await res.json()).toMatchObject({ estado: 'ok', baseDeDatos: 'pglite' });
    d.child.kill('SIGTERM');
    expect(await exited(d.child)).toBe(0);
  }, 120_000);
});
