// The waitlist and its offers (issue 25, item 1; docs/espera.md): a patient waits for a procedure or an evaluation,
// optionally with one doctor, a date range and times of day; when a matching slot frees, the first waiting patients
// in order of joining get an offer with a short hold. The first to accept books through the normal booking path
// (the appointments' exclusion constraint makes it impossible to give the slot twice); the others' offers end.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ahora, idPropio, instante, instanteFijo, refiere, refiereOpcional } from './columnas.ts';
import { procedimientos } from './catalogo.ts';
import { citas } from './citas.ts';
import { usuarios } from './usuarios.ts';

export const TIPOS_ESPERA = ['evaluacion', 'procedimiento'] as const;
export const FRANJAS_ESPERA = ['manana', 'tarde'] as const;
/**
 * activa: waiting. atendida: she booked from an offer (cita_id). retirada: she (or the desk) left the list, or it
 * lapsed (its date range passed).
 */
export const ESTADOS_ESPERA = ['activa', 'atendida', 'retirada'] as const;
/**
 * ofrecida: waiting for her answer until vence_en. aceptada: she booked it (cita_id). tomada: someone else booked the
 * slot first. vencida: no answer in time. rechazada: she said no. anulada: the slot stopped being free for another
 * reason (booked at the desk, blocked).
 */
export const ESTADOS_OFERTA = ['ofrecida', 'aceptada', 'tomada', 'vencida', 'rechazada', 'anulada'] as const;

export const listaEspera = pgTable(
  'lista_espera',
  {
    id: idPropio(),
    paciente_id: refiere(() => usuarios.id),
    tipo: text({ enum: TIPOS_ESPERA }).notNull(),
    /** Required for a procedure; null for an evaluation. */
    procedimiento_id: refiereOpcional(() => procedimientos.id),
    /** Null: any doctor who does it. */
    doctor_id: refiereOpcional(() => usuarios.id),
    /** Clinic days (America/Bogota), both included. */
    desde: date({ mode: 'string' }).notNull(),
    hasta: date({ mode: 'string' }).notNull(),
    /** Empty: any time of day. */
    franjas: text({ enum: FRANJAS_ESPERA })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nota: text(),
    estado: text({ enum: ESTADOS_ESPERA }).notNull().default('activa'),
    /** The patient herself or the desk member who added her. */
    creada_por: refiere(() => usuarios.id),
    creada_en: ahora(),
    cita_id: refiereOpcional(() => citas.id),
    cerrada_en: instante(),
  },
  (t) => [
    check('lista_espera_rango', sql`${t.hasta} >= ${t.desde}`),
    check('lista_espera_procedimiento', sql`(${t.tipo} = 'procedimiento') = (${t.procedimiento_id} is not null)`),
    check('lista_espera_atendida', sql`(${t.estado} = 'atendida') = (${t.cita_id} is not null)`),
    // Order of joining among the active entries: the matcher reads these in id order.
    index('lista_espera_activas_idx')
      .on(t.tipo, t.procedimiento_id, t.id)
      .where(sql`${t.estado} = 'activa'`),
    index('lista_espera_paciente_idx').on(t.paciente_id, t.id),
    // One active entry per patient and what she waits for (a second join is answered with the first).
    uniqueIndex('lista_espera_una_activa')
      .on(t.paciente_id, t.tipo, sql`coalesce(${t.procedimiento_id}, 0)`)
      .where(sql`${t.estado} = 'activa'`),
  ],
);

/** One slot offered to one waiting patient. */
export const ofertasEspera = pgTable(
  'ofertas_espera',
  {
    id: idPropio(),
    lista_espera_id: refiere(() => listaEspera.id),
    paciente_id: refiere(() => usuarios.id),
    doctor_id: refiere(() => usuarios.id),
    inicio: instanteFijo(),
    fin: instanteFijo(),
    estado: text({ enum: ESTADOS_OFERTA }).notNull().default('ofrecida'),
    vence_en: instanteFijo(),
    /** Who offered it by hand (the desk); null when the system offered it as the slot freed. */
    ofrecida_por: refiereOpcional(() => usuarios.id),
    creada_en: ahora(),
    respondida_en: instante(),
    cita_id: refiereOpcional(() => citas.id),
    /** The booking's value at acceptance, whole COP (the refilled slots' value in the reports). */
    valor: integer(),
  },
  (t) => [
    check('ofertas_espera_fin', sql`${t.fin} > ${t.inicio}`),
    check('ofertas_espera_aceptada', sql`(${t.estado} = 'aceptada') = (${t.cita_id} is not null)`),
    // An entry is offered a slot once; an open offer per entry at a time.
    uniqueIndex('ofertas_espera_entrada_hueco').on(t.lista_espera_id, t.doctor_id, t.inicio),
    uniqueIndex('ofertas_espera_una_abierta')
      .on(t.lista_espera_id)
      .where(sql`${t.estado} = 'ofrecida'`),
    // The expiry sweeper and the "taken" closer read the open offers of a slot.
    index('ofertas_espera_abiertas_idx')
      .on(t.doctor_id, t.inicio)
      .where(sql`${t.estado} = 'ofrecida'`),
    index('ofertas_espera_paciente_idx').on(t.paciente_id, t.id),
  ],
);
