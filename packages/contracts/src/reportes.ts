// The owner's reports (issue 23, item 6; docs/dinero.md "Reportes"; decision 0058): revenue, deposits, no-shows,
// utilisation, packages and first-visit conversion, per month of the clinic's calendar (CLINICA_TZ). Every amount is
// whole COP computed by the server; a rate is a fraction in [0, 1] (null when there is nothing to divide by).
import { z } from 'zod';
import { fechaAgenda, fechaDia, idEntero } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { MESES_MAXIMOS_REPORTE, canalesReporte, reportesRutas, viasConfirmacion } from './reportes-rutas.ts';

/** Whole calendar months from the month of `desde` through the month of `hasta`, both included. */
export const mesesEntre = (desde: string, hasta: string) =>
  (Number(hasta.slice(0, 4)) - Number(desde.slice(0, 4))) * 12 +
  Number(hasta.slice(5, 7)) -
  Number(desde.slice(5, 7)) +
  1;

export const MENSAJES_REPORTES = {
  rangoInvertido: 'La fecha inicial («desde») debe ser anterior o igual a la final («hasta»).',
  rangoLargo: `Un reporte cubre como máximo ${MESES_MAXIMOS_REPORTE} meses: acorta el rango de fechas.`,
  soloSusDatos: 'Un doctor solo ve los reportes de su propio trabajo.',
  noEsDoctor: 'Esa persona no es un doctor de la clínica.',
} as const;

/** `desde`/`hasta` are clinic days (both included); by default this month and the 11 before it. */
export const reporteQuery = z
  .object({
    desde: fechaAgenda.optional(),
    hasta: fechaAgenda.optional(),
    /** Administrators may narrow a report to one doctor; a doctor's own id is forced by the server. */
    doctor_id: idEntero('El doctor').optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.desde || !q.hasta) return;
    if (q.desde > q.hasta) ctx.addIssue({ code: 'custom', path: ['desde'], message: MENSAJES_REPORTES.rangoInvertido });
    else if (mesesEntre(q.desde, q.hasta) > MESES_MAXIMOS_REPORTE)
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: MENSAJES_REPORTES.rangoLargo });
  });
export type ReporteQuery = z.input<typeof reporteQuery>;

/** A month of the clinic's calendar, 'YYYY-MM'. */
const mes = z.string().regex(/^\d{4}-\d{2}$/);
const tasa = z.number().nullable();
const entero = z.number().int();
const persona = z.object({ id: entero, nombre: z.string() });

/** What every report answers besides its rows: the range it covers and the doctor it is narrowed to. */
const encabezado = { desde: fechaDia, hasta: fechaDia, doctor: persona.nullable() };

const dinero = { cobrado: entero, devuelto: entero, neto: entero };
export const reporteIngresosSchema = z.object({
  ...encabezado,
  filas: z.array(
    z.object({
      mes,
      /** Null: a payment of no procedure (an evaluation or control without one, or a payment of nothing). */
      procedimiento_id: entero.nullable(),
      procedimiento: z.string(),
      /** Null: a package sale or a payment of no appointment ("Sin doctor"). */
      doctor_id: entero.nullable(),
      doctor: z.string(),
      ...dinero,
      pagos: entero,
    }),
  ),
  total: z.object(dinero),
});
export type ReporteIngresosWire = z.input<typeof reporteIngresosSchema>;

/** Deposits: held, applied to the appointment, retained, refunded in money, kept as the patient's credit. */
const anticipo = {
  cobrado: entero,
  en_custodia: entero,
  aplicado: entero,
  retenido: entero,
  devuelto: entero,
  saldo_a_favor: entero,
};
export const reporteAnticiposSchema = z.object({
  ...encabezado,
  filas: z.array(z.object({ mes, citas: entero, ...anticipo })),
  total: z.object({ citas: entero, ...anticipo }),
});
export type ReporteAnticiposWire = z.input<typeof reporteAnticiposSchema>;

const asistencia = { realizadas: entero, inasistencias: entero, tasa };
export const reporteInasistenciasSchema = z.object({
  ...encabezado,
  filas: z.array(z.object({ mes, doctor_id: entero, doctor: z.string(), ...asistencia })),
  porMes: z.array(z.object({ mes, ...asistencia })),
  total: z.object(asistencia),
});
export type ReporteInasistenciasWire = z.input<typeof reporteInasistenciasSchema>;

const ocupacion = { minutos_reservados: entero, minutos_disponibles: entero, ocupacion: tasa };
export const reporteOcupacionSchema = z.object({
  ...encabezado,
  filas: z.array(z.object({ mes, doctor_id: entero, doctor: z.string(), ...ocupacion })),
  total: z.object(ocupacion),
});
export type ReporteOcupacionWire = z.input<typeof reporteOcupacionSchema>;

export const reportePaquetesSchema = z.object({
  ...encabezado,
  filas: z.array(z.object({ mes, vendidos: entero, monto_vendido: entero, sesiones_usadas: entero })),
  /** What the clinic owes today: sessions left of packages not expired, per procedure, in sessions and pro rata COP. */
  pendientes: z.array(
    z.object({
      procedimiento_id: entero,
      procedimiento: z.string(),
      paquetes: entero,
      sesiones: entero,
      monto: entero,
    }),
  ),
  total: z.object({
    vendidos: entero,
    monto_vendido: entero,
    sesiones_usadas: entero,
    sesiones_pendientes: entero,
    monto_pendiente: entero,
  }),
});
export type ReportePaquetesWire = z.input<typeof reportePaquetesSchema>;

const conversion = { evaluadas: entero, convertidas: entero, tasa };
export const reporteConversionSchema = z.object({
  ...encabezado,
  /** The window after the first evaluation in which a procedure appointment counts. */
  dias: entero,
  filas: z.array(z.object({ mes, ...conversion })),
  total: z.object(conversion),
});
export type ReporteConversionWire = z.input<typeof reporteConversionSchema>;

const confirmacion = {
  /** Appointments due in the month: not cancelled, or missed (a no-show). */
  citas: entero,
  confirmadas: entero,
  /** Confirmed before the clinic day of the appointment. */
  antes_del_dia: entero,
  tasa_antes_del_dia: tasa,
  por_via: z.object(
    Object.fromEntries(viasConfirmacion.map((v) => [v, entero])) as Record<
      (typeof viasConfirmacion)[number],
      typeof entero
    >,
  ),
  /** Slots freed and booked again from the waitlist, and what those bookings are worth (COP). */
  recuperadas: entero,
  valor_recuperado: entero,
};
export const reporteConfirmacionesSchema = z.object({
  ...encabezado,
  filas: z.array(z.object({ mes, ...confirmacion })),
  /** No-shows by the channel the patient chose to be reached on. */
  porCanal: z.array(z.object({ canal: z.enum(canalesReporte), citas: entero, inasistencias: entero, tasa })),
  total: z.object(confirmacion),
});
export type ReporteConfirmacionesWire = z.input<typeof reporteConfirmacionesSchema>;

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const json = <S extends z.ZodType>(s: S) => ({ querystring: reporteQuery, response: { 200: s, ...errores } });
/** 200 is the CSV text (text/csv): nothing for the JSON serializer to filter. */
const csv = { querystring: reporteQuery, response: { 200: z.any(), ...errores } };
const r = reportesRutas;

export const reportesEndpoints = {
  ingresos: endpoint(r.ingresos, json(reporteIngresosSchema)),
  ingresosCsv: endpoint(r.ingresosCsv, csv),
  anticipos: endpoint(r.anticipos, json(reporteAnticiposSchema)),
  anticiposCsv: endpoint(r.anticiposCsv, csv),
  inasistencias: endpoint(r.inasistencias, json(reporteInasistenciasSchema)),
  inasistenciasCsv: endpoint(r.inasistenciasCsv, csv),
  ocupacion: endpoint(r.ocupacion, json(reporteOcupacionSchema)),
  ocupacionCsv: endpoint(r.ocupacionCsv, csv),
  paquetes: endpoint(r.paquetes, json(reportePaquetesSchema)),
  paquetesCsv: endpoint(r.paquetesCsv, csv),
  conversion: endpoint(r.conversion, json(reporteConversionSchema)),
  conversionCsv: endpoint(r.conversionCsv, csv),
  confirmaciones: endpoint(r.confirmaciones, json(reporteConfirmacionesSchema)),
  confirmacionesCsv: endpoint(r.confirmacionesCsv, csv),
};

export {
  canalReporteNombres,
  canalesReporte,
  viaConfirmacionNombres,
  viasConfirmacion,
  DIAS_CONVERSION,
  MESES_MAXIMOS_REPORTE,
  MESES_POR_DEFECTO_REPORTE,
  csvDe,
  reportes,
  reportesPaths,
  reportesRutas,
  type Reporte,
} from './reportes-rutas.ts';
