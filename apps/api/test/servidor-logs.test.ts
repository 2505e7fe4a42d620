// Logs never freeze the server, and shutdown always ends (issue 11.9). Reproduced before the fix: standard output
// into a pipe nobody reads (`node server | sleep 300`, a stalled log collector), a few thousand requests, then
// SIGTERM: the process stopped listening and never exited, its main thread stuck in Atomics.wait inside the
// synchronous log writer. Here the real process must keep answering and exit within the shutdown deadline.
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirMigrado } from './helpers.ts';

const API = path.resolve(import.meta.dirname, '..');
// Already migrated: the server skips initdb and the migrations, which this test is not about (removed after the file).
const dataDir = await dataDirMigrado('clinica-logs');
let grupo: number | undefined;

afterAll(() => {
  if (grupo) {
    try {
      process.kill(-grupo, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

const puertoLibre = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const vivo = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a stalled log reader', () => {
  it('the server keeps answering, then exits after SIGTERM within the deadline', async () => {
    const port = await puertoLibre();
    // Standard output into `sleep`, which never reads it: the pipe fills after ~64 KB of logs.
    const sh = spawn('sh', ['-c', 'node --import tsx src/server.ts 2>/dev/null | sleep 600'], {
      cwd: API,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEMILLA_DEMO: 'false',
        LOG_LEVEL: 'info',
        RATE_LIMIT_MAX: '1000000',
      },
    });
    grupo = sh.pid!;
    const url = `http://127.0.0.1:${port}`;
    const limite = Date.now() + 100_000;
    for (;;) {
      if (Date.now() > limite) throw new Error('server not ready');
      const ok = await fetch(`${url}/salud/lista`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const pid = Number(
      execFileSync('pgrep', ['-f', '-P', String(sh.pid), 'src/server.ts'])
        .toString()
        .trim(),
    );
    expect(pid).toBeGreaterThan(0);

    // ~4,000 requests to an unknown API path: each one logs its request and its answer.
    for (let lote = 0; lote < 80; lote++) {
      const respuestas = await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${url}/apinoexiste/${lote}`).then((r) => r.status)),
      );
      expect(respuestas.every((s) => s === 404)).toBe(true);
    }
    // Still answering with the log pipe full (a blocked stdout would hang this request, not slow it).
    expect((await fetch(`${url}/salud`, { signal: AbortSignal.timeout(30_000) })).status).toBe(200);

    process.kill(pid, 'SIGTERM');
    const plazo = Date.now() + 15_000;
    while (vivo(pid) && Date.now() < plazo) await new Promise((r) => setTimeout(r, 100));
    expect(vivo(pid)).toBe(false);
  }, 180_000);
});
