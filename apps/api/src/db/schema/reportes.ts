// The owner's reports' monthly summary (decision 06xx, docs/dinero.md "Reportes"): each closed clinic month's rows of
// every report query, stored once by a durable job, so a report reads the months already summed instead of
// aggregating hundreds of thousands of payments and appointments per request. A month is used from here only while
// nothing that feeds it has changed since: triggers (hand-written in the migration) record in `reportes_cambios` the
// instants a write touches (a late void, a payment approved late, an appointment marked done or no-show after its
// month closed), and a month with such an instant is computed live until the job summarises it again.
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ahora, instanteFijo, textoFijo } from './columnas.ts';

/** The clinic months ('YYYY-MM', CLINICA_TZ) summarised, and when. */
export const reportesMeses = pgTable('reportes_meses', {
  mes: text().primaryKey(),
  resumido_en: ahora(),
});

/**
 * One row of one report query (`consulta`: ingresos, anticipos, asistencia, minutos, conversion) for one month, as
 * the live query returns it (reportes.repository.ts): the summary is that query's own output, so it cannot disagree
 * with it. `doctor_id` is copied out of the row for a doctor's report.
 */
export const reportesResumen = pgTable(
  'reportes_resumen',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mes: textoFijo(),
    consulta: textoFijo(),
    doctor_id: integer(),
    fila: jsonb().notNull(),
  },
  (t) => [index('reportes_resumen_consulta_mes_idx').on(t.consulta, t.mes, t.doctor_id)],
);

/**
 * Instants whose clinic month a committed write changed (written by triggers on citas, pagos and pagos_anulaciones,
 * only for instants already past). Summarising a month deletes its instants first.
 */
export const reportesCambios = pgTable(
  'reportes_cambios',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    instante: instanteFijo(),
  },
  (t) => [index('reportes_cambios_instante_idx').on(t.instante)],
);
