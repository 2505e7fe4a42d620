// npm run bench:citas -w @clinica/bench (after npm run build): the appointment benchmarks of issue 8.6 against the
// built server, on a fresh PostgreSQL database (dropped afterwards) and on a temporary PGlite directory:
//   a. create-appointment throughput and p50/p95/p99 at a fixed concurrency, the assistant booking distinct free
//      slots for many doctors and patients (target on PostgreSQL: >= 500/s, p99 <= 50 ms);
//   b. availability of one doctor for a month, p95;
//   c. with 100k patients and 1M appointments loaded by the bench seeder (semilla.ts), listarcitas (filters,
//      search by patient name, limit) and citasusuario p95 (target <= 30 ms on PostgreSQL, <= 150 ms on PGlite).
// Env: BENCH_SEGUNDOS (per measurement, 12), BENCH_CONCURRENCIA (bookings, 8), BENCH_CONEXIONES (reads, 4),
// BENCH_MOTORES (PostgreSQL,PGlite), BENCH_PGLITE_ESCALA (share of the 100k/1M seeded on PGlite, 0.1),
// BENCH_ESCALA (the same on PostgreSQL, 1), BENCH_DATABASE_URL. Writes bench/results/citas.md.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOPE_CONTEO_CITAS } from '@clinica/contracts/citas';
import { usuariosPaths } from '@clinica/contracts/rutas';
import { sumarDias } from '@clinica/contracts/tiempo';
import { createCalendario } from '../apps/api/src/lib/calendario.ts';
import { cargaCerrada, estadosTexto, maquina, ms, tablaMetas, type Fila, type Medicion } from './carga.ts';
import { cpuMs, iniciarApi, stop } from './procesos.ts';
import {
  ZONA,
  baseNueva,
  type BaseBench,
  consulta,
  firmante,
  horariosLibres,
  pgDisponible,
  secretoJwt,
  sembrarCitas,
  sembrarPersonas,
} from './semilla.ts';

const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 12);
/**
 * Bookings in flight at once. The target is a rate and a latency at the same time, so it is read at the load where
 * the server is fully busy without a queue of its own: 8 on the 2-core machine (bench/results/perfil.md); twice as
 * many is measured too, for reference.
 */
const CONCURRENCIA = Number(process.env.BENCH_CONCURRENCIA ?? 8);
const CONEXIONES = Number(process.env.BENCH_CONEXIONES ?? 4);
const ESCALA_PGLITE = Number(process.env.BENCH_PGLITE_ESCALA ?? 0.1);
/** Share of the 100k/1M seeded on PostgreSQL (1; smaller only to try the script quickly). */
const ESCALA = Number(process.env.BENCH_ESCALA ?? 1);
const MOTORES = (process.env.BENCH_MOTORES ?? 'PostgreSQL,PGlite').split(',').map((m) => m.trim());
/** BENCH_SOLO_RESERVAS=1: only the bookings (a. below), e.g. to profile them with BENCH_NODE_ARGS=--cpu-prof. */
const SOLO_RESERVAS = process.env.BENCH_SOLO_RESERVAS === '1';
const PACIENTES = 100_000;
const CITAS = 1_000_000;
const DOCTORES = 100;
const DOCTORES_RESERVAS = 50;
const PACIENTES_RESERVAS = 5_000;
const HORAS_RESERVAS: [string, string] = ['06:00', '22:00'];
const APELLIDOS_BUSCADOS = ['restrepo', 'zapata', 'munoz', 'velez', 'cardenas'];

const inicioRun = maquina();
console.log(`carga de la máquina al empezar: ${inicioRun.carga} (${inicioRun.nucleos} núcleos)`);

type Resultado = {
  motor: string;
  escala: { pacientes: number; citas: number };
  siembraS: number;
  filas: { que: string; m: Medicion; meta?: { p95?: number; p99?: number; porSegundo?: number }; cpu?: number }[];
  explicar: string[];
};

/** Seconds until the outbox holds no undelivered row that is due or failed (at most 120 s). */
async function esperarBandejaVacia(base: BaseBench): Promise<number> {
  const t0 = performance.now();
  const vigia = await base.abrir();
  try {
    for (;;) {
      const [f] = await consulta(
        vigia,
        // Due now, or failed and waiting for a retry: either is owed.
        'select count(*)::int as n from bandeja_salida where entregada_en is null and (disponible_en <= now() or ultimo_error is not null)',
      );
      if (Number(f!.n) === 0 || performance.now() - t0 > 120_000) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await vigia.close();
  }
  return (performance.now() - t0) / 1000;
}

async function benchMotor(motor: 'PostgreSQL' | 'PGlite'): Promise<Resultado> {
  const escala = motor === 'PGlite' ? ESCALA_PGLITE : ESCALA;
  const nPacientes = Math.round(PACIENTES * escala);
  const nCitas = Math.round(CITAS * escala);
  const base = await baseNueva(motor);
  const secreto = secretoJwt();
  const firmar = firmante(secreto);
  const res: Resultado = {
    motor,
    escala: { pacientes: nPacientes, citas: nCitas },
    siembraS: 0,
    filas: [],
    explicar: [],
  };
  try {
    // ---- seed (migrated with the API's own code, then closed: PGlite has one process per data dir) ----
    const t0 = performance.now();
    const db = await base.abrir();
    let s;
    try {
      await db.migrate();
      s = await sembrarPersonas(db, [
        { nombre: 'doctor', rol: 'doctor', n: DOCTORES, horas: ['07:00', '19:00'] },
        { nombre: 'paciente', rol: 'paciente', n: nPacientes },
        { nombre: 'reservas-doctor', rol: 'doctor', n: DOCTORES_RESERVAS, horas: HORAS_RESERVAS },
        { nombre: 'reservas-paciente', rol: 'paciente', n: PACIENTES_RESERVAS },
      ]);
      console.log(`${motor}: ${nPacientes} pacientes sembrados; sembrando ${nCitas} citas...`);
      await sembrarCitas(db, {
        doctores: s.grupos.doctor!,
        pacientes: s.grupos.paciente!,
        n: nCitas,
        porDia: 20,
        diasAtras: Math.round(((nCitas / DOCTORES / 20) * 3) / 5),
        creadaPor: s.asistente,
      });
      const [c] = await consulta(db, 'select count(*)::int as n from citas');
      if (Number(c!.n) !== nCitas) throw new Error(`se esperaban ${nCitas} citas y hay ${String(c!.n)}`);
    } finally {
      await db.close();
    }
    res.siembraS = (performance.now() - t0) / 1000;
    console.log(`${motor}: siembra lista en ${res.siembraS.toFixed(1)} s`);

    // As a clinic runs it: production, one access line per request into a pipe a collector reads (issue 26).
    const api = await iniciarApi(
      { ...base.env, NODE_ENV: 'production', JWT_SECRET: secreto, CLINICA_TZ: ZONA, LOG_LEVEL: 'info' },
      { registros: true },
    );
    try {
      const asistente = { authorization: `Bearer ${await firmar(s.asistente, 'asistente')}` };
      const medir = async (que: string, m: Promise<Medicion>, meta?: Resultado['filas'][number]['meta']) => {
        const cpu0 = cpuMs(api.child.pid);
        const r = await m;
        const cpu1 = cpuMs(api.child.pid);
        const cpu = cpu0 !== undefined && cpu1 !== undefined ? (cpu1 - cpu0) / r.solicitudes : undefined;
        res.filas.push({ que, m: r, ...(meta ? { meta } : {}), ...(cpu !== undefined ? { cpu } : {}) });
        console.log(
          `${motor} ${que}: ${r.porSegundo.toFixed(0)}/s, p50 ${ms(r.p50)} p95 ${ms(r.p95)} p99 ${ms(r.p99)} ms (${estadosTexto(r.estados)})${cpu !== undefined ? `; CPU del servidor ${cpu.toFixed(2)} ms por solicitud` : ''}`,
        );
        for (const e of r.muestrasError) console.log(`   ${e}`);
      };

      // ---- a. bookings: slot k div D of doctor k mod D, patient k mod P (never the same time twice) ----
      const rd = s.grupos['reservas-doctor']!;
      const rp = s.grupos['reservas-paciente']!;
      const nD = rd.hasta - rd.desde + 1;
      const slots = horariosLibres(HORAS_RESERVAS);
      let actual = '';
      let k = 0;
      const reserva = () => {
        if (k % nD === 0) actual = slots.next().value as string;
        const body = {
          doctor_id: rd.desde + (k % nD),
          paciente_id: rp.desde + (k % PACIENTES_RESERVAS),
          inicio: actual,
          tipo: 'evaluacion',
          motivo: 'Valoración (bench)',
        };
        k++;
        return { method: 'POST', path: '/apicitas/crearcitas', body, headers: asistente };
      };
      // Warm-up (JIT, connection pool, prepared statements), not counted.
      await cargaCerrada({
        base: api.base,
        concurrencia: CONCURRENCIA,
        segundos: 2,
        esperado: 201,
        siguiente: reserva,
      });
      // A booking owes its effects (two live pushes and the e-mail, delivered after the commit). A rate the outbox
      // cannot follow is not sustained: the measurement lasts until every due effect is delivered (PostgreSQL: a
      // second connection watches the outbox; PGlite has one process per data dir).
      const reservas = async (concurrencia: number, meta?: { porSegundo: number; p99: number }) => {
        let drenaje = 0;
        const sostenida = cargaCerrada({
          base: api.base,
          concurrencia,
          segundos: SEGUNDOS,
          esperado: 201,
          siguiente: reserva,
        }).then(async (m) => {
          if (motor !== 'PostgreSQL') return m;
          drenaje = await esperarBandejaVacia(base);
          return { ...m, segundos: m.segundos + drenaje, porSegundo: m.solicitudes / (m.segundos + drenaje) };
        });
        const hasta = motor === 'PostgreSQL' ? ', hasta entregar sus correos y avisos' : '';
        await medir(`POST /apicitas/crearcitas (asistente, ${concurrencia} concurrentes${hasta})`, sostenida, meta);
        if (motor === 'PostgreSQL')
          console.log(`   efectos entregados ${drenaje.toFixed(1)} s después de la última reserva`);
      };
      await reservas(CONCURRENCIA, motor === 'PostgreSQL' ? { porSegundo: 500, p99: 50 } : undefined);
      // The same with twice the requests in flight: past the point where the server is busy, more of them only
      // wait in its queue (the latency grows, the rate does not). For reference, without a target.
      if (motor === 'PostgreSQL') await reservas(CONCURRENCIA * 2);

      if (SOLO_RESERVAS) return res;

      // ---- b. availability of one doctor (20 appointments a day, 24 slots) for a month, as a patient books ----
      const cal = createCalendario(ZONA, () => new Date());
      const desde = sumarDias(cal.hoy(), 1);
      const hasta = sumarDias(desde, 30);
      const d = s.grupos.doctor!;
      const p = s.grupos.paciente!;
      const nP = p.hasta - p.desde + 1;
      const pacienteTok = await firmar(p.desde, 'paciente');
      await medir(
        `GET /apicitas/disponibilidad (un doctor, 31 días, como paciente; ${CONEXIONES} conexiones)`,
        cargaCerrada({
          base: api.base,
          concurrencia: CONEXIONES,
          segundos: SEGUNDOS,
          siguiente: (i) => ({
            path: `/apicitas/disponibilidad?doctor_id=${d.desde + (i % DOCTORES)}&desde=${desde}&hasta=${hasta}`,
            headers: { authorization: `Bearer ${pacienteTok}` },
          }),
        }),
        { p95: motor === 'PostgreSQL' ? 30 : 150 },
      );

      // ---- c. lists and searches over 1M appointments ----
      const meta = { p95: motor === 'PostgreSQL' ? 30 : 150 };
      const lectura = (que: string, ruta: (i: number) => string) =>
        medir(
          `${que} (${CONEXIONES} conexiones)`,
          cargaCerrada({
            base: api.base,
            concurrencia: CONEXIONES,
            segundos: SEGUNDOS,
            siguiente: (i) => ({ path: ruta(i), headers: asistente }),
          }),
          meta,
        );
      const semana = (i: number) => {
        const dia = sumarDias(cal.hoy(), (i % 40) - 20);
        return `desde=${dia}&hasta=${sumarDias(dia, 6)}`;
      };
      const rutas: [string, (i: number) => string][] = [
        ['GET /apicitas/listarcitas sin filtros (porPagina 50)', () => '/apicitas/listarcitas?porPagina=50'],
        [
          'GET /apicitas/listarcitas sin filtros (porPagina 100, el máximo)',
          () => '/apicitas/listarcitas?porPagina=100',
        ],
        [
          'GET /apicitas/listarcitas?doctorId&desde&hasta (una semana de un doctor)',
          (i) => `/apicitas/listarcitas?doctorId=${d.desde + (i % DOCTORES)}&${semana(i)}&porPagina=100`,
        ],
        [
          'GET /apicitas/listarcitas?estado=pendiente&tipo=control (porPagina 50)',
          () => '/apicitas/listarcitas?estado=pendiente&tipo=control&porPagina=50',
        ],
        [
          'GET /apicitas/listarcitas?buscar=<apellido> (1 de 40 pacientes, porPagina 50)',
          (i) => `/apicitas/listarcitas?buscar=${APELLIDOS_BUSCADOS[i % APELLIDOS_BUSCADOS.length]}&porPagina=50`,
        ],
        [
          'GET /apicitas/listarcitas?buscar=<nombre completo> (porPagina 50)',
          (i) => `/apicitas/listarcitas?buscar=${encodeURIComponent(nombreDe(i))}&porPagina=50`,
        ],
        [
          'GET /apicitas/listarcitas?buscar=<id de cita>',
          (i) => `/apicitas/listarcitas?buscar=${1 + ((i * 7919) % nCitas)}&porPagina=50`,
        ],
        [
          'GET /apiusuarios/listarusuarios?q=<apellido>&rol=paciente (la búsqueda de paciente al agendar)',
          (i) =>
            `${usuariosPaths.listar}?q=${APELLIDOS_BUSCADOS[i % APELLIDOS_BUSCADOS.length]}&rol=paciente&porPagina=20`,
        ],
        [
          'GET /apicitas/citasusuario/{id} (10 citas por paciente)',
          (i) => `/apicitas/citasusuario/${p.desde + ((i * 7919) % nP)}`,
        ],
      ];
      for (const [que, ruta] of rutas) await lectura(que, ruta);
      res.explicar = await explicarLentas(base, res, s.grupos.doctor!.desde);
    } finally {
      await stop(api.child);
    }
  } finally {
    await base.borrar();
  }
  return res;
}

/** A full name of the seeder's list (semilla.ts), as a person would type it. */
function nombreDe(i: number): string {
  const nombres = ['Valentina Restrepo Gómez', 'Carlos Zapata Henao', 'Laura Muñoz Vélez', 'Andrés Cárdenas Duque'];
  return nombres[i % nombres.length]!;
}

/** EXPLAIN ANALYZE of the list query for each read that missed its target (PostgreSQL only, server stopped). */
async function explicarLentas(base: Awaited<ReturnType<typeof baseNueva>>, res: Resultado, doctor: number) {
  if (base.motor !== 'PostgreSQL') return [];
  const lentas = res.filas.filter((f) => f.meta?.p95 !== undefined && f.m.p95 > f.meta.p95);
  if (!lentas.length) return [];
  const db = await base.abrir();
  const planes: string[] = [];
  try {
    const sel = `select c.id, c.inicio, p.nombre, d.nombre from citas c join usuarios p on p.id = c.paciente_id
                 join usuarios d on d.id = c.doctor_id left join procedimientos pr on pr.id = c.procedimiento_id`;
    // The shapes citas.repository.ts listar() sends (buscar: a name alone is a semi-join; with an id, type or
    // status too, the matching patients as an array).
    const soloNombre = (q: string) =>
      `c.paciente_id in (select id from usuarios where nombre_busqueda like lower(f_unaccent('%${q}%')))`;
    const nombre = (q: string) =>
      `c.paciente_id = any(array(select id from usuarios where nombre_busqueda like lower(f_unaccent('%${q}%'))))`;
    const orden = 'order by c.inicio desc, c.id desc limit 50';
    const casos: [string, string][] = [
      ['sin filtros', `${sel} ${orden}`],
      ['buscar por apellido', `${sel} where ${soloNombre('zapata')} ${orden}`],
      [
        'contar por apellido (el total de la página, con tope)',
        `select count(*) from (select 1 from citas c where ${nombre('zapata')} limit ${TOPE_CONTEO_CITAS + 1}) x`,
      ],
      ['buscar por nombre completo', `${sel} where ${soloNombre('carlos zapata henao')} ${orden}`],
      ['buscar por id', `${sel} where (${nombre('4242')} or c.id = 4242) ${orden}`],
      ['estado y tipo', `${sel} where c.estado = 'pendiente' and c.tipo = 'control' ${orden}`],
      [
        'semana de un doctor',
        `${sel} where c.doctor_id = ${doctor} and c.inicio >= now() and c.inicio < now() + interval '7 days'
           order by c.inicio, c.id limit 500`,
      ],
      [
        'citas de una paciente',
        `${sel} where c.paciente_id = ${doctor + DOCTORES} order by c.inicio desc, c.id desc limit 500`,
      ],
    ];
    for (const [nombre, q] of casos) {
      const filas = await consulta(db, `explain (analyze, buffers off, costs off) ${q}`);
      planes.push(`-- ${nombre}\n${filas.map((f) => String(Object.values(f)[0])).join('\n')}`);
    }
  } finally {
    await db.close();
  }
  return planes;
}

const resultados: Resultado[] = [];
for (const motor of MOTORES) {
  if (motor === 'PostgreSQL' && !(await pgDisponible())) {
    console.log('PostgreSQL no disponible: se omite.');
    continue;
  }
  if (motor !== 'PostgreSQL' && motor !== 'PGlite') throw new Error(`motor desconocido: ${motor}`);
  resultados.push(await benchMotor(motor));
}

const filasMeta: Fila[] = [];
for (const r of resultados) {
  for (const f of r.filas) {
    const partes: string[] = [];
    let cumple: boolean | null = null;
    const medido =
      `${f.m.porSegundo.toFixed(0)}/s; p50 ${ms(f.m.p50)}, p95 ${ms(f.m.p95)}, p99 ${ms(f.m.p99)} ms` +
      (f.cpu !== undefined ? `; CPU del servidor ${f.cpu.toFixed(2)} ms/solicitud` : '');
    if (f.meta?.porSegundo !== undefined) partes.push(`>= ${f.meta.porSegundo}/s`);
    if (f.meta?.p99 !== undefined) partes.push(`p99 <= ${f.meta.p99} ms`);
    if (f.meta?.p95 !== undefined) partes.push(`p95 <= ${f.meta.p95} ms`);
    if (f.meta) {
      cumple =
        (f.meta.porSegundo === undefined || f.m.porSegundo >= f.meta.porSegundo) &&
        (f.meta.p99 === undefined || f.m.p99 <= f.meta.p99) &&
        (f.meta.p95 === undefined || f.m.p95 <= f.meta.p95);
    }
    const errores = Object.entries(f.m.estados).filter(([c]) => !['200', '201'].includes(c));
    filasMeta.push({
      que: `${r.motor}: ${f.que}`,
      meta: partes.join(', ') || 'sin meta (referencia)',
      medido: errores.length ? `${medido} (${estadosTexto(f.m.estados)})` : medido,
      cumple,
    });
  }
}

const comando = 'npm run build && npm run bench:citas -w @clinica/bench';
const md = [
  '# Citas: reservas, disponibilidad y listas con 1M de citas (issue 8.6)',
  '',
  `Fecha: ${inicioRun.fecha} · ${inicioRun.nucleos} núcleos · Node ${inicioRun.node} · carga al empezar (os.loadavg 1/5/15 min): ${inicioRun.carga}`,
  '',
  `Comando: \`${comando}\` (${SEGUNDOS} s por medición, reservas con ${CONCURRENCIA} y ${CONCURRENCIA * 2} solicitudes concurrentes en PostgreSQL y ${CONCURRENCIA} en PGlite, lecturas con ${CONEXIONES}); servidor en producción con \`LOG_LEVEL=info\`, como corre en una clínica.`,
  '',
  inicioRun.cargada
    ? `**La máquina estaba cargada al empezar (carga ${inicioRun.carga} en ${inicioRun.nucleos} núcleos, compartida con otras pruebas): los números son pesimistas.**`
    : 'La máquina estaba tranquila al empezar.',
  '',
  tablaMetas(filasMeta),
  '',
  '## Cómo se mide',
  '',
  '- Servidor compilado (`apps/api/dist/server.js`, NODE_ENV=production) con una base nueva por motor: en PostgreSQL',
  '  una base creada para la corrida y borrada al final; en PGlite un DATA_DIR temporal. El generador de carga',
  '  corre en la misma máquina (bench/carga.ts: ciclo cerrado sobre HTTP keep-alive).',
  '- Siembra (bench/semilla.ts, no la semilla de demostración): `INSERT ... SELECT generate_series` directo en SQL,',
  '  un hash de contraseña precalculado, sesiones insertadas y tokens firmados con el secreto del servidor. Las citas',
  '  de 30 minutos van de doctor k mod D en la franja k div D con paciente k mod P, así que ninguna se cruza; los',
  '  índices y las restricciones de exclusión de `citas` se quitan durante la carga y se crean de nuevo con su propia',
  '  definición; al final, `VACUUM (ANALYZE)`, como lo dejaría autovacuum en una base en uso.',
  ...resultados.map(
    (r) =>
      `- ${r.motor}: ${r.escala.pacientes} pacientes, ${DOCTORES} doctores con citas y ${r.escala.citas} citas sembradas en ${r.siembraS.toFixed(0)} s.`,
  ),
  '- a. La asistente agenda evaluaciones en franjas libres distintas (50 doctores de 06:00 a 22:00, 5.000',
  '  pacientes): cada reserva lee a las personas y la agenda del doctor, revisa reglas y horario, y escribe en una',
  '  sola sentencia (decisión 0031) la cita (restricciones de exclusión), su auditoría, dos notificaciones y, en la',
  '  bandeja de salida, sus avisos en vivo, el recordatorio y el correo; 201 esperado. En PostgreSQL la medición',
  '  dura hasta que la bandeja entrega todo lo debido (avisos en vivo y correos: sin `SMTP_URL`, al buzón del día,',
  '  decisión 0032), así que la tasa es la que el servidor sostiene, no la que aplaza. La meta se lee con 8 reservas',
  '  en vuelo: con el doble, el servidor no atiende más por segundo y cada reserva espera más en su cola.',
  '- b. Disponibilidad de un doctor con 20 citas al día (24 franjas) para los próximos 31 días, pedida por una paciente',
  '  (se descuentan también sus citas).',
  '- c. Listas y búsquedas de la asistente sobre todas las citas; los parámetros rotan (doctor, semana, apellido,',
  '  paciente) para no medir siempre la misma consulta.',
  '',
  ...resultados
    .filter((r) => r.explicar.length)
    .flatMap((r) => [
      `## EXPLAIN ANALYZE (${r.motor}, consultas equivalentes a las que no cumplieron)`,
      '',
      '```',
      ...r.explicar,
      '```',
      '',
    ]),
].join('\n');
// A partial run (bookings only) prints its table but leaves the full results as they were.
if (!SOLO_RESERVAS) writeFileSync(path.join(import.meta.dirname, 'results', 'citas.md'), `${md}\n`);
console.log(`\n${md}`);
