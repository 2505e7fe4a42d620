// Process helpers shared by the benchmark scripts: a free port, waiting for a server, stopping it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

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
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

export type Api = { base: string; child: ChildProcess; port: number };

/**
 * Starts the built server (apps/api/dist/server.js) on a free port and waits until it is ready. `env` is added to
 * a benchmark-friendly default (logs at error, no rate limit); `nodeArgs` go before the script (e.g. a preload),
 * `ipc` opens a message channel to the child and `segundos` is how long to wait for it (30).
 */
export async function iniciarApi(
  env: Record<string, string>,
  opts: { nodeArgs?: string[]; ipc?: boolean; servidor?: string; segundos?: number } = {},
): Promise<Api> {
  const root = path.resolve(import.meta.dirname, '..');
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), opts.servidor ?? path.join(root, 'apps/api/dist/server.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        RATE_LIMIT_MAX: '100000000',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit', ...(opts.ipc ? (['ipc'] as const) : [])],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/salud/lista`, child, opts.segundos);
  } catch (err) {
    await stop(child);
    throw err;
  }
  return { base, child, port };
}
