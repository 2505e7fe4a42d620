// QUALITY reliability 3: PostgreSQL restarted under load -> the API answers 503 meanwhile, never crashes,
// recovers by itself, and every acknowledged (2xx) write is in the database afterwards.
// Not part of npm test (it restarts the shared PostgreSQL server): run it by hand, as root,
//   npx tsx bench/fallos-postgres.ts
// Env: FALLOS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), FALLOS_SEGUNDOS (20),
// FALLOS_REINICIO_EN (7, seconds into the load). Writes bench/results/fallos-postgres.md.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ENTORNO_NODE, OPCIONES_NODE } from '../scripts/opciones-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PG_URL = process.env.FALLOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SEGUNDOS = Number(process.env.FALLOS_SEGUNDOS ?? 20);
const REINICIO_EN = Number(process.env.FALLOS_REINICIO_EN ?? 7);
const ESCRITORES = 8;
const LECTORES = 6;
const PACIENTES = 16;
const PROCEDIMIENTOS = 1500;

type Resultado = {
  t: number;
  tipo: 'agregar' | 'registrar' | 'carrito' | 'catalogo' | 'salud';
  status: number;
  ms: number;
  detalle?: string;
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

function run(cmd: string, args: string[]): Promise<{ code: number | null; salida: string }> {
  return new Promise((resolve) => {
    const c = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let salida = '';
    c.stdout.on('data', (d) => (salida += d));
    c.stderr.on('data', (d) => (salida += d));
    c.on('exit', (code) => resolve({ code, salida: salida.trim() }));
  });
}

// ---- 1. build the API and create a fresh database -------------------------------------------------
console.log('Compilando la API (apps/api/dist)...');
const build = spawnSync(process.execPath, [path.join(ROOT, 'apps/api/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('no se pudo compilar la API');

const nombreDb = `fallos_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${nombreDb}`);
await admin.end();
const dbUrl = new URL(PG_URL);
dbUrl.pathname = `/${nombreDb}`;
const DB_URL = dbUrl.toString();
const cluster = readdirSync('/etc/postgresql')[0];
if (!cluster) throw new Error('no hay clúster en /etc/postgresql');

// ---- 2. start the built server on it --------------------------------------------------------------
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-fallos-'));
const logServidor = path.join(dataDir, 'servidor.log');
const salidaLog = createWriteStream(logServidor);
const servidor = spawn(process.execPath, [...OPCIONES_NODE, path.join(ROOT, 'apps/api/dist/server.js')], {
  cwd: ROOT,
  env: {
    ...ENTORNO_NODE,
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: DB_URL,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    SEMILLA_DEMO: 'false',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
servidor.stdout.pipe(salidaLog);
servidor.stderr.pipe(salidaLog);
let salidaServidor: { code: number | null; signal: string | null; t: number } | null = null;
servidor.on('exit', (code, signal) => (salidaServidor = { code, signal, t: Date.now() }));

for (let i = 0; ; i++) {
  if (salidaServidor) throw new Error(`el servidor terminó al arrancar; ver ${logServidor}`);
  try {
    if ((await fetch(`${base}/salud/lista`)).ok) break;
  } catch {
    /* not yet */
  }
  if (i > 300) throw new Error('el servidor no respondió');
  await dormir(100);
}
const pidInicial = servidor.pid;

// ---- 3. catalogue straight in the database, patients through the API -----------------------------
const sembrar = new pg.Client({ connectionString: DB_URL });
await sembrar.connect();
const { rows: cat } = await sembrar.query<{ id: number }>(
  `insert into categorias_procedimiento (nombre) values ('Fallos') returning id`,
);
const { rows: procs } = await sembrar.query<{ id: number }>(
  `insert into procedimientos (categoria_id, nombre, descripcion, precio, duracion_minutos)
   select $1, 'Procedimiento ' || g, 'Descripción de prueba de fallos.', 100000, 30 from generate_series(1, $2) g returning id`,
  [cat[0]!.id, PROCEDIMIENTOS],
);
await sembrar.end();
const procIds = procs.map((p) => p.id);

const post = (ruta: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${ruta}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });

let n = 0;
function datosRegistro() {
  n += 1;
  const doc = String(40_000_000 + n);
  return {
    nombre: `Paciente de prueba ${n}`,
    tipodocumento: 'CC',
    numerodocumento: doc,
    correo: `fallos${n}.${process.pid}@prueba.test`,
    contrasena: 'mi gato duerme en la ventana',
    telefono: '3001234567',
    genero: 'femenino',
    fecha_nacimiento: '1990-05-20',
    terminos_condiciones: true,
    politica_datos: true,
  };
}
type Paciente = { id: number; auth: Record<string, string>; siguiente: number };
const pacientes: Paciente[] = [];
for (let i = 0; i < PACIENTES; i++) {
  const datos = datosRegistro();
  const r = await post('/apiusuarios/registrar', datos);
  if (r.status !== 201) throw new Error(`registro: ${r.status} ${await r.text()}`);
  const s = await post('/apiusuarios/iniciarsesion', { correo: datos.correo, contrasena: datos.contrasena });
  const { token, usuario } = (await s.json()) as { token: string; usuario: { id: number } };
  pacientes.push({ id: usuario.id, auth: { authorization: `Bearer ${token}` }, siguiente: 0 });
}

// ---- 4. load, with a PostgreSQL restart in the middle ---------------------------------------------
const resultados: Resultado[] = [];
const agregados: { usuario: number; procedimiento: number }[] = [];
const registrados: string[] = [];
const inicio = Date.now();
let parar = false;

async function medir(tipo: Resultado['tipo'], hacer: () => Promise<Response>): Promise<Response | null> {
  const t0 = Date.now();
  try {
    const r = await hacer();
    const status = r.status;
    let detalle: string | undefined;
    if (status >= 400) detalle = (await r.clone().text()).slice(0, 200);
    resultados.push({ t: t0 - inicio, tipo, status, ms: Date.now() - t0, detalle });
    return r;
  } catch (err) {
    // status 0: the API did not answer at all (connection refused/reset or 15 s timeout).
    resultados.push({ t: t0 - inicio, tipo, status: 0, ms: Date.now() - t0, detalle: String(err).slice(0, 200) });
    return null;
  }
}

async function escritor(k: number) {
  for (let i = 0; !parar; i++) {
    if (i % 20 === 19) {
      const datos = datosRegistro();
      const r = await medir('registrar', () => post('/apiusuarios/registrar', datos));
      if (r?.status === 201) registrados.push(datos.correo);
      await r?.body?.cancel();
      continue;
    }
    const p = pacientes[(i * ESCRITORES + k) % pacientes.length]!;
    if (p.siguiente >= procIds.length) continue;
    const procedimiento = procIds[p.siguiente++]!;
    const r = await medir('agregar', () =>
      post('/apicarrito/agregaramicarrito', { id_procedimiento: procedimiento }, p.auth),
    );
    if (r?.status === 201) agregados.push({ usuario: p.id, procedimiento });
    await r?.body?.cancel();
  }
}

async function lector(k: number) {
  for (let i = 0; !parar; i++) {
    const p = pacientes[(i + k) % pacientes.length]!;
    const [tipo, ruta, headers]: [Resultado['tipo'], string, Record<string, string>] =
      i % 3 === 0
        ? ['carrito', '/apicarrito/listarmicarrito', p.auth]
        : i % 3 === 1
          ? ['catalogo', '/apiprocedimientos/listarprocedimiento?porPagina=20', {}]
          : ['salud', '/salud/lista', {}];
    const r = await medir(tipo, () => fetch(`${base}${ruta}`, { headers, signal: AbortSignal.timeout(15_000) }));
    await r?.body?.cancel();
  }
}

console.log(`Carga durante ${SEGUNDOS} s; reinicio de PostgreSQL ${cluster}/main a los ${REINICIO_EN} s...`);
const trabajadores = [
  ...Array.from({ length: ESCRITORES }, (_, k) => escritor(k)),
  ...Array.from({ length: LECTORES }, (_, k) => lector(k)),
];
let reinicio = { desde: 0, hasta: 0, code: null as number | null, salida: '' };
const reiniciar = (async () => {
  await dormir(REINICIO_EN * 1000);
  const desde = Date.now() - inicio;
  const r = await run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', 'restart']);
  reinicio = { desde, hasta: Date.now() - inicio, code: r.code, salida: r.salida };
  console.log(`PostgreSQL reiniciado (${reinicio.desde} -> ${reinicio.hasta} ms, código ${r.code})`);
})();
await dormir(SEGUNDOS * 1000);
await reiniciar;
parar = true;
await Promise.all(trabajadores);
const fin = Date.now() - inicio;

// ---- 5. verdict -----------------------------------------------------------------------------------
const vivo = salidaServidor === null && servidor.pid === pidInicial;
const saludFinal = await fetch(`${base}/salud/lista`)
  .then((r) => r.status)
  .catch(() => 0);

const verificar = new pg.Client({ connectionString: DB_URL });
await verificar.connect();
const { rows: enCarrito } = await verificar.query<{ usuario_id: number; procedimiento_id: number }>(
  'select usuario_id, procedimiento_id from carrito_items',
);
const { rows: enUsuarios } = await verificar.query<{ correo: string }>('select correo from usuarios');
await verificar.end();
const clave = (u: number, p: number) => `${u}:${p}`;
const carritoDb = new Set(enCarrito.map((f) => clave(f.usuario_id, f.procedimiento_id)));
const correosDb = new Set(enUsuarios.map((f) => f.correo));
const faltanCarrito = agregados.filter((a) => !carritoDb.has(clave(a.usuario, a.procedimiento)));
const faltanUsuarios = registrados.filter((c) => !correosDb.has(c));

const porStatus = new Map<number, number>();
for (const r of resultados) porStatus.set(r.status, (porStatus.get(r.status) ?? 0) + 1);
const no503 = resultados.filter((r) => r.status >= 500 && r.status !== 503);
const sinRespuesta = resultados.filter((r) => r.status === 0);
const con503 = resultados.filter((r) => r.status === 503);
const otros4xx = resultados.filter((r) => r.status >= 400 && r.status < 500);
const primer503 = con503.length ? Math.min(...con503.map((r) => r.t)) : null;
const ultimo503 = con503.length ? Math.max(...con503.map((r) => r.t + r.ms)) : null;
// Recovered: the first acknowledged write that started after the restart command returned.
const primeraEscrituraTrasReinicio = resultados
  .filter((r) => r.tipo === 'agregar' && r.status === 201 && r.t >= reinicio.hasta)
  .sort((a, b) => a.t - b.t)[0];
const recuperacionMs = primeraEscrituraTrasReinicio
  ? primeraEscrituraTrasReinicio.t + primeraEscrituraTrasReinicio.ms - reinicio.hasta
  : null;
const exitosTrasReinicio = resultados.filter((r) => r.t >= (ultimo503 ?? reinicio.hasta) && r.status < 400).length;
const maxMs = Math.max(...resultados.map((r) => r.ms));

const logTexto = readFileSync(logServidor, 'utf8');
const lineasError = logTexto.split('\n').filter((l) => l.includes('"level":50') || l.includes('"level":60'));
const fugas = ['$argon2', 'params: ', 'mi gato duerme'].filter((m) => logTexto.includes(m));
// What the server saw, by kind: the evidence that each failure was mapped to 503 on purpose.
const tiposError = new Map<string, number>();
for (const linea of lineasError) {
  try {
    const o = JSON.parse(linea) as { msg?: string; err?: { type?: string; code?: string; message?: string } };
    const causa = (o.err?.message ?? '').split(': ').pop()?.slice(0, 90) ?? '';
    const k = `${o.msg ?? ''} · ${o.err?.type ?? ''} · ${o.err?.code ?? '-'} · ${causa}`;
    tiposError.set(k, (tiposError.get(k) ?? 0) + 1);
  } catch {
    tiposError.set(linea.slice(0, 120), (tiposError.get(linea.slice(0, 120)) ?? 0) + 1);
  }
}

const checks: [string, boolean][] = [
  ['la API nunca terminó (mismo PID) / the API process never exited', vivo],
  ['ninguna respuesta 5xx distinta de 503 / no 5xx other than 503', no503.length === 0],
  [
    'la API siempre respondió (sin conexiones rechazadas ni timeouts) / every request got an answer',
    sinRespuesta.length === 0,
  ],
  ['hubo 503 mientras PostgreSQL estaba caído / 503 while PostgreSQL was down', con503.length > 0],
  [
    'se recuperó sola (escrituras 201 tras el reinicio) / recovered by itself',
    recuperacionMs !== null && exitosTrasReinicio > 0 && saludFinal === 200,
  ],
  [
    'toda escritura 2xx está en la base / every 2xx write is in the database',
    faltanCarrito.length === 0 && faltanUsuarios.length === 0,
  ],
  ['ningún 4xx inesperado / no unexpected 4xx', otros4xx.length === 0],
  [
    'los logs no tienen parámetros de consultas ni hashes / logs hold no query parameters or hashes',
    fugas.length === 0,
  ],
  ['el reinicio de PostgreSQL funcionó / the PostgreSQL restart succeeded', reinicio.code === 0],
];
const ok = checks.every(([, v]) => v);

const filasStatus = [...porStatus.entries()]
  .sort((a, b) => a[0] - b[0])
  .map(([s, c]) => `| ${s === 0 ? 'sin respuesta' : s} | ${c} |`);
const ejemplos = [...no503, ...sinRespuesta, ...otros4xx]
  .slice(0, 8)
  .map((r) => `- t=${r.t} ms ${r.tipo} ${r.status}: \`${(r.detalle ?? '').replace(/`/g, "'")}\``);
const md = [
  `# PostgreSQL reiniciado bajo carga (QUALITY, confiabilidad 3)`,
  '',
  `Fecha: ${new Date().toISOString()} · ${os.cpus().length} núcleos · Node ${process.version} · script \`bench/fallos-postgres.ts\``,
  '',
  `Servidor compilado (\`apps/api/dist/server.js\`, NODE_ENV=production) sobre la base nueva \`${nombreDb}\`; ${ESCRITORES} escritores`,
  `(agregar al carrito de ${PACIENTES} pacientes, y un registro de paciente cada 20 operaciones) y ${LECTORES} lectores`,
  `(carrito, catálogo, /salud/lista) durante ${(fin / 1000).toFixed(1)} s. \`pg_ctlcluster ${cluster} main restart\` entre`,
  `${reinicio.desde} ms y ${reinicio.hasta} ms.`,
  '',
  `**Resultado: ${ok ? 'CUMPLE' : 'NO CUMPLE'}**`,
  '',
  '| comprobación | resultado |',
  '|---|---|',
  ...checks.map(([nombre, v]) => `| ${nombre} | ${v ? 'sí' : '**no**'} |`),
  '',
  '| dato | valor |',
  '|---|---|',
  `| solicitudes | ${resultados.length} |`,
  `| escrituras confirmadas (201): carrito / registros | ${agregados.length} / ${registrados.length} |`,
  `| faltantes en la base: carrito / registros | ${faltanCarrito.length} / ${faltanUsuarios.length} |`,
  `| respuestas 503 | ${con503.length} (de ${primer503 ?? '-'} ms a ${ultimo503 ?? '-'} ms) |`,
  `| recuperación: fin del reinicio -> primera escritura 201 | ${recuperacionMs ?? '-'} ms |`,
  `| latencia máxima de una solicitud | ${maxMs} ms |`,
  `| líneas de error en el log del servidor | ${lineasError.length} |`,
  `| /salud/lista al final | ${saludFinal} |`,
  '',
  '| status | solicitudes |',
  '|---|---:|',
  ...filasStatus,
  '',
  ...(ejemplos.length ? ['Ejemplos de respuestas inesperadas:', '', ...ejemplos, ''] : []),
  ...(tiposError.size
    ? [
        'Errores registrados por el servidor (mensaje · tipo · código · causa):',
        '',
        '| error | veces |',
        '|---|---:|',
        ...[...tiposError.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `| ${k.replace(/\|/g, '/')} | ${v} |`),
        '',
      ]
    : []),
].join('\n');

writeFileSync(path.join(import.meta.dirname, 'results', 'fallos-postgres.md'), `${md}\n`);
console.log(`\n${md}`);

// ---- 6. clean up ----------------------------------------------------------------------------------
if (!salidaServidor) {
  servidor.kill('SIGTERM');
  await new Promise((r) => servidor.once('exit', r));
}
if (ok) {
  const limpiar = new pg.Client({ connectionString: PG_URL });
  await limpiar.connect();
  await limpiar.query(`DROP DATABASE IF EXISTS ${nombreDb} WITH (FORCE)`);
  await limpiar.end();
  rmSync(dataDir, { recursive: true, force: true });
} else {
  console.log(`\nSe conservan la base ${nombreDb} y el log ${logServidor} para revisar.`);
}
process.exit(ok ? 0 : 1);
