// npm run bench:escrituras -w @clinica/bench (after npm run build): what a durable commit costs on the embedded
// database (issue 28, item 1; docs/decisions/0036-pglite-durable.md). Writes through the built server on a fresh
// temporary PGlite directory each: bookings by the assistant (POST /apicitas/crearcitas, distinct free slots, as
// bench/citas.ts a.) and cart writes by patients (POST /apicarrito/agregaramicarrito, a new item each).
// BENCH_SERVIDOR_ANTES: another build's server.js (e.g. of the commit before fsync, built with
// `API_DIST=apps/api/.perf/antes node apps/api/build.mjs` there) measured in the same run, alternating with the
// current one, so the two are compared under the same machine load (QUALITY.md: ratios taken in the same run).
// Env: BENCH_SEGUNDOS (per measurement, 8), BENCH_CONCURRENCIA (8), BENCH_RONDAS (alternations, 3), BENCH_PRUEBAS
// (reservas,carrito).
// Writes bench/results/fsync.md (BENCH_SALIDA: another file).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { cargaCerrada, estadosTexto, maquina, ms, type Medicion } from './carga.ts';
import { cpuMs, iniciarApi, stop } from './procesos.ts';
import { ZONA, baseNueva, consulta, firmante, horariosLibres, secretoJwt, sembrarPersonas } from './semilla.ts';

const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 8);
const CONCURRENCIA = Number(process.env.BENCH_CONCURRENCIA ?? 8);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
const ANTES = process.env.BENCH_SERVIDOR_ANTES;
/** Which writes to measure (BENCH_PRUEBAS, comma-separated): reservas, carrito. */
const PRUEBAS = (process.env.BENCH_PRUEBAS ?? 'reservas,carrito').split(',');
const SALIDA = process.env.BENCH_SALIDA ?? path.join(import.meta.dirname, 'results', 'fsync.md');
const DOCTORES = 50;
const PACIENTES = 2_000;
const PROCEDIMIENTOS = 20;
const HORAS: [string, string] = ['06:00', '22:00'];

type Servidor = { nombre: string; servidor?: string };
const servidores: Servidor[] = [
  ...(ANTES ? [{ nombre: 'antes', servidor: path.resolve(ANTES) }] : []),
  { nombre: 'actual' },
];
type Toma = { servidor: string; que: 'reservas' | 'carrito'; m: Medicion; cpu?: number };

const inicio = maquina();
console.log(`carga de la máquina al empezar: ${inicio.carga} (${inicio.nucleos} núcleos)`);

async function medirServidor(s: Servidor): Promise<Toma[]> {
  const base = await baseNueva('PGlite');
  const secreto = secretoJwt();
  const firmar = firmante(secreto);
  try {
    const db = await base.abrir();
    let personas;
    let procedimientos: number[];
    try {
      await db.migrate();
      personas = await sembrarPersonas(db, [
        { nombre: 'doctor', rol: 'doctor', n: DOCTORES, horas: HORAS },
        { nombre: 'paciente', rol: 'paciente', n: PACIENTES },
      ]);
      const [cat] = await consulta(
        db,
        `insert into categorias_procedimiento (nombre) values ('Bench escrituras') returning id`,
      );
      const filas = await consulta(
        db,
        `insert into procedimientos (categoria_id, nombre, precio, duracion_minutos)
         select ${String(cat!.id)}, 'Procedimiento ' || i, 100000, 30 from generate_series(1, ${PROCEDIMIENTOS}) i
         returning id`,
      );
      procedimientos = filas.map((f) => Number(f.id));
    } finally {
      await db.close();
    }
    const api = await iniciarApi(
      { ...base.env, NODE_ENV: 'production', JWT_SECRET: secreto, CLINICA_TZ: ZONA, LOG_LEVEL: 'info' },
      { registros: true, ...(s.servidor ? { servidor: s.servidor } : {}) },
    );
    try {
      const asistente = { authorization: `Bearer ${await firmar(personas.asistente, 'asistente')}` };
      const doctores = personas.grupos.doctor!;
      const pacientes = personas.grupos.paciente!;
      const tokens = new Map<number, string>();
      const token = async (id: number) => {
        let t = tokens.get(id);
        if (!t) tokens.set(id, (t = await firmar(id, 'paciente')));
        return t;
      };
      for (let id = pacientes.desde; id <= pacientes.hasta; id++) await token(id);

      const slots = horariosLibres(HORAS);
      let actual = '';
      let k = 0;
      const reserva = () => {
        if (k % DOCTORES === 0) actual = slots.next().value as string;
        const body = {
          doctor_id: doctores.desde + (k % DOCTORES),
          paciente_id: pacientes.desde + (k % PACIENTES),
          inicio: actual,
          tipo: 'evaluacion',
          motivo: 'Valoración (bench)',
        };
        k++;
        return { method: 'POST', path: '/apicitas/crearcitas', body, headers: asistente };
      };
      // Cart item n: patient n mod P adds procedure n div P (each pair once: a new row every time).
      let c = 0;
      const carrito = () => {
        const paciente = pacientes.desde + (c % PACIENTES);
        const procedimiento = procedimientos[Math.floor(c / PACIENTES) % PROCEDIMIENTOS]!;
        c++;
        return {
          method: 'POST',
          path: '/apicarrito/agregaramicarrito',
          body: { id_procedimiento: procedimiento },
          headers: { authorization: `Bearer ${tokens.get(paciente)!}` },
        };
      };
      const tomas: Toma[] = [];
      for (const [que, siguiente] of (
        [
          ['reservas', reserva],
          ['carrito', carrito],
        ] as const
      ).filter(([q]) => PRUEBAS.includes(q))) {
        // Warm-up (JIT, prepared statements), not counted.
        await cargaCerrada({ base: api.base, concurrencia: CONCURRENCIA, segundos: 2, esperado: 201, siguiente });
        const cpu0 = cpuMs(api.child.pid);
        const m = await cargaCerrada({
          base: api.base,
          concurrencia: CONCURRENCIA,
          segundos: SEGUNDOS,
          esperado: 201,
          siguiente,
        });
        const cpu1 = cpuMs(api.child.pid);
        const cpu = cpu0 !== undefined && cpu1 !== undefined ? (cpu1 - cpu0) / m.solicitudes : undefined;
        tomas.push({ servidor: s.nombre, que, m, ...(cpu !== undefined ? { cpu } : {}) });
        console.log(
          `${s.nombre} ${que}: ${m.porSegundo.toFixed(0)}/s, p50 ${ms(m.p50)} p95 ${ms(m.p95)} p99 ${ms(m.p99)} ms (${estadosTexto(m.estados)})`,
        );
        for (const e of m.muestrasError) console.log(`   ${e}`);
      }
      return tomas;
    } finally {
      await stop(api.child);
    }
  } finally {
    await base.borrar();
  }
}

const tomas: Toma[] = [];
for (let r = 0; r < RONDAS; r++) for (const s of servidores) tomas.push(...(await medirServidor(s)));

/** Median; with an even count, the mean of the middle two. */
const mediana = (v: number[]) => {
  const o = [...v].sort((a, b) => a - b);
  const m = Math.floor(o.length / 2);
  return o.length % 2 ? o[m]! : (o[m - 1]! + o[m]!) / 2;
};
const QUE = {
  reservas: `POST /apicitas/crearcitas (asistente, ${CONCURRENCIA} concurrentes)`,
  carrito: `POST /apicarrito/agregaramicarrito (pacientes, ${CONCURRENCIA} concurrentes)`,
};
const filas: string[] = [];
const cocientes: string[] = [];
for (const que of ['reservas', 'carrito'] as const) {
  for (const s of servidores) {
    const t = tomas.filter((x) => x.servidor === s.nombre && x.que === que);
    const cpu = t.every((x) => x.cpu !== undefined) ? mediana(t.map((x) => x.cpu!)) : undefined;
    filas.push(
      `| ${QUE[que]} | ${s.nombre} | ${mediana(t.map((x) => x.m.porSegundo)).toFixed(0)} (${t.map((x) => x.m.porSegundo.toFixed(0)).join(', ')}) | ${ms(mediana(t.map((x) => x.m.p50)))} | ${ms(mediana(t.map((x) => x.m.p99)))} | ${cpu === undefined ? '-' : cpu.toFixed(2)} | ${t.map((x) => estadosTexto(x.m.estados)).join('; ')} |`,
    );
  }
  // Each round measured both servers one after the other: its ratio is the comparison least touched by the load.
  const antes = tomas.filter((x) => x.servidor === 'antes' && x.que === que);
  const actual = tomas.filter((x) => x.servidor === 'actual' && x.que === que);
  if (antes.length) {
    const r = actual.map((x, i) => x.m.porSegundo / antes[i]!.m.porSegundo);
    cocientes.push(
      `${que}: ${(mediana(r) * 100).toFixed(0)} % (rondas: ${r.map((v) => `${(v * 100).toFixed(0)} %`).join(', ')})`,
    );
  }
}
const fin = maquina();
const md = `# Escrituras en PGlite con y sin fsync por commit (issue 28, punto 1)

Fecha: ${inicio.fecha} · ${inicio.nucleos} núcleos · Node ${inicio.node} · carga al empezar (os.loadavg 1/5/15 min): ${inicio.carga}; al terminar: ${fin.carga}

Comando: \`npm run build && ${ANTES ? `BENCH_SERVIDOR_ANTES=${path.relative(path.resolve(import.meta.dirname, '..'), path.resolve(ANTES))} ` : ''}npm run bench:escrituras -w @clinica/bench\` (${SEGUNDOS} s por medición, ${CONCURRENCIA} solicitudes concurrentes, ${RONDAS} rondas alternadas; cada ronda con un DATA_DIR nuevo en el disco de la máquina).
${inicio.cargada ? `\n**La máquina estaba cargada al empezar (carga ${inicio.carga} en ${inicio.nucleos} núcleos, compartida con otras pruebas): los números son pesimistas; el cociente entre servidores de la misma corrida es lo que vale.**\n` : ''}
| qué | servidor | por segundo: mediana (rondas) | p50 ms | p99 ms | CPU del servidor ms/sol. | respuestas |
| --- | --- | --- | ---: | ---: | ---: | --- |
${filas.join('\n')}

${cocientes.length ? `Actual frente a antes, por segundo (mediana de los cocientes de cada ronda): ${cocientes.join('; ')}.\n` : ''}`;
writeFileSync(SALIDA, md);
console.log(md);
