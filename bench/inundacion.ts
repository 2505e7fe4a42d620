// npm run bench:inundacion -w @clinica/bench (after npm run build): a flood of 200 concurrent sign-ins against
// the built server on PGlite, while a few clients keep reading health and the public catalogue (issue 11.2).
// Measures: the ordinary reads' p99 during the flood, how many sign-ins got 503 + Retry-After at once, and the
// sign-ins' own latency. Writes bench/results/inundacion.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, stop, waitFor } from './procesos.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'apps/api/dist/server.js');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-inundacion-'));
const child = spawn(process.execPath, [SERVER], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    RATE_LIMIT_MAX: '100000000',
    SEMILLA_DEMO: 'true',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
try {
  await waitFor(`${base}/salud/lista`, child);
  const lectura = (url: string) => autocannon({ url: `${base}${url}`, connections: 5, duration: DURATION });
  const antes = await lectura('/salud');
  const [inundacion, salud, catalogo] = await Promise.all([
    autocannon({
      url: `${base}/apiusuarios/iniciarsesion`,
      method: 'POST',
      connections: 200,
      duration: DURATION,
      headers: { 'content-type': 'application/json' },
      // The right password: every attempt that is let through runs a full argon2id verification.
      body: JSON.stringify({ correo: 'paciente@demo.test', contrasena: 'clinica-demo-2026' }),
    }),
    lectura('/salud'),
    lectura('/apiprocedimientos/listarprocedimiento'),
  ]);
  const codigos = inundacion.statusCodeStats as Record<string, { count: number }>;
  const filas = [
    ['GET /salud sin inundación', antes.requests.average, antes.latency.p50, antes.latency.p99, '-'],
    ['GET /salud durante la inundación', salud.requests.average, salud.latency.p50, salud.latency.p99, '-'],
    [
      'GET listarprocedimiento durante la inundación',
      catalogo.requests.average,
      catalogo.latency.p50,
      catalogo.latency.p99,
      '-',
    ],
    [
      'POST iniciarsesion (200 conexiones)',
      inundacion.requests.average,
      inundacion.latency.p50,
      inundacion.latency.p99,
      Object.entries(codigos)
        .map(([c, v]) => `${c}: ${v.count}`)
        .join(', '),
    ],
  ];
  const md = [
    `# Inundación de inicios de sesión (${new Date().toISOString().slice(0, 10)}, ${DURATION} s, ${os.cpus().length} núcleos, PGlite)`,
    '',
    '| qué | req/s | p50 ms | p99 ms | respuestas |',
    '| --- | ---: | ---: | ---: | --- |',
    ...filas.map(([q, r, p50, p99, c]) => `| ${q} | ${Number(r).toFixed(0)} | ${p50} | ${p99} | ${c} |`),
    '',
    'Meta (QUALITY.md): salud y lecturas con p99 <= 100 ms durante 200 inicios de sesión simultáneos; el exceso',
    'recibe 503 con Retry-After de inmediato.',
  ].join('\n');
  writeFileSync(path.join(import.meta.dirname, 'results', 'inundacion.md'), `${md}\n`);
  console.log(md);
} finally {
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
