// The owner's reports' summary (decision 0062, docs/dinero.md "Reportes"): each closed clinic month's (and recent
// day's) rows of every report query, stored once by a durable job, so a report reads the periods already summed
// instead of aggregating hundreds of thousands of payments and appointments per request. A month is used from here only while
// nothing that feeds it has changed since: triggers (hand-written in the migration) record in `reportes_cambios` the
// instants a write touches (a late void, a payment approved late, an appointment marked done or no-show after its
// day closed), and a period with such an instant is not read until the job summarises it again.
import { bigint, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ahora, instanteFijo, textoFijo } from './columnas.ts';

/**
 * The periods summarised, and when: closed clinic months ('YYYY-MM', CLINICA_TZ) and, for the recent months, closed
 * clinic days ('YYYY-MM-DD'), so that the open month and a month changed late are mostly read from its days.
 */
export const reportesPeriodos = pgTable('reportes_periodos', {
  periodo: text().primaryKey(),
  resumido_en: ahora(),
});

/**
 * One row of one report query (`consulta`: ingresos, anticipos, asistencia, minutos, conversion) for one period, as
 * the live query returns it over that period (reportes.repository.ts): the summary is that query's own output, so it
 * cannot disagree with it. `doctor_id` is copied out of the row for a doctor's report.
 */
export const reportesResumen = pgTable(
  'reportes_resumen',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    periodo: textoFijo(),
    consulta: textoFijo(),
    doctor_id: integer(),
    fila: jsonb().notNull(),
  },
  (t) => [index('reportes_resumen_consulta_periodo_idx').on(t.consulta, t.periodo, t.doctor_id)],
);

/**
 * Instants whose clinic month a committed write changed (written by triggers on citas, pagos and pagos_anulaciones,
 * only for instants already past). Summarising a period marks its instants seen for that kind of period first.
 */
export const reportesCambios = pgTable(
  'reportes_cambios',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    instante: instanteFijo(),
    /**
     * Seen by a summary of its month / of its day. A month's and its days' summaries each consume the change for
     * themselves (one may be redone while the other is not yet); the row goes once both have seen it.
     */
    visto_mes: boolean().notNull().default(false),
    visto_dia: boolean().notNull().default(false),
  },
  (t) => [index('reportes_cambios_instante_idx').on(t.instante)],
);
