// Follow-up plans (DOMAIN.md "planes_seguimiento"; issue 9, item 4): "requiere más sesiones" recorded by the
// appointment's doctor on its clinical note: a procedure, every N days, M sessions, from a date. The booking engine
// proposes the series and staff confirm it; each appointment booked from the plan is linked to its session number.
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { idPropio, ahora, refiere, textoFijo, enteroFijo } from './columnas.ts';
import { deLaCita } from './columnas-cita.ts';
import { procedimientos } from './catalogo.ts';
import { citas } from './citas.ts';
import { evoluciones } from './evoluciones.ts';
import { usuarios } from './usuarios.ts';

export const planesSeguimiento = pgTable(
  'planes_seguimiento',
  {
    id: idPropio(),
    /** One plan per clinical note. */
    evolucion_id: refiere(() => evoluciones.id),
    /** The appointment whose note recorded it (its doctor books the series), and its patient. */
    ...deLaCita(),
    doctor_id: refiere(() => usuarios.id),
    procedimiento_id: refiere(() => procedimientos.id),
    descripcion: textoFijo(),
    cada_dias: enteroFijo(),
    sesiones: enteroFijo(),
    /** The first session's target date (clinic calendar). */
    desde: date({ mode: 'string' }).notNull(),
    creado_por: refiere(() => usuarios.id),
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
    plan_id: refiere(() => planesSeguimiento.id),
    sesion: enteroFijo(),
    cita_id: refiere(() => citas.id),
  },
  (t) => [
    primaryKey({ columns: [t.plan_id, t.cita_id] }),
    uniqueIndex('planes_seguimiento_citas_cita').on(t.cita_id),
    check('planes_seguimiento_citas_sesion', sql`${t.sesion} >= 1`),
  ],
);
