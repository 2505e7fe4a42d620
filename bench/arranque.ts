// Start-up time and resident memory of the built server (issue 12, item 5). Used by bench/run.ts; run alone
// (`npm run bench:arranque -w @clinica/bench`, after `npm run build`) it measures only the start-up on PGlite,
// which takes seconds, not the whole benchmark.
//   - Start-up: the built server (NODE_ENV=production) on an EXISTING data directory (migrated and seeded by a
//     first run), from spawn to the first 200 from /salud; median of BENCH_ARRANQUES (3) starts.
//   - Memory: the server's VmRSS (now) and VmHWM (its peak since it started) from /proc/<pid>/status.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { maquina, tablaMetas, type Fila } from './carga.ts';
import { freePort, iniciarApi, stop } from './procesos.ts';
import { ENTORNO_NODE, OPCIONES_NODE } from '../scripts/opciones-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Targets of issue 12, item 5 (a small clinic runs the app on a 1 GB virtual server). */
export const METAS = { arranqueMs: 3000, memoriaMb: { PGlite: 300, PostgreSQL: 150 } } as const;

export type Memoria = { rssMb: number; hwmMb: number };

/** The process's resident memory now and at its peak (Linux /proc); undefined where there is no /proc. */
export function memoriaDe(pid: number | undefined): Memoria | undefined {
  if (pid === undefined) return undefined;
  try {
    const estado = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (campo: string) => Number(new RegExp(`^${campo}:\\s+(\\d+) kB`, 'm').exec(estado)?.[1] ?? Number.NaN);
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** The environment of a production start: a secret is required there, and no demo data is seeded. */
export const entornoProduccion = (env: Record<string, string>): Record<string, string> => ({
  ...env,
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
});

/**
 * A data directory as a clinic has it: a first (development) start migrates it and seeds the demo data, then
 * stops. `env` selects the database (DATABASE_URL, empty for PGlite). Seeding renders images and hashes
 * passwords: on a busy machine it takes well over the usual 30 s wait.
 */
export async function prepararDatos(env: Record<string, string>, servidor?: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-bench-'));
  const api = await iniciarApi(
    { NODE_ENV: 'development', DATA_DIR: dataDir, SEMILLA_DEMO: 'true', ...env },
    { segundos: 180, ...(servidor ? { servidor } : {}) },
  );
  await stop(api.child);
  return dataDir;
}

/** ms from spawning the server to its first 200 from /salud. */
async function unArranque(servidor: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const inicio = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...OPCIONES_NODE, servidor], {
    cwd: ROOT,
    env: { ...ENTORNO_NODE, ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar (${child.exitCode})`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/salud`)).status === 200) return performance.now() - inicio;
      } catch {
        /* not listening yet */
      }
      if (performance.now() - inicio > 60_000) throw new Error('el servidor no respondió en 60 s');
      // Polled often: the poll interval is part of what is measured.
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await stop(child);
  }
}

export type Arranque = { medianaMs: number; tiemposMs: number[] };

/** Starts the built server `veces` times on `dataDir` (production) and returns the median time to ready. */
export async function medirArranque(
  dataDir: string,
  env: Record<string, string>,
  opts: { servidor?: string; veces?: number } = {},
): Promise<Arranque> {
  const servidor = opts.servidor ?? path.join(ROOT, 'apps/api/dist/server.js');
  const tiemposMs: number[] = [];
  for (let i = 0; i < (opts.veces ?? 3); i++)
    tiemposMs.push(await unArranque(servidor, entornoProduccion({ ...env, DATA_DIR: dataDir })));
  const orden = [...tiemposMs].sort((a, b) => a - b);
  return { medianaMs: orden[Math.floor(orden.length / 2)]!, tiemposMs };
}

export const filaArranque = (a: Arranque): Fila => ({
  que: 'arranque en una base PGlite existente (producción, hasta el primer 200 de /salud; mediana de 3)',
  meta: `<= ${METAS.arranqueMs / 1000} s`,
  medido: `${(a.medianaMs / 1000).toFixed(2)} s (${a.tiemposMs.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
  cumple: a.medianaMs <= METAS.arranqueMs,
});

/** Judged on the peak (VmHWM): the process must stay under the target during the whole run, not only at its end. */
export const filaMemoria = (motor: 'PGlite' | 'PostgreSQL', m: Memoria | undefined): Fila => ({
  que: `memoria residente del servidor tras el benchmark y una inundación de inicios de sesión (${motor})`,
  meta: `<= ${METAS.memoriaMb[motor]} MB (pico)`,
  medido: m ? `pico ${m.hwmMb.toFixed(0)} MB, al final ${m.rssMb.toFixed(0)} MB` : 'sin /proc: no medido',
  cumple: m ? m.hwmMb <= METAS.memoriaMb[motor] : null,
});

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const m = maquina();
  console.log(`carga de la máquina al empezar: ${m.carga} (${m.nucleos} núcleos)`);
  const dataDir = await prepararDatos({ DATABASE_URL: '' });
  try {
    const a = await medirArranque(dataDir, { DATABASE_URL: '' });
    console.log(`\n${tablaMetas([filaArranque(a)])}\n`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
