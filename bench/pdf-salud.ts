// npm run bench:pdf-salud -w @clinica/bench (after npm run build): one patient keeps asking for the PDF copy of a
// record whose notes are long words without spaces (issue 21.2), against the built server on PGlite, while other
// clients read GET /salud. Before PDFs moved to worker threads (decision 0044) and line breaking became linear, one
// such copy held the event loop for seconds. Measures /salud p99 before and during (target <= 100 ms, QUALITY.md
// "One user cannot degrade the service for others") and what the patient's requests got (200, 429 for a second
// document at once). Env: BENCH_SECONDS (10), BENCH_SERVIDOR. Writes bench/results/pdf-salud.md (or BENCH_SALIDA).
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { entornoProduccion, prepararDatos } from './arranque.ts';
import { maquina, type Fila, tablaMetas } from './carga.ts';
import { freePort, stop, waitFor } from './procesos.ts';
import { ENTORNO_NODE, OPCIONES_NODE } from '../scripts/opciones-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.resolve(process.env.BENCH_SERVIDOR ?? path.join(ROOT, 'apps/api/dist/server.js'));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SALIDA = process.env.BENCH_SALIDA ?? path.join(import.meta.dirname, 'results', 'pdf-salud.md');
const META_P99_MS = 100;
const CLAVE = 'clinica-demo-2026';
/** Requests the patient keeps in flight for her own copy. */
const EN_VUELO = 4;

const inicio = maquina();
console.log(`carga de la máquina al empezar: ${inicio.carga} (${inicio.nucleos} núcleos)`);
const dataDir = await prepararDatos({}, SERVER);
const port = await freePort();
const child = spawn(process.execPath, [...OPCIONES_NODE, SERVER], {
  cwd: ROOT,
  env: {
    ...entornoProduccion({ ...ENTORNO_NODE, ...process.env } as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '100000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

async function llamar<T>(metodo: string, ruta: string, token?: string, cuerpo?: unknown): Promise<T> {
  const res = await fetch(`${base}${ruta}`, {
    method: metodo,
    headers: {
      ...(cuerpo !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(cuerpo !== undefined ? { body: JSON.stringify(cuerpo) } : {}),
  });
  if (!res.ok) throw new Error(`${metodo} ${ruta}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const iniciarSesion = (correo: string) =>
  llamar<{ token: string; usuario: { id: number } }>('POST', '/apiusuarios/iniciarsesion', undefined, {
    correo,
    contrasena: CLAVE,
  });

const filas: Fila[] = [];
const detalle: string[] = [];
try {
  await waitFor(`${base}/salud/lista`, child, 60);
  const paciente = await iniciarSesion('paciente@demo.test');
  const doctor = await iniciarSesion('doctor@demo.test');

  // The demo's two started visits get signed notes whose texts are single words, at the fields' maximum sizes.
  const palabra = (n: number) => 'hiperpigmentacionpostinflamatoria'.repeat(Math.ceil(n / 33)).slice(0, n);
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  const desde = new Date(Date.parse(`${hoy}T12:00:00Z`) - 12 * 86_400_000).toISOString().slice(0, 10);
  const lista = await llamar<{ items: { id: number; motivo: string | null }[] }>(
    'GET',
    `/apicitas/listarcitas?desde=${desde}&hasta=${hoy}&estado=confirmada&porPagina=100`,
    doctor.token,
  );
  let notas = 0;
  for (const c of lista.items.filter((x) => x.motivo === 'Valoración en curso')) {
    const nota = await llamar<{ id: number }>('POST', `/apievoluciones/cita/${c.id}`, doctor.token, {
      motivo: palabra(2000),
      hallazgos: palabra(5000),
      procedimiento_realizado: palabra(2000),
      indicaciones: palabra(4000),
    });
    await llamar('POST', `/apievoluciones/${nota.id}/firmar`, doctor.token);
    notas++;
  }
  const url = `/apihistorialmedico/mihistorialclinico/${paciente.usuario.id}/copia.pdf`;
  const unaCopia = performance.now();
  const primera = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${paciente.token}` } });
  const bytes = (await primera.arrayBuffer()).byteLength;
  const msCopia = performance.now() - unaCopia;

  const salud = () => autocannon({ url: `${base}/salud`, connections: 5, duration: DURATION });
  const antes = await salud();
  detalle.push(
    `| GET /salud sin ataque | ${antes.requests.average.toFixed(0)} | ${antes.latency.p50} | ${antes.latency.p99} |`,
  );

  // The patient: EN_VUELO requests for her copy at all times, each sent again as soon as it is answered.
  const estados = new Map<number, number>();
  let parar = false;
  const atacar = async () => {
    while (!parar) {
      const r = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${paciente.token}` } });
      await r.arrayBuffer();
      estados.set(r.status, (estados.get(r.status) ?? 0) + 1);
    }
  };
  const atacantes = Array.from({ length: EN_VUELO }, atacar);
  const durante = await salud();
  parar = true;
  await Promise.all(atacantes);
  detalle.push(
    `| GET /salud mientras la paciente pide su copia | ${durante.requests.average.toFixed(0)} | ${durante.latency.p50} | ${durante.latency.p99} |`,
  );

  filas.push({
    que: `GET /salud, p99 mientras una paciente pide sin parar (${EN_VUELO} a la vez) la copia PDF de una historia con palabras largas`,
    meta: `<= ${META_P99_MS} ms`,
    medido: `${durante.latency.p99} ms (p50 ${durante.latency.p50} ms; sin ataque ${antes.latency.p99} ms)`,
    cumple: durante.latency.p99 <= META_P99_MS,
  });
  const respuestas = [...estados.entries()]
    .sort()
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  const md = [
    `# Una paciente pide sin parar copias PDF pesadas (issue 21.2)`,
    '',
    `Fecha: ${inicio.fecha} · ${inicio.nucleos} núcleos · Node ${inicio.node} · carga al empezar (1/5/15 min): ${inicio.carga} · PGlite · producción, LOG_LEVEL=info · ${DURATION} s por fase`,
    '',
    inicio.cargada
      ? `**La máquina estaba cargada al empezar (carga ${inicio.carga}): los números son pesimistas.**`
      : 'La máquina estaba tranquila al empezar.',
    '',
    `Servidor: \`${path.relative(ROOT, SERVER)}\`. Comando: \`npm run build && npm run bench:pdf-salud -w @clinica/bench\`.`,
    '',
    tablaMetas(filas),
    '',
    '| qué | req/s | p50 ms | p99 ms |',
    '| --- | ---: | ---: | ---: |',
    ...detalle,
    '',
    `La copia: ${notas} notas firmadas con sus textos como una sola palabra en el tamaño máximo de cada campo, ` +
      `${(bytes / 1024).toFixed(0)} KB, ${msCopia.toFixed(0)} ms la primera vez. Respuestas a la paciente durante el ataque: ${respuestas}` +
      ' (429: ya tenía un documento en preparación).',
  ].join('\n');
  writeFileSync(SALIDA, `${md}\n`);
  console.log(md);
} finally {
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
