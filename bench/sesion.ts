// npm run bench:sesion -w @clinica/bench (after npm run build): a whole patient session against the built server
// (issue 26, item 6), so that a regression in any of its steps shows. BENCH_CONCURRENCIA (50) virtual patients, each
// with its own keep-alive agent, loop for BENCH_SECONDS (20) through one session with a fresh patient each time:
//   1. sign in (POST /apiusuarios/iniciarsesion, a real argon2id verify with the production parameters);
//   2. browse: the public list as /servicios asks for it (24 a page), then one procedure of it;
//   3. add that procedure to the cart, and list the cart;
//   4. book (POST /apicitas/crearcitas as the patient's own booking screen sends it: a doctor and a free time, no
//      type, so an evaluation of what is in her cart, which the server empties; an Idempotency-Key);
//   5. read her notifications (GET /apiusuarios/notificacionesusuario/{id}, the booking's among them).
// Each request is timed on its own; only 2xx count as successes, every other status is listed per step. A sign-in
// refused with 503 + Retry-After (argon2 at capacity: one hash at a time on 2 cores, eight waiting; issue 11.2) is
// listed too, and the patient tries again after the Retry-After, as the message tells her to. A session is complete
// when every step ended in a 2xx.
// The server as a clinic runs it: production, LOG_LEVEL=info into a pipe another process reads, on the demo seed
// (catalogue with its images, migrated by a first start) plus the bench seeder's patients and doctors (semilla.ts,
// one real password hash). On PGlite, and on PostgreSQL when it answers (a fresh database, dropped afterwards).
// Env: BENCH_SECONDS (20), BENCH_CONCURRENCIA (50), BENCH_PACIENTES (seeded patients, 3000; one per session),
// BENCH_CALENTAMIENTO (seconds of warm-up not counted, 3), BENCH_MOTORES (PGlite,PostgreSQL), BENCH_SERVIDOR (another
// build's server.js), BENCH_DATABASE_URL. Writes bench/results/sesion.md (BENCH_SALIDA: another file).
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import {
  carritoPaths,
  citasPaths,
  notificacionesUsuarioPaths,
  procedimientosPaths,
  usuariosPaths,
} from '@clinica/contracts/rutas';
import { openDb } from '../apps/api/src/db/client.ts';
import { entornoProduccion, prepararDatos } from './arranque.ts';
import { estadosTexto, maquina, ms, percentil } from './carga.ts';
import { cpuMs, iniciarApi, stop } from './procesos.ts';
import { CONTRASENA_BENCH, PG_URL, ZONA, consulta, horariosLibres, pgDisponible, sembrarPersonas } from './semilla.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SEGUNDOS = Number(process.env.BENCH_SECONDS ?? 20);
const CONCURRENCIA = Number(process.env.BENCH_CONCURRENCIA ?? 50);
const PACIENTES = Number(process.env.BENCH_PACIENTES ?? 3000);
const CALENTAMIENTO = Number(process.env.BENCH_CALENTAMIENTO ?? 3);
const MOTORES = (process.env.BENCH_MOTORES ?? 'PGlite,PostgreSQL').split(',').map((m) => m.trim());
const SERVIDOR = path.resolve(process.env.BENCH_SERVIDOR ?? path.join(ROOT, 'apps/api/dist/server.js'));
const SALIDA = process.env.BENCH_SALIDA ?? path.join(import.meta.dirname, 'results', 'sesion.md');
/** Doctors with hours 06:00-22:00 Monday to Saturday: 32 free half-hours a working day each. */
const DOCTORES = 50;
const HORAS: [string, string] = ['06:00', '22:00'];
/** What every browser sends; the public catalogue answers its brotli copy (decision 0013). */
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** The page size of /servicios (apps/web/src/features/servicios/servicios-screen.tsx). */
const POR_PAGINA_SERVICIOS = 24;
/** Sign-in attempts of one session (the first and the retries after a 503). */
const INTENTOS_INICIO = 5;

const PASOS = {
  iniciar: `POST ${usuariosPaths.iniciarSesion}`,
  listar: `GET ${procedimientosPaths.listar}?porPagina=${POR_PAGINA_SERVICIOS}`,
  detalle: `GET ${procedimientosPaths.buscar('{id}')}`,
  agregar: `POST ${carritoPaths.agregar}`,
  carrito: `GET ${carritoPaths.listar}`,
  agendar: `POST ${citasPaths.crear} (evaluación del carrito)`,
  notificaciones: `GET ${notificacionesUsuarioPaths.listar('{id}')}`,
} as const;
type ClavePaso = keyof typeof PASOS;

type Paso = { latencias: number[]; estados: Record<string, number>; muestras: string[] };
/**
 * What the measured window saw: the requests sent in it (whichever session they belong to), the sessions that
 * ended in it, and the server's CPU between its start and its end.
 */
type Corrida = {
  pasos: Record<ClavePaso, Paso>;
  /** Sessions that began in the window. */
  iniciadas: number;
  /** Sessions that ended in the window with every step answered 2xx (some may have begun in the warm-up). */
  completas: number;
  /** Sessions that ended in the window after a sign-in refused with 503 at least once (then retried). */
  conReintento: number;
  /** Sessions given up in the window: sign-in refused INTENTOS_INICIO times. */
  abandonadas: number;
  /** ms from the first sign-in attempt to the notifications, of complete sessions (retry waits included). */
  duraciones: number[];
  /** The seeded patients ran out before the time did. */
  agotados: boolean;
  segundos: number;
  /** The server's CPU (ms) in the window; undefined without /proc. */
  cpuMs?: number;
};
type Resultado = {
  motor: string;
  corrida: Corrida;
  cpuPorSesion?: number;
  siembraS: number;
  procedimientos: number;
};

const corridaVacia = (): Corrida => ({
  pasos: Object.fromEntries(
    Object.keys(PASOS).map((k) => [k, { latencias: [], estados: {}, muestras: [] }]),
  ) as unknown as Record<ClavePaso, Paso>,
  iniciadas: 0,
  completas: 0,
  conReintento: 0,
  abandonadas: 0,
  duraciones: [],
  agotados: false,
  segundos: 0,
});

type Respuesta = { status: number; cuerpo: Buffer; cabeceras: http.IncomingHttpHeaders };

function enviar(
  agente: http.Agent,
  base: URL,
  metodo: string,
  ruta: string,
  o: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Respuesta> {
  const cuerpo = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: ruta,
        method: metodo,
        agent: agente,
        headers: {
          'accept-encoding': ACCEPT_ENCODING,
          'user-agent': 'bench-sesion',
          ...(cuerpo ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(cuerpo) } : {}),
          ...o.headers,
        },
      },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (d: Buffer) => partes.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, cuerpo: Buffer.concat(partes), cabeceras: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(cuerpo);
  });
}

/** The body as a browser reads it (decompressed). */
function json<T>(r: Respuesta): T {
  const cod = r.cabeceras['content-encoding'];
  const crudo =
    cod === 'br'
      ? zlib.brotliDecompressSync(r.cuerpo)
      : cod === 'gzip'
        ? zlib.gunzipSync(r.cuerpo)
        : cod === 'deflate'
          ? zlib.inflateSync(r.cuerpo)
          : r.cuerpo;
  return JSON.parse(crudo.toString()) as T;
}

type Contexto = {
  base: URL;
  /** The measured window [desde, hasta) (performance.now() ms): before it the warm-up, after it nothing is sent. */
  desde: number;
  hasta: number;
  corrida: Corrida;
  /** The next fresh patient: her number in the seeded group (1-based, her e-mail) and id; undefined when none left. */
  siguientePaciente: () => { n: number; id: number } | undefined;
  /** The next free (doctor, time): booking k takes doctor k mod D at free time k div D, never twice the same. */
  siguienteFranja: () => { doctor_id: number; inicio: string };
};

const enVentana = (c: Contexto, t: number) => t >= c.desde && t < c.hasta;

/** The run is over: a session stops where it is (nothing more is sent). */
class Fin extends Error {}

/**
 * One request of a step, timed, and counted when it was sent in the measured window; null when the connection
 * failed. Past the window nothing is sent (Fin).
 */
async function paso(
  c: Contexto,
  agente: http.Agent,
  clave: ClavePaso,
  metodo: string,
  ruta: string,
  o: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Respuesta | null> {
  const t = performance.now();
  if (t >= c.hasta) throw new Fin();
  const p = enVentana(c, t) ? c.corrida.pasos[clave] : undefined;
  try {
    const r = await enviar(agente, c.base, metodo, ruta, o);
    if (p) {
      p.latencias.push(performance.now() - t);
      p.estados[r.status] = (p.estados[r.status] ?? 0) + 1;
      const muestra = `${r.status} ${r.cuerpo.toString().slice(0, 300)}`;
      if ((r.status < 200 || r.status > 299) && p.muestras.length < 3 && !p.muestras.includes(muestra))
        p.muestras.push(muestra);
    }
    return r;
  } catch (err) {
    if (p) {
      p.estados.error = (p.estados.error ?? 0) + 1;
      if (p.muestras.length < 3 && !p.muestras.includes(String(err))) p.muestras.push(String(err));
    }
    return null;
  }
}

const ok = (r: Respuesta | null): r is Respuesta => !!r && r.status >= 200 && r.status <= 299;

/** One whole session of one fresh patient. */
async function sesion(c: Contexto, agente: http.Agent, paciente: { n: number; id: number }, k: number) {
  const t0 = performance.now();
  if (enVentana(c, t0)) c.corrida.iniciadas++;
  let entrada: Respuesta | null = null;
  let reintento = false;
  for (let intento = 0; intento < INTENTOS_INICIO; intento++) {
    entrada = await paso(c, agente, 'iniciar', 'POST', usuariosPaths.iniciarSesion, {
      body: { correo: `paciente${paciente.n}@bench.test`, contrasena: CONTRASENA_BENCH },
    });
    if (entrada?.status !== 503) break;
    reintento = true;
    const espera = Number(entrada.cabeceras['retry-after']);
    await new Promise((r) => setTimeout(r, (Number.isFinite(espera) && espera > 0 ? espera : 2) * 1000));
  }
  if (entrada?.status === 503 && enVentana(c, performance.now())) c.corrida.abandonadas++;
  if (!ok(entrada)) return;
  const { token, usuario } = json<{ token: string; usuario: { id: number } }>(entrada);
  const auth = { authorization: `Bearer ${token}` };
  let completa = true;

  const lista = await paso(
    c,
    agente,
    'listar',
    'GET',
    `${procedimientosPaths.listar}?porPagina=${POR_PAGINA_SERVICIOS}`,
  );
  const items = ok(lista) ? json<{ items: { id: number }[] }>(lista).items : [];
  if (!ok(lista) || !items.length) return;
  const elegido = items[k % items.length]!.id;
  completa = ok(await paso(c, agente, 'detalle', 'GET', procedimientosPaths.buscar(elegido))) && completa;
  completa =
    ok(
      await paso(c, agente, 'agregar', 'POST', carritoPaths.agregar, {
        body: { id_procedimiento: elegido },
        headers: auth,
      }),
    ) && completa;
  completa = ok(await paso(c, agente, 'carrito', 'GET', carritoPaths.listar, { headers: auth })) && completa;
  completa =
    ok(
      await paso(c, agente, 'agendar', 'POST', citasPaths.crear, {
        body: c.siguienteFranja(),
        headers: { ...auth, 'idempotency-key': randomUUID() },
      }),
    ) && completa;
  completa =
    ok(
      await paso(c, agente, 'notificaciones', 'GET', notificacionesUsuarioPaths.listar(usuario.id), { headers: auth }),
    ) && completa;
  const t1 = performance.now();
  if (completa && enVentana(c, t1)) {
    c.corrida.completas++;
    if (reintento) c.corrida.conReintento++;
    c.corrida.duraciones.push(t1 - t0);
  }
}

/**
 * CONCURRENCIA virtual patients without a pause, for `calentamiento` + `segundos`: the first seconds warm the server
 * (JIT, pools, the catalogue's cache) and the virtual patients fall out of step with one another; only the window
 * after them is counted. At its end every virtual patient stops after the request it is waiting for.
 */
async function correr(
  c: Pick<Contexto, 'base' | 'siguientePaciente' | 'siguienteFranja'>,
  calentamiento: number,
  segundos: number,
  pid: number | undefined,
): Promise<Corrida> {
  const corrida = corridaVacia();
  const desde = performance.now() + calentamiento * 1000;
  const ctx: Contexto = { ...c, corrida, desde, hasta: desde + segundos * 1000 };
  let cpu0: number | undefined;
  let cpu1: number | undefined;
  const t0 = setTimeout(() => (cpu0 = cpuMs(pid)), calentamiento * 1000);
  const t1 = setTimeout(() => (cpu1 = cpuMs(pid)), (calentamiento + segundos) * 1000);
  let k = 0;
  const virtual = async () => {
    const agente = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (performance.now() < ctx.hasta) {
        const paciente = ctx.siguientePaciente();
        if (!paciente) {
          corrida.agotados = true;
          return;
        }
        await sesion(ctx, agente, paciente, k++);
      }
    } catch (err) {
      if (!(err instanceof Fin)) throw err;
    } finally {
      agente.destroy();
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCIA }, virtual));
  } finally {
    clearTimeout(t0);
    clearTimeout(t1);
  }
  // The patients may run out before the window ends: the rate (and the CPU) is over the time the window really had.
  if (performance.now() < ctx.hasta) cpu1 = cpuMs(pid);
  corrida.segundos = (Math.min(performance.now(), ctx.hasta) - desde) / 1000;
  if (cpu0 !== undefined && cpu1 !== undefined) corrida.cpuMs = cpu1 - cpu0;
  return corrida;
}

/**
 * A database as a clinic has it (a first development start migrates it and seeds the demo: catalogue, images,
 * staff), plus the bench seeder's doctors and patients. Answers the server's env and how to throw it all away.
 */
async function prepararBase(motor: 'PGlite' | 'PostgreSQL') {
  let url = '';
  let borrarBase = async () => {};
  if (motor === 'PostgreSQL') {
    const nombre = `bench_sesion_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${nombre}`);
    const u = new URL(PG_URL);
    u.pathname = `/${nombre}`;
    url = u.toString();
    borrarBase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`);
      await admin.end();
    };
  }
  try {
    const dataDir = await prepararDatos({ DATABASE_URL: url, CLINICA_TZ: ZONA }, SERVIDOR);
    const borrar = async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await borrarBase();
    };
    try {
      const db = await openDb(url ? { databaseUrl: url, dataDir } : { dataDir });
      try {
        const s = await sembrarPersonas(db, [
          { nombre: 'doctor', rol: 'doctor', n: DOCTORES, horas: HORAS },
          { nombre: 'paciente', rol: 'paciente', n: PACIENTES },
        ]);
        // What autovacuum would have done to tables in use for a while.
        await consulta(db, 'analyze');
        return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, s, borrar };
      } finally {
        await db.close();
      }
    } catch (err) {
      await borrar();
      throw err;
    }
  } catch (err) {
    await borrarBase();
    throw err;
  }
}

async function benchMotor(motor: 'PGlite' | 'PostgreSQL'): Promise<Resultado> {
  const t0 = performance.now();
  const { env, s, borrar } = await prepararBase(motor);
  const siembraS = (performance.now() - t0) / 1000;
  console.log(`${motor}: demo y ${PACIENTES} pacientes sembrados en ${siembraS.toFixed(0)} s`);
  try {
    const api = await iniciarApi(
      // ANTICIPO_EVALUACION=0 is the default: an evaluation owes no deposit, so the patient books without paying.
      entornoProduccion({ ...env, LOG_LEVEL: 'info', CLINICA_TZ: ZONA, ANTICIPO_EVALUACION: '0' }),
      { servidor: SERVIDOR, registros: true },
    );
    try {
      const pacientes = s.grupos.paciente!;
      const doctores = s.grupos.doctor!;
      let siguiente = pacientes.desde;
      const franjas = horariosLibres(HORAS);
      let actual = '';
      let f = 0;
      const ctx = {
        base: new URL(api.base),
        siguientePaciente: () =>
          siguiente > pacientes.hasta ? undefined : { n: siguiente - pacientes.desde + 1, id: siguiente++ },
        siguienteFranja: () => {
          if (f % DOCTORES === 0) actual = franjas.next().value as string;
          return { doctor_id: doctores.desde + (f++ % DOCTORES), inicio: actual };
        },
      };
      const procedimientos = (await (
        await fetch(`${api.base}${procedimientosPaths.listar}?porPagina=${POR_PAGINA_SERVICIOS}`)
      ).json()) as { items: unknown[] };
      const corrida = await correr(ctx, CALENTAMIENTO, SEGUNDOS, api.child.pid);
      const cpuPorSesion =
        corrida.cpuMs !== undefined && corrida.completas ? corrida.cpuMs / corrida.completas : undefined;
      const r: Resultado = {
        motor,
        corrida,
        siembraS,
        procedimientos: procedimientos.items.length,
        ...(cpuPorSesion !== undefined ? { cpuPorSesion } : {}),
      };
      imprimir(r);
      return r;
    } finally {
      await stop(api.child);
    }
  } finally {
    await borrar();
  }
}

const no2xx = (e: Record<string, number>) =>
  Object.entries(e)
    .filter(([c]) => !/^2\d\d$/.test(c))
    .reduce((n, [, v]) => n + v, 0);

function imprimir(r: Resultado) {
  const c = r.corrida;
  console.log(
    `${r.motor}: ${(c.completas / c.segundos).toFixed(1)} sesiones completas/s (${c.completas} en ${c.segundos.toFixed(1)} s, ${c.conReintento} tras un 503 al iniciar sesión; ${c.iniciadas} empezadas, ${c.abandonadas} abandonadas); sesión p50 ${ms(percentil(c.duraciones, 50))} p95 ${ms(percentil(c.duraciones, 95))} ms${r.cpuPorSesion !== undefined ? `; CPU del servidor ${r.cpuPorSesion.toFixed(1)} ms por sesión` : ''}`,
  );
  for (const [clave, que] of Object.entries(PASOS) as [ClavePaso, string][]) {
    const p = c.pasos[clave];
    console.log(
      `   ${que}: ${p.latencias.length}, p50 ${ms(percentil(p.latencias, 50))} p95 ${ms(percentil(p.latencias, 95))} p99 ${ms(percentil(p.latencias, 99))} ms (${estadosTexto(p.estados)})`,
    );
    for (const m of p.muestras) console.log(`      ${m}`);
  }
}

function tabla(r: Resultado): string[] {
  const c = r.corrida;
  const filas = (Object.entries(PASOS) as [ClavePaso, string][]).map(([clave, que], i) => {
    const p = c.pasos[clave];
    const errores = no2xx(p.estados);
    const otros = Object.entries(p.estados).filter(([e]) => !/^2\d\d$/.test(e));
    return `| ${i + 1}. ${que} | ${p.latencias.length + (p.estados.error ?? 0)} | ${errores} | ${ms(percentil(p.latencias, 50))} | ${ms(percentil(p.latencias, 95))} | ${ms(percentil(p.latencias, 99))} | ${otros.length ? otros.map(([e, v]) => `${e}: ${v}`).join(', ') : '-'} |`;
  });
  const muestras = (Object.entries(PASOS) as [ClavePaso, string][]).flatMap(([clave, que]) =>
    c.pasos[clave].muestras.map((m) => `- ${que}: \`${m.replaceAll('`', "'").replaceAll('\n', ' ')}\``),
  );
  return [
    `## ${r.motor}`,
    '',
    `- **${(c.completas / c.segundos).toFixed(1)} sesiones completas por segundo**: ${c.completas} terminaron en los ${c.segundos.toFixed(1)} s medidos con todos sus pasos en 2xx; ${c.iniciadas} empezaron en ellos` +
      (c.agotados ? ' (**se acabaron los pacientes sembrados antes que el tiempo**: súbase BENCH_PACIENTES)' : '') +
      '.',
    `- Sesión entera (del primer intento de iniciar sesión a las notificaciones, esperas de Retry-After incluidas): p50 ${ms(percentil(c.duraciones, 50))} ms, p95 ${ms(percentil(c.duraciones, 95))} ms, p99 ${ms(percentil(c.duraciones, 99))} ms.`,
    `- Sesiones completas cuyo inicio de sesión recibió antes al menos un 503 (y lo reintentaron tras el Retry-After): ${c.conReintento}; abandonadas tras ${INTENTOS_INICIO} negativas: ${c.abandonadas}.`,
    `- CPU del servidor por sesión completa (de \`/proc\`, todo el proceso): ${r.cpuPorSesion === undefined ? 'sin /proc: no medida' : `${r.cpuPorSesion.toFixed(1)} ms`}.`,
    `- Datos: la semilla de demostración (${r.procedimientos} procedimientos en la primera página de /servicios) más ${DOCTORES} doctores y ${PACIENTES} pacientes del sembrador de bench, sembrados en ${r.siembraS.toFixed(0)} s.`,
    '',
    '| paso | solicitudes | errores (no 2xx) | p50 ms | p95 ms | p99 ms | respuestas no 2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...filas,
    '',
    ...(muestras.length ? ['Respuestas no 2xx de cada paso (las tres primeras distintas):', '', ...muestras, ''] : []),
  ];
}

const inicio = maquina();
console.log(`carga de la máquina al empezar: ${inicio.carga} (${inicio.nucleos} núcleos)`);
const resultados: Resultado[] = [];
for (const motor of MOTORES) {
  if (motor !== 'PGlite' && motor !== 'PostgreSQL') throw new Error(`motor desconocido: ${motor}`);
  if (motor === 'PostgreSQL' && !(await pgDisponible())) {
    console.log('PostgreSQL no disponible: se omite.');
    continue;
  }
  resultados.push(await benchMotor(motor));
}
const fin = maquina();

const variables = Object.entries({
  BENCH_SECONDS: process.env.BENCH_SECONDS,
  BENCH_CONCURRENCIA: process.env.BENCH_CONCURRENCIA,
  BENCH_PACIENTES: process.env.BENCH_PACIENTES,
  BENCH_CALENTAMIENTO: process.env.BENCH_CALENTAMIENTO,
  BENCH_MOTORES: process.env.BENCH_MOTORES,
  BENCH_SERVIDOR: process.env.BENCH_SERVIDOR,
})
  .filter(([, v]) => v !== undefined)
  .map(([k, v]) => `${k}=${v}`);
const comando = `npm run build && ${[...variables, 'npm run bench:sesion -w @clinica/bench'].join(' ')}`;
const md = [
  '# Una sesión entera de paciente con 50 pacientes a la vez (issue 26, punto 6)',
  '',
  `Fecha: ${inicio.fecha} · ${inicio.nucleos} núcleos · Node ${inicio.node} · carga de la máquina (os.loadavg 1/5/15 min) al empezar: ${inicio.carga}; al terminar: ${fin.carga}`,
  '',
  `Comando: \`${comando}\` (${CONCURRENCIA} pacientes virtuales, ${SEGUNDOS} s medidos por base tras ${CALENTAMIENTO} s de calentamiento).`,
  '',
  inicio.cargada || fin.cargada
    ? `**La máquina estaba cargada (carga ${inicio.carga} al empezar y ${fin.carga} al terminar en ${inicio.nucleos} núcleos, compartida con otras pruebas): los números son pesimistas.**`
    : 'La máquina estaba tranquila.',
  '',
  ...resultados.flatMap(tabla),
  '## Cómo se mide',
  '',
  `- ${CONCURRENCIA} pacientes virtuales en ciclo cerrado, sin pausas entre pasos: cada uno con su propio agente HTTP`,
  '  keep-alive (una conexión), y cada sesión con una paciente nueva (nunca inició sesión, carrito vacío, sin citas).',
  '  Cada solicitud se cronometra sola, desde que sale hasta que llega su último byte; solo un 2xx es un éxito.',
  `- Los primeros ${CALENTAMIENTO} s calientan el servidor (JIT, conexiones, la caché del catálogo) y desacompasan a las`,
  '  pacientes virtuales (que no empiecen todas a la vez con el inicio de sesión); luego se mide una ventana de',
  `  ${SEGUNDOS} s: cuentan las solicitudes enviadas en ella (sea cual sea su sesión) y las sesiones que terminan en ella;`,
  '  al cerrarla cada paciente virtual espera la respuesta pendiente y no envía nada más.',
  '- Pasos: 1. iniciar sesión con contraseña (argon2id con los parámetros de producción, como cualquier paciente);',
  `  2. el listado público como lo pide /servicios (${POR_PAGINA_SERVICIOS} por página, \`Accept-Encoding: ${ACCEPT_ENCODING}\` en`,
  '  todas las solicitudes, como un navegador); 3. el detalle de uno de esos procedimientos; 4. agregarlo al carrito;',
  '  5. ver el carrito; 6. agendar; 7. ver sus notificaciones.',
  '- Agendar: el camino de la pantalla de la paciente sin anticipo. Envía un doctor y una hora libre sin `tipo`, así que',
  '  es una **evaluación de lo que tiene en el carrito** (el servidor lo vacía en la misma sentencia), con',
  '  `Idempotency-Key`. Una evaluación debe el anticipo de `ANTICIPO_EVALUACION`, que por omisión es 0: no hay pago.',
  '  No pide consentimiento (solo lo exige marcar realizada una cita de procedimiento). Las horas: la reserva k es',
  `  del doctor k mod ${DOCTORES} en su hora libre k div ${DOCTORES} (de 06:00 a 22:00 de lunes a sábado, desde mañana, sin`,
  '  festivos), así que dos reservas nunca chocan: un 409 sería un error del servidor o del bench.',
  '- Si iniciar sesión responde 503 con Retry-After (el hash de contraseñas está a su capacidad: en 2 núcleos, uno a la',
  '  vez y ocho en espera, issue 11.2), ese 503 cuenta como respuesta no 2xx del paso y la paciente lo intenta de nuevo',
  `  tras el Retry-After, como le pide el mensaje (hasta ${INTENTOS_INICIO} intentos); la espera cuenta en la duración de la`,
  '  sesión, no en la latencia de ningún paso.',
  '- Servidor: el compilado (`apps/api/dist/server.js`) en producción con `LOG_LEVEL=info`, su salida a una tubería que',
  '  lee otro proceso (como journald o docker). `RATE_LIMIT_MAX` muy alto (como en los demás bench): todas las',
  '  pacientes virtuales llegan de 127.0.0.1, y el límite por dirección (600/min, y 30 inicios de sesión por minuto)',
  '  las pararía; el límite de intentos fallidos por cuenta no interviene (cada sesión es una cuenta distinta que',
  '  acierta su contraseña), y el límite de hashes simultáneos no se puede ajustar y queda como en una clínica.',
  '- Datos: un primer arranque de desarrollo migra la base y siembra la demostración (catálogo con imágenes,',
  `  personal); luego bench/semilla.ts agrega en SQL ${DOCTORES} doctores con horario y ${PACIENTES} pacientes con una`,
  '  contraseña real (un solo hash, hecho con los parámetros del servidor). PGlite en un DATA_DIR temporal; PostgreSQL',
  '  en una base nueva, borrada al final. El generador de carga corre en la misma máquina que el servidor.',
  '- CPU del servidor por sesión: tiempo de CPU del proceso (usuario + sistema, `/proc/<pid>/stat`) durante la',
  '  medición, dividido por las sesiones completas; la carga de la máquina la cambia mucho menos que las sesiones/s.',
  '',
].join('\n');
writeFileSync(SALIDA, md);
console.log(`\n${md}`);
