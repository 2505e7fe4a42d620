// npm run bench:inundacion -w @clinica/bench (after npm run build): 200 concurrent sign-ins against the built
// server on PGlite, while a few clients keep reading health and the public catalogue (issue 11.2). Two floods:
//   a. 200 people signing in at once, who come back when told to (Retry-After, as the web's message asks):
//      the target's case;
//   b. 200 connections that never pause (an attacker ignoring Retry-After): a reference for what a refusal costs.
// Measures the reads' p99 during each flood, how many sign-ins got 503 + Retry-After at once, and the sign-ins'
// own latency. Env: BENCH_SECONDS (10). Writes bench/results/inundacion.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cargaCerrada, estadosTexto, maquina, type Fila, tablaMetas } from './carga.ts';
import { freePort, stop, waitFor } from './procesos.ts';
import { ENTORNO_NODE, OPCIONES_NODE } from '../scripts/opciones-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'apps/api/dist/server.js');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** QUALITY.md: health and ordinary reads stay fast during a sign-in flood. */
const META_P99_MS = 100;

const inicio = maquina();
console.log(`carga de la máquina al empezar: ${inicio.carga} (${inicio.nucleos} núcleos)`);
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-inundacion-'));
const child = spawn(process.execPath, [...OPCIONES_NODE, SERVER], {
  cwd: ROOT,
  env: {
    ...ENTORNO_NODE,
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    // Every flood request comes from 127.0.0.1: the per-address limit would answer 429 and hide what hashing does.
    RATE_LIMIT_MAX: '100000000',
    SEMILLA_DEMO: 'true',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
// The right password: every attempt that is let through runs a full argon2id verification.
const credenciales = { correo: 'paciente@demo.test', contrasena: 'clinica-demo-2026' };
const filas: Fila[] = [];
const detalle: string[] = [];
try {
  await waitFor(`${base}/salud/lista`, child);
  const lectura = (url: string) => autocannon({ url: `${base}${url}`, connections: 5, duration: DURATION });
  const antes = await lectura('/salud');
  detalle.push(
    `| GET /salud sin inundación | ${antes.requests.average.toFixed(0)} | ${antes.latency.p50} | ${antes.latency.p99} | - |`,
  );

  const escenario = async (
    nombre: string,
    inundar: () => Promise<{ porSegundo: number; p50: number; p99: number; estados: string }>,
  ) => {
    const [flood, salud, catalogo] = await Promise.all([
      inundar(),
      lectura('/salud'),
      lectura('/apiprocedimientos/listarprocedimiento'),
    ]);
    for (const [que, r] of [
      ['GET /salud', salud],
      ['GET listarprocedimiento', catalogo],
    ] as const) {
      detalle.push(
        `| ${que} durante ${nombre} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | - |`,
      );
      filas.push({
        que: `${que}, p99 durante ${nombre}`,
        meta: `<= ${META_P99_MS} ms`,
        medido: `${r.latency.p99} ms (p50 ${r.latency.p50} ms, ${r.requests.average.toFixed(0)} req/s)`,
        cumple: r.latency.p99 <= META_P99_MS,
      });
    }
    detalle.push(
      `| POST iniciarsesion, ${nombre} | ${flood.porSegundo.toFixed(0)} | ${flood.p50.toFixed(0)} | ${flood.p99.toFixed(0)} | ${flood.estados} |`,
    );
    return flood;
  };

  const educados = await escenario('200 inicios de sesión que respetan Retry-After', async () => {
    const m = await cargaCerrada({
      base,
      concurrencia: 200,
      segundos: DURATION,
      respetarRetryAfter: true,
      siguiente: () => ({ method: 'POST', path: '/apiusuarios/iniciarsesion', body: credenciales }),
    });
    return { porSegundo: m.solicitudes / m.segundos, p50: m.p50, p99: m.p99, estados: estadosTexto(m.estados) };
  });
  filas.push({
    que: 'POST iniciarsesion: p99 de todas las respuestas (las aceptadas esperan su verificación argon2id)',
    meta: 'sin meta (referencia)',
    medido: `${educados.p99.toFixed(0)} ms (${educados.estados})`,
    cumple: null,
  });

  await escenario('200 conexiones que no esperan nunca (ataque)', async () => {
    const r = await autocannon({
      url: `${base}/apiusuarios/iniciarsesion`,
      method: 'POST',
      connections: 200,
      duration: DURATION,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credenciales),
    });
    const codigos = r.statusCodeStats as Record<string, { count: number }>;
    return {
      porSegundo: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      estados: Object.entries(codigos)
        .map(([c, v]) => `${c}: ${v.count}`)
        .join(', '),
    };
  });
  // The attacker's case has no target of its own: it shows what a refusal costs the event loop.
  for (const f of filas.slice(-2)) {
    f.meta = `sin meta (referencia; la meta es ${META_P99_MS} ms con clientes que respetan Retry-After)`;
    f.cumple = null;
  }

  const md = [
    `# Inundación de inicios de sesión (issue 11.2)`,
    '',
    `Fecha: ${inicio.fecha} · ${inicio.nucleos} núcleos · Node ${inicio.node} · carga al empezar (1/5/15 min): ${inicio.carga} · PGlite · ${DURATION} s por escenario`,
    '',
    inicio.cargada
      ? `**La máquina estaba cargada al empezar (carga ${inicio.carga}): los números son pesimistas.**`
      : 'La máquina estaba tranquila al empezar.',
    '',
    'Comando: `npm run build && npm run bench:inundacion -w @clinica/bench`.',
    '',
    tablaMetas(filas),
    '',
    '## Detalle',
    '',
    '| qué | req/s | p50 ms | p99 ms | respuestas |',
    '| --- | ---: | ---: | ---: | --- |',
    ...detalle,
    '',
    '## Cómo se mide',
    '',
    '- Servidor compilado (`apps/api/dist/server.js`) con PGlite y la semilla de demostración; el límite por',
    '  dirección se sube (todo sale de 127.0.0.1) para medir lo que hace el hash, no el límite de tasa.',
    '- Cada inicio de sesión lleva la contraseña correcta: el que entra paga una verificación argon2id completa.',
    '- Mientras dura la inundación, 5 conexiones leen `GET /salud` y otras 5 la lista pública de procedimientos',
    '  (autocannon, en el mismo proceso que la carga).',
    '- Escenario a: 200 clientes a la vez; quien recibe 503 espera lo que dice `Retry-After` antes de volver a',
    '  intentar, como pide el mensaje de la web. Escenario b: 200 conexiones que reenvían en cuanto reciben',
    '  respuesta (autocannon): cuanto más barato es el rechazo, más rechazos por segundo piden.',
  ].join('\n');
  writeFileSync(path.join(import.meta.dirname, 'results', 'inundacion.md'), `${md}\n`);
  console.log(md);
} finally {
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
