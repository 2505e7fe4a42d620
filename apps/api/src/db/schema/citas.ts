// Appointments and the doctors' agendas (DOMAIN.md "citas", "horarios_doctor", "bloqueos_agenda").
// No two non-cancelled appointments of one doctor overlap, nor of one patient: PostgreSQL exclusion
// constraints (btree_gist) added by hand in migration 0005_citas.sql, since Drizzle does not model them.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, time } from 'drizzle-orm/pg-core';
import {
  idPropio,
  instante,
  instanteFijo,
  ahora,
  refiere,
  refiereOpcional,
  textoFijo,
  enteroFijo,
} from './columnas.ts';
import { procedimientos } from './catalogo.ts';
import { usuarios } from './usuarios.ts';

export const TIPOS_CITA = ['evaluacion', 'procedimiento', 'control'] as const;
export const ESTADOS_CITA = ['pendiente', 'confirmada', 'realizada', 'cancelada'] as const;
/**
 * Why a cancelled appointment was cancelled (the spec's four states stay): by the patient, by the clinic's staff, a
 * no-show marked by staff (inasistencia), or an unpaid deposit's hold that expired (issue 23, item 2).
 */
export const CAUSAS_CANCELACION = ['paciente', 'personal', 'inasistencia', 'reserva_vencida'] as const;
/**
 * What the cancellation policy did with a paid deposit (docs/dinero.md "Anticipos y política de cancelación"):
 * refunded (owed until the desk pays it out: a pagos row of concepto devolucion), kept as the patient's credit (a
 * devolucion row of metodo saldo_a_favor, written with the cancellation), or retained by the clinic.
 */
/** Where a confirmation came from (issue 25: the reports' confirmations by channel). */
export const VIAS_CONFIRMACION = ['mostrador', 'portal', 'correo', 'whatsapp'] as const;

export const DESTINOS_ANTICIPO = ['devolucion', 'saldo_a_favor', 'retenido'] as const;

export const citas = pgTable(
  'citas',
  {
    id: idPropio(),
    paciente_id: refiere(() => usuarios.id),
    doctor_id: refiere(() => usuarios.id),
    tipo: text({ enum: TIPOS_CITA }).notNull(),
    estado: text({ enum: ESTADOS_CITA }).notNull().default('pendiente'),
    inicio: instanteFijo(),
    fin: instanteFijo(),
    /** fin plus the procedure's margin: the doctor's time this appointment takes. */
    ocupado_hasta: instanteFijo(),
    procedimiento_id: refiereOpcional(() => procedimientos.id),
    /** An evaluation booked from the cart covers these procedures. */
    procedimientos_solicitados: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    motivo: text(),
    observaciones: text(),
    motivo_cancelacion: text(),
    /** Set with estado = cancelada (null on appointments cancelled before migration 0025). */
    causa_cancelacion: text({ enum: CAUSAS_CANCELACION }),
    /** The deposit this booking owes in whole COP, fixed at booking from the procedure's rule; null: none. */
    anticipo_monto: integer(),
    /** Until when an unpaid deposit holds the slot (never past the start); null once paid or without deposit. */
    reserva_vence_en: instante(),
    /** Set when an appointment with a paid deposit is cancelled (migration 0026). */
    anticipo_destino: text({ enum: DESTINOS_ANTICIPO }),
    creada_por: refiereOpcional(() => usuarios.id),
    /** How and when it became confirmada (null before migration 0030, and while not confirmed). */
    confirmada_via: text({ enum: VIAS_CONFIRMACION }),
    confirmada_en: instante(),
    /** The SEQUENCE of the appointment's calendar event (.ics): grows with each change e-mailed to the patient. */
    secuencia_calendario: enteroFijo().default(0),
    creada_en: ahora(),
    actualizada_en: ahora(),
  },
  (t) => [
    check('citas_fin_despues_de_inicio', sql`${t.fin} > ${t.inicio}`),
    check('citas_ocupado_cubre_fin', sql`${t.ocupado_hasta} >= ${t.fin}`),
    check('citas_anticipo_positivo', sql`${t.anticipo_monto} is null or ${t.anticipo_monto} > 0`),
    check(
      'citas_anticipo_destino_valido',
      sql`${t.anticipo_destino} is null or (${t.anticipo_destino} in ('devolucion', 'saldo_a_favor', 'retenido') and ${t.anticipo_monto} is not null)`,
    ),
    check('citas_reserva_antes_del_inicio', sql`${t.reserva_vence_en} is null or ${t.reserva_vence_en} <= ${t.inicio}`),
    // The hold sweeper's scan: the few appointments still waiting for their deposit.
    index('citas_reserva_vence_idx')
      .on(t.reserva_vence_en)
      .where(sql`${t.reserva_vence_en} is not null`),
    index('citas_doctor_inicio_idx').on(t.doctor_id, t.inicio),
    index('citas_paciente_inicio_idx').on(t.paciente_id, t.inicio),
    index('citas_inicio_idx').on(t.inicio),
    // The staff list filtered by state and/or type, and its capped count: an index-only scan instead of reading
    // every appointment until enough match (bench/results/citas.md).
    index('citas_estado_tipo_inicio_idx').on(t.estado, t.tipo, t.inicio),
  ],
);

export const horariosDoctor = pgTable(
  'horarios_doctor',
  {
    id: idPropio(),
    doctor_id: refiere(() => usuarios.id),
    /** 0 = domingo ... 6 = sábado. */
    dia_semana: smallint().notNull(),
    hora_inicio: time().notNull(),
    hora_fin: time().notNull(),
  },
  (t) => [
    check('horarios_dia_valido', sql`${t.dia_semana} between 0 and 6`),
    check('horarios_fin_despues_de_inicio', sql`${t.hora_fin} > ${t.hora_inicio}`),
    index('horarios_doctor_idx').on(t.doctor_id, t.dia_semana),
  ],
);

export const bloqueosAgenda = pgTable(
  'bloqueos_agenda',
  {
    id: idPropio(),
    doctor_id: refiere(() => usuarios.id),
    inicio: instanteFijo(),
    fin: instanteFijo(),
    motivo: textoFijo(),
    creado_por: refiereOpcional(() => usuarios.id),
    creado_en: ahora(),
  },
  (t) => [
    check('bloqueos_fin_despues_de_inicio', sql`${t.fin} > ${t.inicio}`),
    index('bloqueos_doctor_inicio_idx').on(t.doctor_id, t.inicio),
  ],
);

/** Idempotency-Key of a create: the same key and body give the same appointment (QUALITY.md reliability 2). */
export const idempotencia = pgTable(
  'idempotencia',
  {
    usuario_id: refiere(() => usuarios.id),
    clave: textoFijo(),
    /** SHA-256 of the request body: another body with the same key is refused. */
    huella: textoFijo(),
    cita_id: refiere(() => citas.id),
    creada_en: ahora(),
  },
  (t) => [primaryKey({ columns: [t.usuario_id, t.clave] })],
);
