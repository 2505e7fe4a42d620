// Demo agendas: clinic hours for both demo doctors and about six weeks of appointments around today, in every
// state and type, so the agenda, the lists and the patient screens have something to show on first start.
// Past appointments cannot be booked through the engine (it refuses the past), so rows are written here,
// placed inside the hours, on working days, on the 30-minute grid and never overlapping; those still to come get
// their 24 h reminder in the outbox, as a booking queues it. Idempotent.
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  ZONA_POR_DEFECTO,
  diaDeSemana,
  esDiaNoHabil,
  fechaEnZona,
  instanteLocal,
  sumarDias,
} from '@clinica/contracts/tiempo';
import { recordatorioDeCita } from '../features/citas/recordatorio.ts';
import type { Db } from '../db/client.ts';
import { citas, horariosDoctor, procedimientos, usuarios } from '../db/schema/index.ts';
import { createRepositories } from '../services.ts';

/** DOMAIN.md: Monday to Saturday, 08:00-12:00 and 13:00-18:00. */
export const HORARIO_CLINICA = [1, 2, 3, 4, 5, 6].flatMap((dia_semana) => [
  { dia_semana, hora_inicio: '08:00', hora_fin: '12:00' },
  { dia_semana, hora_inicio: '13:00', hora_fin: '18:00' },
]);

const DOCTORES = ['doctor@demo.test', 'doctora@demo.test'];
const HORAS = ['08:00', '09:00', '10:30', '14:00', '15:30', '16:30'];
const MOTIVOS = [
  'Manchas en el rostro después del verano',
  'Quiere mejorar la textura de la piel',
  'Control después del procedimiento',
  'Valoración para tratamiento de arrugas de expresión',
  'Caída del cabello',
  null,
];
const MIN = 60_000;
/** The reason of the demo visits that have started and still have no note (enCurso). */
export const MOTIVO_EN_CURSO = 'Valoración en curso';
/** The reason of the demo toxin procedure that has started and still has no note (enCurso): the e2e chart. */
export const MOTIVO_PROCEDIMIENTO_EN_CURSO = 'Aplicación de toxina en curso';
/** The procedure of that visit (seed/catalogo.ts): a doctor charts toxin points on its note (issue 24). */
const PROCEDIMIENTO_EN_CURSO = 'Toxina botulínica (tercio superior)';

export async function seedCitas(db: Db, opts: { zona?: string; ahora?: Date } = {}): Promise<void> {
  const zona = opts.zona ?? ZONA_POR_DEFECTO;
  const ahora = opts.ahora ?? new Date();
  const doctores = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(inArray(usuarios.correo, DOCTORES), eq(usuarios.rol, 'doctor')));
  if (!doctores.length) return;

  for (const d of doctores) {
    const [h] = await db.select({ n: count() }).from(horariosDoctor).where(eq(horariosDoctor.doctor_id, d.id));
    if (!h?.n) await db.insert(horariosDoctor).values(HORARIO_CLINICA.map((x) => ({ ...x, doctor_id: d.id })));
  }

  const [hay] = await db.select({ n: count() }).from(citas);
  if (hay?.n) return;
  const pacientes = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    // The walk-in without an e-mail (seed/usuarios.ts) keeps an empty agenda: the desk books her in the demo.
    .where(and(eq(usuarios.rol, 'paciente'), isNotNull(usuarios.correo)))
    .orderBy(usuarios.id);
  const procs = await db
    .select({ id: procedimientos.id, duracion: procedimientos.duracion_minutos, margen: procedimientos.margen_minutos })
    .from(procedimientos)
    .where(eq(procedimientos.activo, true))
    .orderBy(procedimientos.id)
    .limit(8);
  if (!pacientes.length) return;

  const hoy = fechaEnZona(ahora, zona);
  const filas: (typeof citas.$inferInsert)[] = [];
  let n = 0;
  for (let offset = -21; offset <= 21; offset++) {
    const dia = sumarDias(hoy, offset);
    if (esDiaNoHabil(dia) || diaDeSemana(dia) === 6) continue;
    for (const [i, doctor] of doctores.entries()) {
      // Two or three appointments per doctor per day, at different hours for each doctor.
      const horas = HORAS.filter((_, k) => (k + offset + i) % 2 === 0);
      for (const hora of horas) {
        n++;
        // Each patient at most once a day (their appointments must not overlap either).
        const paciente = pacientes[(n + i) % pacientes.length]!;
        if (filas.some((f) => f.paciente_id === paciente.id && fechaEnZona(f.inicio as Date, zona) === dia)) continue;
        const proc = n % 4 === 0 && procs.length ? procs[n % procs.length]! : undefined;
        const tipo = proc ? 'procedimiento' : n % 5 === 0 ? 'control' : 'evaluacion';
        const duracion = proc ? Math.min(proc.duracion, 90) : 30;
        const inicio = instanteLocal(dia, hora, zona);
        const fin = new Date(inicio.getTime() + duracion * MIN);
        const pasada = fin.getTime() < ahora.getTime();
        const estado = pasada
          ? n % 7 === 0
            ? 'cancelada'
            : 'realizada'
          : n % 9 === 0
            ? 'cancelada'
            : n % 2 === 0
              ? 'confirmada'
              : 'pendiente';
        filas.push({
          paciente_id: paciente.id,
          doctor_id: doctor.id,
          tipo,
          estado,
          inicio,
          fin,
          ocupado_hasta: new Date(fin.getTime() + (proc?.margen ?? 0) * MIN),
          procedimiento_id: proc?.id ?? null,
          motivo: MOTIVOS[n % MOTIVOS.length] ?? null,
          motivo_cancelacion: estado === 'cancelada' ? 'La paciente pidió cancelar por un viaje' : null,
          // Booked a week before, and never after today.
          creada_en: new Date(Math.min(ahora.getTime(), inicio.getTime() - 7 * 24 * 60 * MIN)),
          actualizada_en: new Date(Math.min(ahora.getTime(), inicio.getTime())),
        });
      }
    }
  }
  filas.push(...(await tratamientosPasados(db, filas, ahora, zona)));
  filas.push(...(await enCurso(db, filas, ahora, zona)));
  if (!filas.length) return;
  const creadas = await db
    .insert(citas)
    .values(filas)
    .returning({ id: citas.id, inicio: citas.inicio, estado: citas.estado });
  // Each appointment still to come gets its 24 h reminder queued as a booking queues it (issue 27.15).
  const recordatorios = creadas
    .filter((c) => c.estado === 'pendiente' || c.estado === 'confirmada')
    .map((c) => recordatorioDeCita(c.id, c.inicio, ahora))
    .filter((r) => r !== null);
  await createRepositories(db).bandeja.agregarVarias(recordatorios, ahora);
}

/**
 * The demo patient's injectables done before the agenda's six weeks: a toxin 13 weeks ago, whose retreatment recall
 * is due now, and a filler 10 weeks ago, whose notes chart the points (seed/evoluciones.ts). With a demo doctor she
 * has nothing booked with, if any (the recall then waits on the list «Para retratar»; else it shows under her next
 * visit with him). On the nearest working weekday at or before that day, at 10:30.
 */
async function tratamientosPasados(db: Db, filas: (typeof citas.$inferInsert)[], ahora: Date, zona: string) {
  const personas = await db
    .select({ id: usuarios.id, correo: usuarios.correo })
    .from(usuarios)
    .where(inArray(usuarios.correo, [...DOCTORES, 'paciente@demo.test']));
  const doctores = DOCTORES.map((c) => personas.find((p) => p.correo === c)).filter((p) => p !== undefined);
  const demo = personas.find((p) => p.correo === 'paciente@demo.test');
  const reservado = (pacienteId: number, doctorId: number) =>
    filas.some(
      (f) =>
        f.paciente_id === pacienteId &&
        f.doctor_id === doctorId &&
        (f.estado === 'pendiente' || f.estado === 'confirmada') &&
        (f.inicio as Date).getTime() > ahora.getTime(),
    );
  const procs = await db
    .select({ id: procedimientos.id, nombre: procedimientos.nombre, duracion: procedimientos.duracion_minutos })
    .from(procedimientos)
    .where(eq(procedimientos.activo, true))
    .orderBy(procedimientos.id);
  if (!demo || !doctores.length) return [];
  const suyo = doctores.find((d) => !reservado(demo.id, d.id)) ?? doctores[0]!;
  return [
    { patron: /toxina/i, dias: 13 * 7, motivo: 'Valoración para tratamiento de arrugas de expresión' },
    { patron: /hialur/i, dias: 10 * 7, motivo: 'Quiere perfilar los labios y suavizar los surcos' },
  ].flatMap(({ patron, dias, motivo }) => {
    const proc = procs.find((p) => patron.test(p.nombre));
    if (!proc) return [];
    let dia = sumarDias(fechaEnZona(ahora, zona), -dias);
    while (esDiaNoHabil(dia) || diaDeSemana(dia) === 6) dia = sumarDias(dia, -1);
    const inicio = instanteLocal(dia, '10:30', zona);
    const fin = new Date(inicio.getTime() + Math.min(proc.duracion, 90) * MIN);
    return [
      {
        paciente_id: demo.id,
        doctor_id: suyo.id,
        tipo: 'procedimiento' as const,
        estado: 'realizada' as const,
        inicio,
        fin,
        ocupado_hasta: fin,
        procedimiento_id: proc.id,
        motivo,
        creada_en: new Date(inicio.getTime() - 7 * 24 * 60 * MIN),
        actualizada_en: fin,
      },
    ];
  });
}

/**
 * Visits of the demo patient with the demo doctor that have started and have no note yet: what a doctor finds
 * open at the clinic, and what the e2e tests write and sign notes on (a note is signed only once its appointment
 * has started). Two 15-minute evaluations and one toxin procedure (its note carries the injection chart), at the
 * latest such times within the clinic's hours before now where neither the doctor nor the patient has anything else
 * (at night: the end of the last working afternoon).
 */
async function enCurso(db: Db, filas: (typeof citas.$inferInsert)[], ahora: Date, zona: string) {
  const personas = await db
    .select({ id: usuarios.id, correo: usuarios.correo })
    .from(usuarios)
    .where(inArray(usuarios.correo, ['doctor@demo.test', 'paciente@demo.test']));
  const doctor = personas.find((p) => p.correo === 'doctor@demo.test');
  const paciente = personas.find((p) => p.correo === 'paciente@demo.test');
  if (!doctor || !paciente) return [];
  const [toxina] = await db
    .select({ id: procedimientos.id, duracion: procedimientos.duracion_minutos, margen: procedimientos.margen_minutos })
    .from(procedimientos)
    .where(eq(procedimientos.nombre, PROCEDIMIENTO_EN_CURSO));
  const nuevas: (typeof citas.$inferInsert)[] = [];
  const PASO = 5 * MIN;
  const ultimo = Math.floor((ahora.getTime() - 2 * MIN) / PASO) * PASO;
  const hoy = fechaEnZona(ahora, zona);
  /** Adds `cuantas` visits of `duracion` ms (plus `margen` ms kept free after), latest first. */
  const agregar = (cuantas: number, duracion: number, margen: number, datos: Partial<typeof citas.$inferInsert>) => {
    const libre = (inicio: number) =>
      ![...filas, ...nuevas].some(
        (f) =>
          (f.doctor_id === doctor.id || f.paciente_id === paciente.id) &&
          (f.inicio as Date).getTime() < inicio + duracion + margen &&
          inicio < (f.ocupado_hasta as Date).getTime(),
      );
    let faltan = cuantas;
    for (let atras = 0; atras <= 10 && faltan > 0; atras++) {
      const dia = sumarDias(hoy, -atras);
      if (esDiaNoHabil(dia)) continue;
      const bloques = HORARIO_CLINICA.filter((h) => h.dia_semana === diaDeSemana(dia)).reverse();
      for (const b of bloques) {
        const desde = instanteLocal(dia, b.hora_inicio, zona).getTime();
        const hasta = Math.min(instanteLocal(dia, b.hora_fin, zona).getTime() - duracion, ultimo);
        for (let t = hasta; t >= desde && faltan > 0; t -= PASO) {
          if (!libre(t)) continue;
          faltan--;
          nuevas.push({
            paciente_id: paciente.id,
            doctor_id: doctor.id,
            tipo: 'evaluacion',
            estado: 'confirmada',
            inicio: new Date(t),
            fin: new Date(t + duracion),
            ocupado_hasta: new Date(t + duracion + margen),
            creada_en: new Date(t - 3 * 24 * 60 * MIN),
            actualizada_en: new Date(t - 3 * 24 * 60 * MIN),
            ...datos,
          });
        }
      }
    }
  };
  agregar(2, 15 * MIN, 0, { motivo: MOTIVO_EN_CURSO });
  if (toxina) {
    agregar(1, Math.min(toxina.duracion, 90) * MIN, toxina.margen * MIN, {
      tipo: 'procedimiento',
      procedimiento_id: toxina.id,
      motivo: MOTIVO_PROCEDIMIENTO_EN_CURSO,
    });
  }
  return nuevas;
}
