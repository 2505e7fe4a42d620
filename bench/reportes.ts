// npm run bench:reportes -w @clinica/bench: the owner's reports (issue 23, item 6) on PostgreSQL with the bookings
// bench's appointments (bench/semilla.ts: 100 doctors, 20 a day each, 100k patients, 1M appointments at
// BENCH_ESCALA=1), a third of them procedures (10 procedures), past no-shows, one approved payment per appointment
// done, a deposit on one in ten, a refund on a fifth of the cancelled deposits and 2,000 packages. Each report is
// computed by the API's own service and repository in this process (no HTTP: the server adds its ~1-2 ms of
// serialisation), BENCH_VECES times after two warm-ups, for: the whole clinic over the default 12 months, over the
// maximum 24 months, one doctor over 12 months, and the clinic over 12 months once a late void has made a day of
// last month live again. The closed months and recent days are summarised first by the summary job's own code (features/reportes/resumen.*),
// timed; the seed runs with the summary's change triggers off (they would record every seeded row) and turns them
// back on. Writes bench/results/reportes.md with p50/p95 and the plans.
// Env: BENCH_ESCALA (share of the 1M, 1), BENCH_VECES (20), BENCH_DATABASE_URL, BENCH_REPORTES_BASE (a database name:
// kept after the run and reused, seed and summary, by the next run with the same name).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { reportes, type Reporte } from '@clinica/contracts/reportes';
import { createCalendario } from '../apps/api/src/lib/calendario.ts';
import { createReportesRepository, type Filtro } from '../apps/api/src/features/reportes/reportes.repository.ts';
import { createReportesService } from '../apps/api/src/features/reportes/reportes.service.ts';
import { createResumenRepository } from '../apps/api/src/features/reportes/resumen.repository.ts';
import { createResumenReportes } from '../apps/api/src/features/reportes/resumen.service.ts';
import { maquina } from './carga.ts';
import { ZONA, baseNueva, consulta, pgDisponible, sembrarCitas, sembrarPersonas } from './semilla.ts';

const ESCALA = Number(process.env.BENCH_ESCALA ?? 1);
const VECES = Number(process.env.BENCH_VECES ?? 20);
const DOCTORES = 100;
const CITAS = Math.round(1_000_000 * ESCALA);
const PACIENTES = Math.max(DOCTORES, Math.round(100_000 * ESCALA));

const inicio = maquina();
if (!(await pgDisponible())) throw new Error('PostgreSQL no responde (BENCH_DATABASE_URL)');
const CONSERVAR = process.env.BENCH_REPORTES_BASE;
const base = await baseNueva('PostgreSQL', CONSERVAR);
const db = await base.abrir();
await db.migrate();
const DISPARADORES = [
  ['pagos', 'reportes_cambio_pago'],
  ['pagos_anulaciones', 'reportes_cambio_anulacion'],
  ['citas', 'reportes_cambio_cita'],
  ['citas', 'reportes_cambio_cita_actualizada'],
  ['preferencias_contacto', 'reportes_cambio_preferencia'],
  ['preferencias_contacto', 'reportes_cambio_preferencia_actualizada'],
] as const;
const disparadores = async (accion: 'enable' | 'disable') => {
  for (const [tabla, nombre] of DISPARADORES) await consulta(db, `alter table ${tabla} ${accion} trigger ${nombre}`);
};
const t0 = Date.now();
/** Seeds the data (a kept database from an earlier run is reused as it is); its assistant and first doctor. */
async function sembrar(): Promise<{ asistente: number; doctor: number }> {
  if (base.existe) {
    const [ids] = await consulta(
      db,
      `select (select min(id) from usuarios where rol = 'asistente')::int as asistente,
              (select min(id) from usuarios where rol = 'doctor')::int as doctor`,
    );
    return { asistente: Number(ids!.asistente), doctor: Number(ids!.doctor) };
  }
  await disparadores('disable');
  const s = await sembrarPersonas(db, [
    { nombre: 'doctor', rol: 'doctor', n: DOCTORES, horas: ['07:00', '19:00'] },
    { nombre: 'paciente', rol: 'paciente', n: PACIENTES },
  ]);
  await sembrarCitas(db, {
    doctores: s.grupos.doctor!,
    pacientes: s.grupos.paciente!,
    n: CITAS,
    porDia: 20,
    diasAtras: Math.round(((CITAS / DOCTORES / 20) * 3) / 5),
    creadaPor: s.asistente,
  });
  const [cat] = await consulta(db, `insert into categorias_procedimiento (nombre) values ('Bench') returning id`);
  await consulta(
    db,
    `insert into procedimientos (categoria_id, nombre, precio, duracion_minutos)
     select ${String(cat!.id)}, 'Procedimiento ' || i, 100000 * i, 30 from generate_series(1, 10) i`,
  );
  // Controls become procedures; past cancellations are no-shows or the patient's.
  await consulta(
    db,
    `update citas set tipo = 'procedimiento',
       procedimiento_id = (select min(id) from procedimientos) + id % 10
     where tipo = 'control'`,
  );
  await consulta(
    db,
    `update citas set causa_cancelacion = case when id % 2 = 0 then 'inasistencia' else 'paciente' end,
       anticipo_monto = case when id % 10 = 0 then 50000 end
     where estado = 'cancelada'`,
  );
  await consulta(db, `update citas set anticipo_monto = 50000 where id % 10 = 0 and estado <> 'cancelada'`);
  await consulta(
    db,
    `insert into pagos (paciente_id, monto, metodo, concepto, cita_id, estado, registrado_por, registrado_en, resuelto_en)
     select paciente_id, 100000 + (id % 10) * 10000, 'efectivo', 'saldo', id, 'aprobado', ${s.asistente}, fin, fin
     from citas where estado = 'realizada'`,
  );
  await consulta(
    db,
    `insert into pagos (paciente_id, monto, metodo, concepto, cita_id, estado, registrado_por, registrado_en, resuelto_en)
     select paciente_id, 50000, 'datafono', 'anticipo', id, 'aprobado', ${s.asistente},
            inicio - interval '2 days', inicio - interval '2 days'
     from citas where anticipo_monto is not null`,
  );
  await consulta(
    db,
    `insert into pagos (paciente_id, monto, metodo, concepto, cita_id, estado, registrado_por, registrado_en, resuelto_en)
     select paciente_id, 50000, 'efectivo', 'devolucion', id, 'aprobado', ${s.asistente},
            inicio - interval '1 day', inicio - interval '1 day'
     from citas where anticipo_monto is not null and estado = 'cancelada' and id % 50 = 0`,
  );
  await consulta(
    db,
    `insert into paquetes (nombre, procedimiento_id, sesiones, precio, vigencia_dias)
     select 'Paquete ' || id, id, 5, 500000, 365 from procedimientos`,
  );
  await consulta(
    db,
    `insert into paquetes_paciente (paquete_id, paciente_id, procedimiento_id, nombre, sesiones_total, sesiones_usadas,
                                    precio, vence_el, vendido_en)
     select p.id, ${s.grupos.paciente!.desde} + i, p.procedimiento_id, p.nombre, 5, i % 6, 500000,
            current_date + 365 - (i % 700), now() - (i % 700) * interval '1 day'
     from generate_series(0, ${Math.round(2000 * Math.max(ESCALA, 0.1))}) i
     join paquetes p on p.id = (select min(id) from paquetes) + i % 10`,
  );
  await disparadores('enable');
  await consulta(db, 'vacuum (analyze)');
  return { asistente: s.asistente, doctor: s.grupos.doctor!.desde };
}
/**
 * How appointments were confirmed and the channels patients chose (the Confirmaciones report, issue 25): four in
 * five appointments confirmed or done have a way and an instant (one to three days before, or the same day), a
 * quarter of the patients chose a channel. Also into a kept database seeded before they existed.
 */
async function sembrarConfirmaciones() {
  const [x] = await consulta(db, `select count(*)::int as n from citas where confirmada_via is not null`);
  if (Number(x!.n) > 0) return;
  await disparadores('disable');
  await consulta(
    db,
    `update citas set confirmada_via = (array['mostrador', 'portal', 'correo', 'whatsapp'])[1 + id % 4],
       confirmada_en = inicio - (id % 4) * interval '1 day' - interval '2 hours'
     where estado in ('confirmada', 'realizada') and id % 5 <> 0`,
  );
  await consulta(
    db,
    `insert into preferencias_contacto (usuario_id, canal)
     select id, (array['correo', 'whatsapp', 'ambos'])[1 + id % 3] from usuarios where rol = 'paciente' and id % 4 = 0
     on conflict do nothing`,
  );
  await disparadores('enable');
  await consulta(db, 'vacuum (analyze) citas');
}
try {
  const s = await sembrar();
  await sembrarConfirmaciones();
  const [c] = await consulta(
    db,
    `select (select count(*) from citas)::int as citas, (select count(*) from pagos)::int as pagos,
            (select count(*) from paquetes_paciente)::int as paquetes`,
  );
  const siembraS = (Date.now() - t0) / 1000;
  console.log(`sembrado en ${siembraS.toFixed(0)} s:`, c);

  const calendario = createCalendario(ZONA, () => new Date());
  const repo = createReportesRepository(db.db);
  const resumenRepo = createResumenRepository(db.db);
  // Without the pauses the server's job takes between periods (it yields half the database to requests).
  const trabajo = createResumenReportes({
    repo: resumenRepo,
    calendario,
    now: () => new Date(),
    pausa: async () => {},
  });
  const t1 = Date.now();
  const resumidos = await trabajo.resumirPendientes();
  const resumenS = (Date.now() - t1) / 1000;
  console.log(`${resumidos.length} periodos resumidos en ${resumenS.toFixed(1)} s`);
  const service = createReportesService({ repo, resumen: resumenRepo, calendario, diasGracia: 0 });
  const admin = { id: s.asistente, rol: 'administrador' as const };
  const doctor = { id: s.doctor, rol: 'doctor' as const };
  const hoy = calendario.hoy();
  const hace24 = `${Number(hoy.slice(0, 4)) - 2}-${hoy.slice(5, 7)}-01`;
  const casos: { nombre: string; actor: typeof admin | typeof doctor; q: object }[] = [
    { nombre: 'clínica, 12 meses', actor: admin, q: {} },
    { nombre: 'clínica, 24 meses', actor: admin, q: { desde: sumarMes(hace24), hasta: hoy } },
    { nombre: 'un doctor, 12 meses', actor: doctor, q: {} },
    { nombre: 'clínica, 12 meses, tras una anulación tardía', actor: admin, q: {} },
  ];
  const filas: string[] = [];
  let resumirUnMesS = 0;
  for (const caso of casos) {
    if (caso.nombre.endsWith('anulación tardía')) {
      // A late void of a payment of last month: the trigger records it, so that day is read live from then on.
      const mesPasado = calendario.instante(`${sumarMes(hoy, -1)}`);
      await consulta(
        db,
        `insert into pagos_anulaciones (pago_id, motivo, anulado_por)
         select id, 'Anulación tardía (bench)', ${s.asistente} from pagos
         where registrado_en >= '${mesPasado.toISOString()}' and estado = 'aprobado'
           and not exists (select 1 from pagos_anulaciones a where a.pago_id = pagos.id)
         order by id limit 1`,
      );
      const [m] = await consulta(db, `select count(*)::int as n from reportes_cambios`);
      console.log('cambios registrados:', m);
    }
    for (const r of reportes) {
      if (r === 'paquetes' && caso.actor.rol === 'doctor') continue;
      const f = (service as unknown as Record<Reporte, (a: object, q: object) => Promise<unknown>>)[r];
      const tiempos: number[] = [];
      let primera = 0;
      for (let i = 0; i < VECES + 2; i++) {
        const a = performance.now();
        await f(caso.actor, caso.q);
        if (i === 0) primera = performance.now() - a;
        if (i >= 2) tiempos.push(performance.now() - a);
      }
      tiempos.sort((x, y) => x - y);
      const p = (q: number) => tiempos[Math.min(tiempos.length - 1, Math.ceil(q * tiempos.length) - 1)]!;
      const fila = `| ${r} | ${caso.nombre} | ${primera.toFixed(1)} | ${p(0.5).toFixed(1)} | ${p(0.95).toFixed(1)} | ${p(0.95) <= 200 ? 'cumple' : 'no cumple'} |`;
      console.log(fila);
      filas.push(fila);
    }
  }

  // The next run summarises the month the void touched again: what one month costs the job.
  const t2 = Date.now();
  const otraVez = await trabajo.resumirPendientes();
  resumirUnMesS = (Date.now() - t2) / 1000;
  console.log(`${otraVez.join(', ')} resumido(s) de nuevo en ${resumirUnMesS.toFixed(1)} s`);

  // The plans of what a request still reads live (the open month) and of the summary's read, clinic, 12 months.
  const esteMes = `${hoy.slice(0, 7)}-01`;
  const filtro: Filtro = { desde: calendario.instante(esteMes), hasta: new Date(), meses: [] };
  const plan = async (q: string) =>
    (
      (await db.db.execute(sql.raw(`explain (analyze, buffers off, costs off, timing off, summary on) ${q}`))).rows as {
        'QUERY PLAN': string;
      }[]
    )
      .map((x) => x['QUERY PLAN'])
      .join('\n');
  const limites = `{${filtro.desde.toISOString()}}`;
  const claves = Array.from({ length: 11 }, (_, i) => `'${sumarMes(esteMes, i - 11).slice(0, 7)}'`).join(', ');
  const literal = (d: Date) => `'${d.toISOString()}'`;
  const planIngresos = await plan(
    `select width_bucket(p.registrado_en, '${limites}'::timestamptz[]), coalesce(c.procedimiento_id, pp.procedimiento_id), c.doctor_id, sum(p.monto)
     from pagos p left join citas c on c.id = p.cita_id left join paquetes_paciente pp on pp.id = p.paquete_paciente_id
     where p.registrado_en >= ${literal(filtro.desde)} and p.registrado_en < ${literal(filtro.hasta)} and p.estado = 'aprobado'
       and not exists (select 1 from pagos_anulaciones a where a.pago_id = p.id) group by 1, 2, 3`,
  );
  const planAsistencia = await plan(
    `select width_bucket(c.inicio, '${limites}'::timestamptz[]), c.doctor_id, count(*) filter (where c.estado = 'realizada'),
            count(*) filter (where c.causa_cancelacion = 'inasistencia')
     from citas c where c.inicio >= ${literal(filtro.desde)} and c.inicio < ${literal(filtro.hasta)}
       and c.estado in ('realizada', 'cancelada') group by 1, 2`,
  );
  const planResumen = await plan(
    `select fila from reportes_resumen where consulta = 'ingresos' and periodo in (${claves})`,
  );
  const fin = maquina();
  const md = [
    '# Reportes: p95 por reporte con 1M de citas (issue 23, item 6)',
    '',
    `Fecha: ${new Date().toISOString()} · ${inicio.nucleos} núcleos · Node ${process.version} · carga al empezar (os.loadavg 1/5/15 min): ${inicio.carga}; al terminar: ${fin.carga}`,
    '',
    `Comando: \`BENCH_ESCALA=${ESCALA} BENCH_VECES=${VECES} npm run bench:reportes -w @clinica/bench\` (PostgreSQL local).`,
    '',
    `Datos: ${String(c!.citas)} citas (escala ${ESCALA} del 1M de bench/citas.ts), ${String(c!.pagos)} pagos, ${String(c!.paquetes)} paquetes vendidos; ${base.existe ? `base conservada de una corrida anterior (BENCH_REPORTES_BASE=${CONSERVAR ?? ''}): sin siembra` : `sembrado en ${siembraS.toFixed(0)} s`}.`,
    '',
    `Cada reporte se calcula con el servicio y el repositorio de la API en este proceso (sin HTTP), ${VECES} veces tras 2 de calentamiento («primera»: la primera de todas, sin calentar). Meta: p95 <= 200 ms.`,
    '',
    `Resumen${base.existe ? ' (lo que faltaba en la base conservada)' : ''}: ${resumidos.filter((p) => p.length === 7).length} meses cerrados y ${resumidos.filter((p) => p.length === 10).length} días cerrados resumidos por el trabajo en ${resumenS.toFixed(1)} s (una vez, sin las pausas que el servidor hace entre periodos); tras la anulación tardía, ${otraVez.join(' y ')} se resumieron de nuevo en ${resumirUnMesS.toFixed(1)} s.`,
    '',
    '| reporte | alcance | primera (ms) | p50 (ms) | p95 (ms) | ¿cumple? |',
    '| --- | --- | ---: | ---: | ---: | --- |',
    ...filas,
    '',
    '## Planes (clínica: el mes en curso, si se leyera entero en vivo, y la lectura del resumen)',
    '',
    '### Ingresos',
    '',
    '```',
    planIngresos,
    '```',
    '',
    '### Inasistencias',
    '',
    '```',
    planAsistencia,
    '```',
    '',
    '### Lectura del resumen (ingresos, los 11 meses cerrados)',
    '',
    '```',
    planResumen,
    '```',
    '',
  ].join('\n');
  writeFileSync(path.join(import.meta.dirname, 'results', 'reportes.md'), md);
  console.log(md);
} finally {
  await db.close();
  await base.borrar();
}

function sumarMes(fecha: string, meses = 1) {
  const total = Number(fecha.slice(0, 4)) * 12 + Number(fecha.slice(5, 7)) - 1 + meses;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}
