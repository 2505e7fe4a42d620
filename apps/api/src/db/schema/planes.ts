// Follow-up plans (DOMAIN.md "planes_seguimiento"; issue 9, item 4): "requiere más sesiones" recorded by the
// appointment's doctor on its clinical note: a procedure, every N days, M sessions, from a date. The booking engine
// proposes the series and staff confirm it; each appointment booked from the plan is linked to its session number.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { procedimientos } from './catalogo.ts';
import { citas } from './citas.ts';
import { evoluciones } from './evoluciones.ts';
import { usuarios } from './usuarios.ts';

const ahora = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const planesSeguimiento = pgTable(
  'planes_seguimiento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** One plan per clinical note. */
    evolucion_id: integer()
      .notNull()
      .references(() => evoluciones.id),
    /** The appointment whose note recorded it (its doctor books the series). */
    cita_id: integer()
      .notNull()
      .references(() => citas.id),
    paciente_id: integer()
      .notNull()
      .references(() => usuarios.id),
    doctor_id: integer()
      .notNull()
      .references(() => usuarios.id),
    procedimiento_id: integer()
      .notNull()
      .references(() => procedimientos.id),
    descripcion: text().notNull(),
    cada_dias: integer().notNull(),
    sesiones: integer().notNull(),
    /** The first session's target date (clinic calendar). */
    desde: date({ mode: 'string' }).notNull(),
    creado_por: integer()
      .notNull()
      .references(() => usuarios.id),
    creado_en: ahora(),
    actualizado_en: ahora(),
  },
  (t) => [
    uniqueIndex('planes_seguimiento_una_por_nota').on(t.evolucion_id),
    uniqueIndex('planes_seguimiento_una_por_cita').on(t.cita_id),
    index('planes_seguimiento_paciente_idx').on(t.paciente_id),
    check('planes_seguimiento_cada_dias', sql`${t.cada_dias} between 1 and 365`),
    check('planes_seguimiento_sesiones', sql`${t.sesiones} between 1 and 20`),
  ],
);

/** The appointments booked from a plan, each with its session number (1..sesiones). */
export const planesSeguimientoCitas = pgTable(
  'planes_seguimiento_citas',
  {
    plan_id: integer()
      .notNull()
      .references(() => planesSeguimiento.id),
    sesion: integer().notNull(),
    cita_id: integer()
      .notNull()
      .references(() => citas.id),
  },
  (t) => [
    primaryKey({ columns: [t.plan_id, t.cita_id] }),
    uniqueIndex('planes_seguimiento_citas_cita').on(t.cita_id),
    check('planes_seguimiento_citas_sesion', sql`${t.sesion} >= 1`),
  ],
);
