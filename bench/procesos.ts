// Process helpers shared by the benchmark scripts: a free port, waiting for a server, stopping it.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { ENTORNO_NODE, OPCIONES_NODE } from '../scripts/opciones-node.mjs';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export async function waitFor(url: string, child: ChildProcess, segundos = 30) {
  for (let i = 0; i < segundos * 10; i++) {
    if (child.exitCode !== null) throw new Error(`proceso terminó (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`sin respuesta: ${url}`);
}

export function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/perfil"): extra node flags for the server under test. */
function argsDelEntorno(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux; undefined elsewhere): the server's
 * CPU per request, which a busy machine changes far less than it changes throughput.
 */
export function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(campos[11]) + Number(campos[12])) * 10;
  } catch {
    return undefined;
  }
}

export type Api = { base: string; child: ChildProcess; port: number };

/**
 * Starts the built server (apps/api/dist/server.js) on a free port and waits until it is ready. `env` is added to
 * a benchmark-friendly default (logs at error, no rate limit); `nodeArgs` go before the script (e.g. a preload),
 * `ipc` opens a message channel to the child and `segundos` is how long to wait for it (30). `registros`: the server's
 * standard output goes into a pipe that another process (`cat`, to /dev/null) reads, as a log collector reads a
 * clinic's (journald, docker): its lines cost the server what they cost there, and nothing in this process.
 */
export async function iniciarApi(
  env: Record<string, string>,
  opts: { nodeArgs?: string[]; ipc?: boolean; servidor?: string; segundos?: number; registros?: boolean } = {},
): Promise<Api> {
  const root = path.resolve(import.meta.dirname, '..');
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...OPCIONES_NODE,
      ...(opts.nodeArgs ?? []),
      ...argsDelEntorno(),
      opts.servidor ?? path.join(root, 'apps/api/dist/server.js'),
    ],
    {
      cwd: root,
      env: {
        ...ENTORNO_NODE,
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        RATE_LIMIT_MAX: '100000000',
        ...env,
      },
      stdio: ['ignore', opts.registros ? 'pipe' : 'inherit', 'inherit', ...(opts.ipc ? (['ipc'] as const) : [])],
    },
  );
  if (opts.registros && child.stdout) {
    // BENCH_REGISTROS: a file that keeps the lines (to read the access log of a run), instead of /dev/null.
    const destino = process.env.BENCH_REGISTROS ? openSync(process.env.BENCH_REGISTROS, 'a') : 'ignore';
    const lector = spawn('cat', [], { stdio: [child.stdout, destino, 'inherit'] });
    if (typeof destino === 'number') closeSync(destino);
    child.stdout.destroy(); // the reader holds its own copy of the pipe
    child.once('exit', () => lector.kill());
  }
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/salud/lista`, child, opts.segundos);
  } catch (err) {
    await stop(child);
    throw err;
  }
  return { base, child, port };
}
