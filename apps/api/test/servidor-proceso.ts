// Helpers of the tests that run the real server as a process (servidor-logs, npm-start): a free port, the
// environment of a test server, waiting for readiness, and whether processes are still there.
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';

export const puertoLibre = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The environment of a server on PGlite in DATA_DIR, listening on 127.0.0.1:port. */
export const entornoServidor = (dataDir: string, port: number, extra: Record<string, string> = {}) => ({
  ...process.env,
  NODE_ENV: 'development',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SEMILLA_DEMO: 'false',
  LOG_LEVEL: 'info',
  RATE_LIMIT_MAX: '1000000',
  ...extra,
});

/** Waits (at most 100 s: a cold tsx start on a busy machine) until /salud/lista answers 200. */
export async function esperarLista(url: string, salio: () => boolean = () => false): Promise<void> {
  const limite = Date.now() + 100_000;
  for (;;) {
    if (salio()) throw new Error('the server exited before it was ready');
    if (Date.now() > limite) throw new Error('server not ready');
    const ok = await fetch(`${url}/salud/lista`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Whether the process exists and has not ended (a zombie nobody reaps, e.g. under a container's init, has). */
export function vivo(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Waits until none of the processes is alive, at most `ms`; returns those still alive. */
export async function esperarFin(pids: number[], ms: number): Promise<number[]> {
  const limite = Date.now() + ms;
  while (pids.some(vivo) && Date.now() < limite) await new Promise((r) => setTimeout(r, 100));
  return pids.filter(vivo);
}

/** Every process under `pid` (children, their children...), with its command line, read from /proc. */
export function descendientes(pid: number): { pid: number; comando: string }[] {
  const hijos = new Map<number, number[]>();
  for (const nombre of readdirSync('/proc')) {
    if (!/^\d+$/.test(nombre)) continue;
    try {
      // The command may hold spaces and parentheses: the parent pid is the 2nd field after the last ')'.
      const stat = readFileSync(`/proc/${nombre}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      hijos.set(ppid, [...(hijos.get(ppid) ?? []), Number(nombre)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const todos: { pid: number; comando: string }[] = [];
  const pendientes = [...(hijos.get(pid) ?? [])];
  while (pendientes.length) {
    const p = pendientes.pop()!;
    let comando = '';
    try {
      comando = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      /* gone meanwhile */
    }
    todos.push({ pid: p, comando });
    pendientes.push(...(hijos.get(p) ?? []));
  }
  return todos;
}
