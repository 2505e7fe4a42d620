// npm run bench: measures the built server against a bare Fastify hello-world, on PGlite and on
// PostgreSQL when one answers, plus its start-up time and resident memory (bench/arranque.ts), each beside its
// target; then each route again under a CPU profiler, to say where its time goes (bench/perfil.ts).
// Writes bench/results/ultimo.json and bench/results/ultimo.md (nothing else).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  entornoProduccion,
  filaArranque,
  filaMemoria,
  medirArranque,
  memoriaDe,
  prepararDatos,
  type Arranque,
  type Memoria,
} from './arranque.ts';
import { maquina, tablaMetas } from './carga.ts';
import { perfilEn, repartir, tablaPerfil, type FilaPerfil } from './perfil.ts';
import { cpuMs, freePort, iniciarApi, stop, waitFor } from './procesos.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/**
 * What every browser sends (Chromium, Firefox, Safari): the public catalogue keeps each body compressed once
 * (decision 0013), so a visitor gets the brotli copy. autocannon sends no Accept-Encoding unless told.
 */
const ACCEPT_ENCODING_NAVEGADOR = 'gzip, deflate, br';
const NAVEGADOR = `como un navegador: Accept-Encoding ${ACCEPT_ENCODING_NAVEGADOR}`;
/** Procedures in the benchmark patient's cart. */
const CART_ITEMS = Number(process.env.BENCH_CARRITO ?? 3);
/** The bundle to measure; another build (e.g. the previous commit's) can be compared on the same machine. */
const SERVER = path.resolve(process.env.BENCH_SERVIDOR ?? path.join(ROOT, 'apps/api/dist/server.js'));
/** Seconds of each profiled run (`node --cpu-prof`, after the measured ones); BENCH_PERFIL_SEGUNDOS=0 skips them. */
const PERFIL_SEGUNDOS = Number(process.env.BENCH_PERFIL_SEGUNDOS ?? 5);

type Row = {
  db: string;
  /** The server's LOG_LEVEL: info as a clinic runs it (the targets apply to it); error, for reference. */
  nivel?: 'info' | 'error';
  target: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio: number;
  /** The server's CPU per request (µs, from /proc): what a loaded machine changes far less than req/s. */
  usCpu?: number;
};

/**
 * QUALITY.md / issue 12 targets of each measured route, as a share of hello world in the same run and a p99 at
 * this many connections: undefined when the row has none.
 */
function meta(db: string, target: string): { ratio: number; p99?: number } | undefined {
  if (target.startsWith('GET /salud')) return { ratio: 0.6 };
  // The public list as a browser asks for it (Accept-Encoding): the row without it is for reference.
  if (target.includes('listarprocedimiento')) return target.includes(NAVEGADOR) ? { ratio: 0.3, p99: 25 } : undefined;
  if (target.includes('listarmicarrito'))
    return db === 'PostgreSQL' ? { ratio: 0.15, p99: 25 } : { ratio: 0.06, p99: 50 };
  return undefined;
}

function metaTexto(r: Row): [string, string] {
  const m = r.nivel === 'error' ? undefined : meta(r.db, r.target);
  if (!m) return ['-', '-'];
  const texto = `>= ${m.ratio * 100} %${m.p99 ? `, p99 <= ${m.p99} ms` : ''}`;
  const cumple = r.ratio >= m.ratio && (m.p99 === undefined || r.p99 <= m.p99);
  return [texto, cumple ? 'cumple' : '**no cumple**'];
}

async function measure(url: string, headers: Record<string, string> = {}, pid?: number, duration = DURATION) {
  const cpu0 = cpuMs(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const cpu1 = cpuMs(pid);
  return {
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    ...(cpu0 !== undefined && cpu1 !== undefined && r.requests.total
      ? { usCpu: ((cpu1 - cpu0) * 1000) / r.requests.total }
      : {}),
  };
}

/**
 * Where a route's CPU goes: the same load (shorter) on a server started with `--cpu-prof`, its samples sorted
 * into costs (bench/perfil.ts). The µs per request come from the measured run, without the profiler's overhead.
 */
async function perfilar(
  que: string,
  usCpu: number | undefined,
  iniciar: (nodeArgs: string[]) => Promise<{ url: string; headers: Record<string, string>; child: ChildProcess }>,
): Promise<FilaPerfil | undefined> {
  if (PERFIL_SEGUNDOS <= 0 || usCpu === undefined) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clinica-perfil-'));
  try {
    const s = await iniciar(['--cpu-prof', `--cpu-prof-dir=${dir}`]);
    try {
      await autocannon({ url: s.url, connections: CONNECTIONS, duration: 1, headers: s.headers });
      await autocannon({ url: s.url, connections: CONNECTIONS, duration: PERFIL_SEGUNDOS, headers: s.headers });
    } finally {
      await stop(s.child); // the profile is written as the process exits
    }
    return { que, usPorSolicitud: usCpu, reparto: repartir(perfilEn(dir)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const perfiles: FilaPerfil[] = [];

/** 20 clients signing in 15 times each with the demo patient's password; the answers by status. */
async function inundarInicios(base: string): Promise<Record<number, number>> {
  const estados: Record<number, number> = {};
  const cliente = async () => {
    for (let i = 0; i < 15; i++) {
      const r = await fetch(`${base}/apiusuarios/iniciarsesion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ correo: 'paciente@demo.test', contrasena: 'clinica-demo-2026' }),
      });
      await r.arrayBuffer();
      estados[r.status] = (estados[r.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 20 }, cliente));
  return estados;
}

/**
 * The server as a clinic runs it: production, logging at info (one access line per request) into a pipe a log
 * collector reads, on a database a first start already migrated and seeded. Seeding (images, PDFs, password hashes)
 * is not what is measured, and its memory peak must not count in the server's.
 */
async function startApi(env: Record<string, string>) {
  const dataDir = await prepararDatos(env, SERVER);
  const entorno = entornoProduccion({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env });
  const api = await iniciarApi(entorno, { servidor: SERVER, registros: true });
  /** The same server again (same data and secret, so tokens stay valid), with extra node flags or settings. */
  const otraVez = (nodeArgs: string[], otro: Record<string, string> = {}) =>
    iniciarApi({ ...entorno, ...otro }, { servidor: SERVER, nodeArgs, registros: true });
  return { ...api, dataDir, otraVez };
}

async function pgAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function benchDb(
  kind: 'PGlite' | 'PostgreSQL',
  env: Record<string, string>,
  hello: number,
  rows: Row[],
): Promise<Memoria | undefined> {
  const api = await startApi(env);
  try {
    const login = await fetch(`${api.base}/apiusuarios/iniciarsesion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ correo: 'paciente@demo.test', contrasena: 'clinica-demo-2026' }),
    });
    const token = login.ok ? ((await login.json()) as { token: string }).token : undefined;
    // A cart as a patient has it before booking: a few procedures (each with its images), not an empty list.
    if (token) {
      const lista = (await (
        await fetch(`${api.base}/apiprocedimientos/listarprocedimiento?porPagina=${CART_ITEMS}`)
      ).json()) as {
        items: { id: number }[];
      };
      for (const { id } of lista.items) {
        const r = await fetch(`${api.base}/apicarrito/agregaramicarrito`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ id_procedimiento: id }),
        });
        if (r.status !== 201) throw new Error(`no se pudo preparar el carrito: ${r.status}`);
      }
    }
    const targets: [string, string, Record<string, string>][] = [
      ['GET /salud', '/salud', {}],
      [
        `GET /apiprocedimientos/listarprocedimiento (${NAVEGADOR})`,
        '/apiprocedimientos/listarprocedimiento',
        { 'accept-encoding': ACCEPT_ENCODING_NAVEGADOR },
      ],
      [
        'GET /apiprocedimientos/listarprocedimiento (sin Accept-Encoding, referencia)',
        '/apiprocedimientos/listarprocedimiento',
        {},
      ],
    ];
    if (token)
      targets.push([
        `GET /apicarrito/listarmicarrito (autenticado, ${CART_ITEMS} ítems)`,
        '/apicarrito/listarmicarrito',
        { authorization: `Bearer ${token}` },
      ]);
    const medidas: { target: string; p: string; headers: Record<string, string>; usCpu?: number }[] = [];
    for (const [target, p, headers] of targets) {
      const m = await measure(`${api.base}${p}`, headers, api.child.pid);
      rows.push({ db: kind, nivel: 'info', target, ...m, ratio: m.reqPerSec / hello });
      medidas.push({ target, p, headers, ...(m.usCpu !== undefined ? { usCpu: m.usCpu } : {}) });
      console.log(`${kind} ${target}: ${m.reqPerSec.toFixed(0)} req/s, p99 ${m.p99} ms`);
    }
    // A sign-in flood before memory is read: argon2's 19 MB per hash is the largest block the server allocates.
    const inicios = await inundarInicios(api.base);
    console.log(`${kind}: inundación de inicios de sesión: ${JSON.stringify(inicios)}`);
    const memoria = memoriaDe(api.child.pid);
    if (memoria)
      console.log(`${kind}: memoria residente ${memoria.rssMb.toFixed(0)} MB, pico ${memoria.hwmMb.toFixed(0)} MB`);
    await stop(api.child);
    // The same routes with the access log off (LOG_LEVEL=error): what one log line costs, for reference.
    const sinRegistro = await api.otraVez([], { LOG_LEVEL: 'error' });
    try {
      for (const [target, p, headers] of targets) {
        const m = await measure(`${sinRegistro.base}${p}`, headers, sinRegistro.child.pid);
        rows.push({ db: kind, nivel: 'error', target, ...m, ratio: m.reqPerSec / hello });
        console.log(`${kind} ${target} (LOG_LEVEL=error): ${m.reqPerSec.toFixed(0)} req/s, p99 ${m.p99} ms`);
      }
    } finally {
      await stop(sinRegistro.child);
    }
    // Profiles after memory, one server per route (PGlite: one process per data directory at a time).
    for (const { target, p, headers, usCpu } of medidas) {
      const fila = await perfilar(`${kind}: ${target}`, usCpu, async (nodeArgs) => {
        const otro = await api.otraVez(nodeArgs);
        return { url: `${otro.base}${p}`, headers, child: otro.child };
      });
      if (fila) perfiles.push(fila);
    }
    return memoria;
  } finally {
    await stop(api.child);
    rmSync(api.dataDir, { recursive: true, force: true });
  }
}

const inicio = maquina();
console.log(`carga de la máquina al empezar: ${inicio.carga} (${inicio.nucleos} núcleos)`);
const rows: Row[] = [];
const memorias: Partial<Record<'PGlite' | 'PostgreSQL', Memoria | undefined>> = {};
async function iniciarHola(nodeArgs: string[] = []) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, path.join(import.meta.dirname, 'hello.mjs')], {
    env: { ...process.env, PORT: String(port) },
  });
  await waitFor(`http://127.0.0.1:${port}/`, child);
  return { url: `http://127.0.0.1:${port}/`, headers: {}, child };
}
/**
 * The hello world measured right before each database's routes, whose ratios are taken against it: on this machine
 * the same server measured minutes apart varies by a third (bench/results/perfil.md), so a single hello world at the
 * start made every later row look worse.
 */
async function medirHola(antesDe: string) {
  const hola = await iniciarHola();
  const m = await measure(hola.url, {}, hola.child.pid);
  await stop(hola.child);
  rows.push({ db: '-', target: `Fastify hola mundo (antes de ${antesDe})`, ...m, ratio: 1 });
  console.log(`hola mundo antes de ${antesDe}: ${m.reqPerSec.toFixed(0)} req/s`);
  return m;
}
const base = await medirHola('PGlite');
{
  const fila = await perfilar('Fastify hola mundo', base.usCpu, iniciarHola);
  if (fila) perfiles.push(fila);
}

// Start-up first, on a machine not yet warmed by the load: the time a restart costs a clinic.
let arranque: Arranque;
{
  const dataDir = await prepararDatos({ DATABASE_URL: '' }, SERVER);
  try {
    arranque = await medirArranque(dataDir, { DATABASE_URL: '' }, { servidor: SERVER });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`arranque: mediana ${arranque.medianaMs.toFixed(0)} ms`);

memorias.PGlite = await benchDb('PGlite', { DATABASE_URL: '' }, base.reqPerSec, rows);
const holaPg = (await pgAvailable()) ? await medirHola('PostgreSQL') : base;

if (await pgAvailable()) {
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    memorias.PostgreSQL = await benchDb('PostgreSQL', { DATABASE_URL: url.toString() }, holaPg.reqPerSec, rows);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('PostgreSQL no disponible: se omite.');
}

const fecha = new Date().toISOString();
const md = [
  `# Resultados de rendimiento (${fecha})`,
  '',
  `${CONNECTIONS} conexiones, ${DURATION} s por prueba, ${os.cpus().length} núcleos, Node ${process.version}; carga de la máquina al empezar ${inicio.carga}.`,
  '',
  'El servidor corre como en una clínica: producción, `LOG_LEVEL=info` (una línea de acceso por solicitud, a una ' +
    'tubería que lee otro proceso, como journald o docker). Las metas se leen en esas filas; las de ' +
    '`LOG_LEVEL=error` son la misma prueba sin registro, como referencia de lo que cuesta la línea.',
  '',
  '| base de datos | registro | prueba | req/s | p50 (ms) | p99 (ms) | µs CPU/sol. | errores | no 2xx | vs. hola mundo | meta | ¿cumple? |',
  '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ...rows.map((r) => {
    const [m, cumple] = metaTexto(r);
    return `| ${r.db} | ${r.nivel ?? '-'} | ${r.target} | ${r.reqPerSec.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.usCpu?.toFixed(0) ?? '-'} | ${r.errors} | ${r.non2xx} | ${(r.ratio * 100).toFixed(0)} % | ${m} | ${cumple} |`;
  }),
  '',
  '## Arranque y memoria',
  '',
  tablaMetas([
    filaArranque(arranque),
    ...(['PGlite', 'PostgreSQL'] as const)
      .filter((motor) => motor in memorias)
      .map((motor) => filaMemoria(motor, memorias[motor])),
  ]),
  '',
  ...(perfiles.length
    ? [
        '## Dónde se va la CPU de cada prueba',
        '',
        `µs de CPU del servidor por solicitud en la corrida medida (de \`/proc\`; casi no cambia con la carga de la ` +
          `máquina, a diferencia de req/s), repartidos según un perfil de V8 (\`node --cpu-prof\`) de otra corrida ` +
          `de ${PERFIL_SEGUNDOS} s con la misma carga: solo muestras con el proceso ocupado y sin las de cargar ` +
          'módulos (`bench/perfil.ts` dice qué va en cada columna). Lo que separa cada prueba del hola mundo es ' +
          'lo que le falta para su meta; `bench/results/perfil.md` lo explica.',
        '',
        tablaPerfil(perfiles),
        '',
      ]
    : []),
].join('\n');
// Always the same two files (README): a run replaces the previous one; git keeps the history.
writeFileSync(
  path.join(import.meta.dirname, 'results', 'ultimo.json'),
  JSON.stringify(
    { fecha, carga: inicio.carga, connections: CONNECTIONS, duration: DURATION, rows, arranque, memorias, perfiles },
    null,
    2,
  ),
);
writeFileSync(path.join(import.meta.dirname, 'results', 'ultimo.md'), md);
console.log(`\n${md}`);

// Public pages: JS weight, LCP/CLS and Lighthouse (bench/paginas.ts), on the same build. It needs Chromium; without
// it the server numbers above still stand.
// BENCH_PAGINAS=0 skips them (server-only runs while tuning the API).
if (process.env.BENCH_PAGINAS === '0') process.exit(0);
try {
  await (await import('./paginas.ts')).benchPaginas();
} catch (err) {
  console.log(`bench de páginas omitido: ${(err as Error).message}`);
}
