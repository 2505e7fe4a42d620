// npm run bench:inundacion-socket -w @clinica/bench (after npm run build): one patient floods the live connection
// (issue 21.2) against the built server on PGlite, while a few clients keep reading health. The attacker
// (bench/atacante-socket.ts, its own process) signs in once and keeps BENCH_SOCKETS_ATAQUE (30) sockets with that
// one token trying to be open, each sending registrarPaciente/registrarDoctor with other people's ids as fast as
// it can and reconnecting at once when closed. Meanwhile a doctor's socket (another user) stays connected.
// Measures GET /salud p99 before and during the attack (target: <= 100 ms, QUALITY.md "One user cannot degrade the
// service for others"), what the server did with the attacker's sockets, and whether the bystander was dropped.
// Env: BENCH_SECONDS (10), BENCH_SERVIDOR (another build's server.js, e.g. the previous commit's, to compare).
// Writes bench/results/inundacion-socket.md (or BENCH_SALIDA).
import { fork, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { io } from 'socket.io-client';
import { entornoProduccion, prepararDatos } from './arranque.ts';
import { maquina, type Fila, tablaMetas } from './carga.ts';
import { freePort, stop, waitFor } from './procesos.ts';
import { ENTORNO_NODE, OPCIONES_NODE } from '../scripts/opciones-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.resolve(process.env.BENCH_SERVIDOR ?? path.join(ROOT, 'apps/api/dist/server.js'));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SOCKETS_ATAQUE = Number(process.env.BENCH_SOCKETS_ATAQUE ?? 30);
const SALIDA = process.env.BENCH_SALIDA ?? path.join(import.meta.dirname, 'results', 'inundacion-socket.md');
const META_P99_MS = 100;
const CLAVE = 'clinica-demo-2026';

type Informe = {
  enviados: number;
  aceptadas: number;
  cerradas: number;
  negadas: number;
  otrosErrores: number;
  motivos: Record<string, number>;
};

const inicio = maquina();
console.log(`carga de la máquina al empezar: ${inicio.carga} (${inicio.nucleos} núcleos)`);
// Production does not seed demo data: a development start seeds the data directory first, then stops.
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
    // Every reader comes from 127.0.0.1: the per-address HTTP limit would answer 429 and hide what the sockets do.
    RATE_LIMIT_MAX: '100000000',
  },
  // The server's info log (a line per request) goes nowhere: this measures the server, not a terminal.
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const atacante = fork(path.join(import.meta.dirname, 'atacante-socket.ts'), [], {
  cwd: ROOT,
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const pedir = <T>(m: object) =>
  new Promise<T>((resolve) => {
    atacante.once('message', (r: T) => resolve(r));
    atacante.send(m);
  });

async function iniciarSesion(correo: string): Promise<{ token: string; id: number }> {
  const res = await fetch(`${base}/apiusuarios/iniciarsesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ correo, contrasena: CLAVE }),
  });
  if (!res.ok) throw new Error(`inicio de sesión de ${correo}: ${res.status} ${await res.text()}`);
  const { token, usuario } = (await res.json()) as { token: string; usuario: { id: number } };
  return { token, id: usuario.id };
}

const filas: Fila[] = [];
const detalle: string[] = [];
try {
  await waitFor(`${base}/salud/lista`, child, 60);
  const paciente = await iniciarSesion('paciente@demo.test');
  const doctor = await iniciarSesion('doctor@demo.test');
  const salud = () => autocannon({ url: `${base}/salud`, connections: 5, duration: DURATION });

  // A bystander: another person's socket, connected the whole time.
  const testigo = io(base, { transports: ['websocket'], auth: { token: doctor.token }, reconnection: false });
  let testigoCaidas = 0;
  testigo.on('disconnect', () => testigoCaidas++);
  await new Promise<void>((resolve, reject) => {
    testigo.once('connect', () => resolve());
    testigo.once('connect_error', reject);
  });

  const antes = await salud();
  detalle.push(
    `| GET /salud sin ataque | ${antes.requests.average.toFixed(0)} | ${antes.latency.p50} | ${antes.latency.p99} |`,
  );

  await pedir({ tipo: 'atacar', url: base, token: paciente.token, ajeno: doctor.id, sockets: SOCKETS_ATAQUE });
  const durante = await salud();
  const informe = await pedir<Informe>({ tipo: 'parar' });
  detalle.push(
    `| GET /salud durante el ataque | ${durante.requests.average.toFixed(0)} | ${durante.latency.p50} | ${durante.latency.p99} |`,
  );
  const sigueConectado = testigo.connected;
  const caidas = testigoCaidas;
  testigo.close();

  filas.push({
    que: `GET /salud, p99 mientras una paciente inunda la conexión en vivo (${SOCKETS_ATAQUE} sockets con un token)`,
    meta: `<= ${META_P99_MS} ms`,
    medido: `${durante.latency.p99} ms (p50 ${durante.latency.p50} ms, ${durante.requests.average.toFixed(0)} req/s; sin ataque ${antes.latency.p99} ms)`,
    cumple: durante.latency.p99 <= META_P99_MS,
  });
  filas.push({
    que: 'El socket de otra persona (un doctor) sigue conectado durante el ataque',
    meta: 'sí, sin caídas',
    medido: sigueConectado && caidas === 0 ? 'sí, sin caídas' : `conectado: ${sigueConectado}, caídas: ${caidas}`,
    cumple: sigueConectado && caidas === 0,
  });
  const motivosTexto = Object.entries(informe.motivos)
    .map(([c, n]) => `${c}: ${n}`)
    .join(', ');

  const md = [
    `# Una paciente inunda la conexión en vivo (issue 21.2)`,
    '',
    `Fecha: ${inicio.fecha} · ${inicio.nucleos} núcleos · Node ${inicio.node} · carga al empezar (1/5/15 min): ${inicio.carga} · PGlite · producción, LOG_LEVEL=info · ${DURATION} s por fase`,
    '',
    inicio.cargada
      ? `**La máquina estaba cargada al empezar (carga ${inicio.carga}): los números son pesimistas.**`
      : 'La máquina estaba tranquila al empezar.',
    '',
    `Servidor: \`${path.relative(ROOT, SERVER)}\`. Comando: \`npm run build && npm run bench:inundacion-socket -w @clinica/bench\`.`,
    '',
    tablaMetas(filas),
    '',
    '## Detalle',
    '',
    '| qué | req/s | p50 ms | p99 ms |',
    '| --- | ---: | ---: | ---: |',
    ...detalle,
    '',
    `Lo que hizo el servidor con la atacante durante ${DURATION} s: ${informe.enviados.toLocaleString('es-CO')} eventos escritos por sus sockets, ` +
      `${informe.aceptadas} conexiones aceptadas, ${informe.cerradas} cerradas por el servidor ` +
      `(motivos leídos por el cliente: ${motivosTexto || 'ninguno'}), ${informe.negadas} rechazadas con DEMASIADAS_CONEXIONES, ` +
      `${informe.otrosErrores} otros errores de conexión.`,
    '',
    '## Cómo se mide',
    '',
    '- Servidor compilado (`apps/api/dist/server.js`, u otro con `BENCH_SERVIDOR`) con PGlite y la semilla de',
    '  demostración, en producción con `LOG_LEVEL=info`, como corre en la clínica.',
    '- La atacante (`bench/atacante-socket.ts`, otro proceso) inicia sesión una vez y mantiene',
    `  ${SOCKETS_ATAQUE} sockets con ese token intentando estar abiertos; cada uno envía \`registrarPaciente\`/\`registrarDoctor\``,
    '  con ids ajenos en ráfagas de 500 y vuelve a conectarse en cuanto el servidor lo cierra (100 ms tras una negativa).',
    '- Mientras tanto, 5 conexiones leen `GET /salud` (autocannon) y un doctor mantiene su socket abierto.',
  ].join('\n');
  writeFileSync(SALIDA, `${md}\n`);
  console.log(md);
} finally {
  await stop(atacante);
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
