// npm run bench:sockets -w @clinica/bench (after npm run build): the live-notification benchmarks of issue 10.9
// against the built server (one process; PostgreSQL on a fresh database when one answers, else PGlite):
//   a. 1,000 connected socket.io clients (500 doctors and 500 patients, websocket transport, real tokens in the
//      handshake); the assistant books appointments between them and each client records when its
//      `nuevaNotificacion` arrives: commit -> received p99 (target <= 25 ms);
//   b. 10,000 idle sockets in the server process: its RSS and heap (after full GCs) before and after, divided
//      by the sockets (target <= 30 KB each).
// The clients live in BENCH_PROCESOS_CLIENTE (4) child processes (bench/clientes-socket.ts) so the client side is
// not the bottleneck. Env: BENCH_SEGUNDOS (12), BENCH_RITMO (bookings/s of the steady phase, 20),
// BENCH_CONCURRENCIA (bookings in flight in the maximum phase, 2), BENCH_SOCKETS
// (10000), BENCH_SOCKETS_MOTOR (PostgreSQL | PGlite), BENCH_DATABASE_URL. Writes bench/results/sockets.md.
import { execSync, fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cargaCerrada, estadosTexto, maquina, ms, percentil, tablaMetas, type Fila } from './carga.ts';
import { iniciarApi, stop } from './procesos.ts';
import {
  ZONA,
  baseNueva,
  firmante,
  horariosLibres,
  pgDisponible,
  secretoJwt,
  sembrarPersonas,
  type Grupo,
} from './semilla.ts';

const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 12);
const CONCURRENCIA = Number(process.env.BENCH_CONCURRENCIA ?? 2);
/** Bookings per second of the steady phase (the target's phase). */
const RITMO = Number(process.env.BENCH_RITMO ?? 20);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const PROCESOS = Number(process.env.BENCH_PROCESOS_CLIENTE ?? 4);
const CONECTADOS = 1_000;
const HORAS: [string, string] = ['06:00', '22:00'];
const ROOT = path.resolve(import.meta.dirname, '..');
/** Open files allowed: the server needs one descriptor per socket (raise it with `ulimit -n` if below ~11k). */
const ULIMIT = execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim();

const inicioRun = maquina();
console.log(`carga de la máquina al empezar: ${inicioRun.carga} (${inicioRun.nucleos} núcleos)`);
const motor =
  (process.env.BENCH_SOCKETS_MOTOR as 'PostgreSQL' | 'PGlite' | undefined) ??
  ((await pgDisponible()) ? 'PostgreSQL' : 'PGlite');

type Recibida = [citaId: number, usuarioId: number, recibidaEn: number, creadaEn: number];
type Respuesta = { tipo: string; ok?: number; fallos?: number; error?: string; recibidas?: Recibida[] };

/** The client processes, each answering one message at a time. */
function clientes(n: number) {
  const hijos: ChildProcess[] = Array.from({ length: n }, () =>
    fork(path.join(import.meta.dirname, 'clientes-socket.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const pedir = (h: ChildProcess, m: object) =>
    new Promise<Respuesta>((resolve) => {
      h.once('message', (r: Respuesta) => resolve(r));
      h.send(m);
    });
  return {
    /** Spreads the users over the processes; resolves when every handshake finished. */
    async conectar(url: string, usuarios: [number, string][]) {
      const partes = hijos.map((_, i) => usuarios.filter((__, j) => j % n === i));
      const r = await Promise.all(hijos.map((h, i) => pedir(h, { tipo: 'conectar', url, usuarios: partes[i] })));
      return {
        ok: r.reduce((a, x) => a + (x.ok ?? 0), 0),
        fallos: r.reduce((a, x) => a + (x.fallos ?? 0), 0),
        error: r.find((x) => x.error)?.error,
      };
    },
    async informe(): Promise<Recibida[]> {
      return (await Promise.all(hijos.map((h) => pedir(h, { tipo: 'informe' })))).flatMap((r) => r.recibidas ?? []);
    },
    cerrar: () => Promise.all(hijos.map((h) => pedir(h, { tipo: 'cerrar' }))),
    terminar: () => Promise.all(hijos.map((h) => stop(h))),
  };
}

type Memoria = { rss: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
function memoria(servidor: ChildProcess): Promise<Memoria> {
  return new Promise((resolve) => {
    servidor.once('message', (m: Memoria) => resolve(m));
    servidor.send({ tipo: 'memoria' });
  });
}
const dormir = (n: number) => new Promise((r) => setTimeout(r, n));
const rango = (g: Grupo, n = g.hasta - g.desde + 1) => Array.from({ length: n }, (_, i) => g.desde + i);

const base = await baseNueva(motor);
const secreto = secretoJwt();
const firmar = firmante(secreto);
const filas: Fila[] = [];
const notas: string[] = [];
try {
  const db = await base.abrir();
  let s;
  try {
    await db.migrate();
    s = await sembrarPersonas(db, [
      { nombre: 'doctor', rol: 'doctor', n: CONECTADOS / 2, horas: HORAS },
      { nombre: 'paciente', rol: 'paciente', n: Math.max(SOCKETS, CONECTADOS / 2) },
    ]);
  } finally {
    await db.close();
  }
  const doctores = rango(s.grupos.doctor!);
  const pacientes = rango(s.grupos.paciente!);
  const conToken = async (ids: number[], rol: 'doctor' | 'paciente') =>
    Promise.all(ids.map(async (id): Promise<[number, string]> => [id, await firmar(id, rol)]));

  const api = await iniciarApi(
    { ...base.env, NODE_ENV: 'production', JWT_SECRET: secreto, CLINICA_TZ: ZONA },
    { nodeArgs: ['--expose-gc', '--import', path.join(import.meta.dirname, 'memoria-servidor.mjs')], ipc: true },
  );
  const cli = clientes(PROCESOS);
  try {
    // ---- a. 1,000 connected clients; bookings between doctor i and patient i notify both ----
    const parejas = CONECTADOS / 2;
    const conectados = await cli.conectar(api.base, [
      ...(await conToken(doctores, 'doctor')),
      ...(await conToken(pacientes.slice(0, parejas), 'paciente')),
    ]);
    console.log(
      `conectados: ${conectados.ok} (fallos ${conectados.fallos}${conectados.error ? `: ${conectados.error}` : ''})`,
    );
    const asistente = { authorization: `Bearer ${await firmar(s.asistente, 'asistente')}` };
    const slots = horariosLibres(HORAS);
    let actual = '';
    const enviada = new Map<number, number>();
    const citaDe = new Map<number, number>();
    const reserva = (k: number) => {
      if (k % parejas === 0) actual = slots.next().value as string;
      enviada.set(k, performance.timeOrigin + performance.now());
      return {
        method: 'POST',
        path: '/apicitas/crearcitas',
        headers: asistente,
        body: {
          doctor_id: doctores[k % parejas]!,
          paciente_id: pacientes[k % parejas]!,
          inicio: actual,
          tipo: 'evaluacion',
        },
      };
    };
    // Warm-up, not counted.
    await cargaCerrada({ base: api.base, concurrencia: CONCURRENCIA, segundos: 2, esperado: 201, siguiente: reserva });
    await dormir(500);
    await cli.informe();

    /** One phase of bookings; its notifications are matched to the appointments it created. */
    const fase = async (ritmo: number | undefined) => {
      citaDe.clear();
      const carga = await cargaCerrada({
        base: api.base,
        concurrencia: ritmo ? Math.max(CONCURRENCIA, 4) : CONCURRENCIA,
        segundos: SEGUNDOS,
        esperado: 201,
        siguiente: reserva,
        ...(ritmo ? { ritmo } : {}),
        alResponder: (k, status, cuerpo) => {
          if (status === 201) citaDe.set((JSON.parse(cuerpo) as { id: number }).id, k);
        },
      });
      await dormir(2000);
      const recibidas = (await cli.informe()).filter(([cita]) => citaDe.has(cita));
      const desdeCommit = recibidas.map(([, , en, creada]) => en - creada);
      const desdeEnvio = recibidas.map(([cita, , en]) => en - enviada.get(citaDe.get(cita)!)!);
      const esperadas = citaDe.size * 2;
      const como = ritmo ? `ritmo fijo de ${ritmo} citas/s` : `máximo, ${CONCURRENCIA} en vuelo`;
      console.log(
        `reservas (${como}): ${carga.porSegundo.toFixed(0)}/s (${estadosTexto(carga.estados)}); notificaciones ${recibidas.length}/${esperadas}`,
      );
      for (const e of carga.muestrasError) console.log(`   ${e}`);
      const p99 = percentil(desdeCommit, 99);
      filas.push(
        {
          que: `commit -> cliente recibe \`nuevaNotificacion\`, ${conectados.ok} clientes conectados, ${como} (desde el inicio de la transacción)`,
          meta: ritmo ? 'p99 <= 25 ms' : 'sin meta (referencia: capacidad)',
          medido: `p50 ${ms(percentil(desdeCommit, 50))}, p95 ${ms(percentil(desdeCommit, 95))}, p99 ${ms(p99)}, máx ${ms(Math.max(...desdeCommit))} ms`,
          cumple: ritmo ? p99 <= 25 : null,
        },
        {
          que: `envío del POST -> cliente recibe, ${como} (referencia: incluye validación, transacción y despacho)`,
          meta: 'sin meta (referencia)',
          medido: `p50 ${ms(percentil(desdeEnvio, 50))}, p95 ${ms(percentil(desdeEnvio, 95))}, p99 ${ms(percentil(desdeEnvio, 99))} ms`,
          cumple: null,
        },
        {
          que: `notificaciones recibidas / esperadas (2 por cita: doctor y paciente), ${como}`,
          meta: 'todas',
          medido: `${recibidas.length} / ${esperadas} (${citaDe.size} citas a ${carga.porSegundo.toFixed(0)}/s)`,
          cumple: recibidas.length === esperadas,
        },
      );
    };
    // A steady rate far above a clinic's (a busy front desk books a few per minute), then as fast as it goes.
    await fase(RITMO);
    await fase(undefined);
    await cli.cerrar();
    await dormir(2000);

    // ---- b. memory per idle socket ----
    const antes = await memoria(api.child);
    const t0 = performance.now();
    const idle = await cli.conectar(api.base, await conToken(pacientes.slice(0, SOCKETS), 'paciente'));
    const conexionS = (performance.now() - t0) / 1000;
    console.log(
      `sockets inactivos: ${idle.ok} en ${conexionS.toFixed(1)} s (fallos ${idle.fallos}${idle.error ? `: ${idle.error}` : ''})`,
    );
    await dormir(3000);
    const despues = await memoria(api.child);
    const kb = (a: number, b: number) => (b - a) / 1024 / Math.max(1, idle.ok);
    const rssKb = kb(antes.rss, despues.rss);
    const heapKb = kb(antes.heapUsed + antes.external, despues.heapUsed + despues.external);
    const mb = (v: number) => `${(v / 1048576).toFixed(0)} MB`;
    filas.push({
      que: `memoria por socket inactivo (${idle.ok} sockets en un proceso): RSS del servidor`,
      meta: '<= 30 KB',
      medido: `${rssKb.toFixed(1)} KB (RSS ${mb(antes.rss)} -> ${mb(despues.rss)})`,
      cumple: rssKb <= 30,
    });
    filas.push({
      que: 'memoria por socket inactivo: heap usado + external (tras GC completo)',
      meta: '<= 30 KB',
      medido: `${heapKb.toFixed(1)} KB (heap ${mb(antes.heapUsed)} -> ${mb(despues.heapUsed)}, external ${mb(antes.external)} -> ${mb(despues.external)})`,
      cumple: heapKb <= 30,
    });
    notas.push(
      `${idle.ok} conexiones en ${conexionS.toFixed(1)} s (${(idle.ok / conexionS).toFixed(0)} apretones de mano autenticados por segundo; ${idle.fallos} fallidos).`,
    );
    if (idle.fallos || conectados.fallos) notas.push(`Error de conexión: ${idle.error ?? conectados.error}`);
    await cli.cerrar();
  } finally {
    await cli.terminar();
    await stop(api.child);
  }
} finally {
  await base.borrar();
}

const comando = 'npm run build && npm run bench:sockets -w @clinica/bench';
const md = [
  '# Notificaciones en vivo: latencia con 1.000 clientes y memoria por socket (issue 10.9)',
  '',
  `Fecha: ${inicioRun.fecha} · ${inicioRun.nucleos} núcleos · Node ${inicioRun.node} · carga al empezar (os.loadavg 1/5/15 min): ${inicioRun.carga} · base: ${motor} · ulimit -n: ${ULIMIT}`,
  '',
  `Comando: \`${comando}\` (${SEGUNDOS} s de reservas, ${PROCESOS} procesos cliente).`,
  '',
  inicioRun.cargada
    ? `**La máquina estaba cargada al empezar (carga ${inicioRun.carga} en ${inicioRun.nucleos} núcleos, compartida con otras pruebas): los números son pesimistas.**`
    : 'La máquina estaba tranquila al empezar.',
  '',
  tablaMetas(filas),
  '',
  '## Cómo se mide',
  '',
  '- Servidor compilado (`apps/api/dist/server.js`, NODE_ENV=production, un proceso) con una base nueva (PostgreSQL:',
  '  creada para la corrida y borrada al final; PGlite: DATA_DIR temporal). Usuarios, horarios y sesiones los siembra',
  '  bench/semilla.ts en SQL; cada cliente usa un token real firmado con el secreto del servidor, en el `auth` del',
  '  apretón de manos, transporte websocket, sin reconexión.',
  `- Los clientes viven en ${PROCESOS} procesos aparte (bench/clientes-socket.ts) y anotan la hora de llegada de cada`,
  '  `nuevaNotificacion` (reloj de pared con resolución submilisegundo, el mismo de la máquina).',
  '- "commit -> recibe" se mide desde `creada_en` de la notificación, que PostgreSQL/PGlite fijan con now() al',
  '  empezar la transacción que la crea: es una cota superior del tiempo desde el commit (incluye el resto de la',
  '  transacción, el commit y el despacho de la bandeja de salida, que reclama la fila en otra transacción).',
  '- La asistente agenda citas entre el doctor i y la paciente i (ambos conectados) con pocas solicitudes en vuelo;',
  '  cada cita notifica a los dos.',
  '- Memoria: el servidor se arranca con `--expose-gc --import bench/memoria-servidor.mjs`, que ante un mensaje del',
  '  benchmark hace GC completos y responde `process.memoryUsage()`. Se mide con el servidor ya usado (después de la',
  '  prueba de latencia y con sus clientes cerrados), se abren los sockets, se esperan 3 s y se mide de nuevo.',
  ...notas.map((n) => `- ${n}`),
  `- Descriptores: \`ulimit -n\` = ${ULIMIT} (el servidor necesita uno por socket); ${os.cpus().length} núcleos compartidos.`,
  '',
].join('\n');
writeFileSync(path.join(import.meta.dirname, 'results', 'sockets.md'), `${md}\n`);
console.log(`\n${md}`);
