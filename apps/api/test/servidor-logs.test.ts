// Logs never freeze the server, and shutdown always ends (issue 11.9, issue 28 item 6).
// - Issue 11.9: standard output into a pipe nobody reads (`node server | sleep 300`, a stalled log collector), a few
//   thousand requests, then SIGTERM: the process stopped listening and never exited, its main thread stuck in
//   Atomics.wait inside the synchronous log writer.
// - Issue 28: standard output and error are socketpairs (a harness's child_process 'pipe') whose reader stops
//   reading and then goes away. When it went away as SIGTERM arrived, the exit's flushSync() met EPIPE and retried it
//   forever (write = EPIPE, 100 ms Atomics.wait, again): alive, not listening, SIGTERM ignored, 3 runs out of 3.
// Here the real process must keep answering and exit within the shutdown deadline.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirMigrado } from './helpers.ts';
import { entornoServidor, esperarFin, esperarLista, puertoLibre, vivo } from './servidor-proceso.ts';

const API = path.resolve(import.meta.dirname, '..');
// Already migrated: the server skips initdb and the migrations, which this test is not about (removed after the file).
const dataDir = await dataDirMigrado('clinica-logs');
const grupos: number[] = [];

afterAll(() => {
  for (const grupo of grupos) {
    try {
      process.kill(-grupo, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

describe('a stalled log reader', () => {
  it('the server keeps answering, then exits after SIGTERM within the deadline', async () => {
    const port = await puertoLibre();
    // Standard output into `sleep`, which never reads it: the pipe fills after ~64 KB of logs.
    const sh = spawn('sh', ['-c', 'node --import tsx src/server.ts 2>/dev/null | sleep 600'], {
      cwd: API,
      detached: true,
      stdio: 'ignore',
      env: entornoServidor(dataDir, port),
    });
    grupos.push(sh.pid!);
    const url = `http://127.0.0.1:${port}`;
    await esperarLista(url);
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
    expect(await esperarFin([pid], 15_000)).toEqual([]);
    expect(vivo(pid)).toBe(false);
  }, 180_000);
});

/** ~1,000 requests to an unknown API path, each logging its answer: far more than a socket's buffer holds. */
async function inundar(url: string) {
  for (let lote = 0; lote < 20; lote++) {
    const respuestas = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${url}/apinoexiste/${lote}`).then((r) => r.status)),
    );
    expect(respuestas.every((s) => s === 404)).toBe(true);
  }
}

/** The server with its standard output and error on socketpairs (child_process 'pipe'), their reader stalled. */
async function servidorConLectorDetenido() {
  const port = await puertoLibre();
  const servidor = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: entornoServidor(dataDir, port),
  });
  grupos.push(servidor.pid!);
  const fin = new Promise<number | null>((resolve) => servidor.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await esperarLista(url, () => servidor.exitCode !== null);
  // The reader stops reading: the sockets fill up and stay full.
  servidor.stdout.pause();
  servidor.stderr.pause();
  return {
    servidor,
    url,
    fin,
    /** The reader goes away, as a harness that exits: the server's writes now fail with EPIPE. */
    irse() {
      servidor.stdout.destroy();
      servidor.stderr.destroy();
    },
  };
}

/** The exit code, or 'vivo' if the process is still there after 15 s (the shutdown deadline is 10 s). */
const salida = (fin: Promise<number | null>) =>
  Promise.race([fin, new Promise<'vivo'>((r) => setTimeout(() => r('vivo'), 15_000))]);

describe('a log reader on a socketpair that stalls, then goes away', () => {
  it('during load: the server keeps answering, then exits 0 on SIGTERM', async () => {
    const { servidor, url, fin, irse } = await servidorConLectorDetenido();
    await inundar(url);
    irse();
    await inundar(url);
    expect((await fetch(`${url}/salud`, { signal: AbortSignal.timeout(30_000) })).status).toBe(200);
    servidor.kill('SIGTERM');
    expect(await salida(fin)).toBe(0);
  }, 180_000);

  it('during shutdown: SIGTERM as the reader goes away, the server exits 0', async () => {
    const { servidor, url, fin, irse } = await servidorConLectorDetenido();
    await inundar(url);
    // A harness's way out: SIGTERM to the server, then it exits itself.
    servidor.kill('SIGTERM');
    irse();
    expect(await salida(fin)).toBe(0);
  }, 180_000);
});
