// The zod-free half of the owner's reports (issue 23, item 6; docs/dinero.md "Reportes"; decision 0058): paths and who
// may call each one, under /apireportes. Each report answers JSON at its path and a CSV file at `<path>/csv`. The web
// imports this module at run time without pulling schemas into its download (decision 0005).
import { ruta } from './rutas.ts';

/** The reports, in the order the screen shows them. */
export const reportes = [
  'ingresos',
  'anticipos',
  'inasistencias',
  'ocupacion',
  'paquetes',
  'conversion',
  'confirmaciones',
] as const;
export type Reporte = (typeof reportes)[number];

export const reportesPaths = {
  ingresos: '/apireportes/ingresos',
  anticipos: '/apireportes/anticipos',
  inasistencias: '/apireportes/inasistencias',
  ocupacion: '/apireportes/ocupacion',
  paquetes: '/apireportes/paquetes',
  conversion: '/apireportes/conversion',
  /** Issue 25, item 5: confirmations by channel, confirmed before the day, no-shows by channel, slots refilled. */
  confirmaciones: '/apireportes/confirmaciones',
} as const satisfies Record<Reporte, string>;

/** The CSV download of a report. */
export const csvDe = <R extends Reporte>(r: R) => `${reportesPaths[r]}/csv` as `${(typeof reportesPaths)[R]}/csv`;

/** How a confirmation came (citas.confirmada_via); sin_registro: confirmed before issue 25 recorded it. */
export const viasConfirmacion = ['mostrador', 'portal', 'correo', 'whatsapp', 'sin_registro'] as const;
export const viaConfirmacionNombres: Record<(typeof viasConfirmacion)[number], string> = {
  mostrador: 'En la clínica',
  portal: 'En el portal',
  correo: 'Enlace del correo',
  whatsapp: 'WhatsApp',
  sin_registro: 'Sin registro',
};
/** The channels a patient chose (preferencias_contacto; no row: e-mail). */
export const canalesReporte = ['correo', 'whatsapp', 'ambos'] as const;
export const canalReporteNombres: Record<(typeof canalesReporte)[number], string> = {
  correo: 'Correo',
  whatsapp: 'WhatsApp',
  ambos: 'Correo y WhatsApp',
};
/** Administrators see the whole clinic; a doctor sees his own work (the server forces his id). */
export const rolesReportes = ['doctor', 'administrador'] as const;
/** What the clinic sold and owes in packages is the clinic's, not one doctor's work: administrators only. */
export const rolesReportePaquetes = ['administrador'] as const;

/** The longest range a report covers, in calendar months (bounded queries). */
export const MESES_MAXIMOS_REPORTE = 24;
/** The default range: this month and the 11 before it. */
export const MESES_POR_DEFECTO_REPORTE = 12;
/** A first evaluation converts when a procedure appointment follows it within these days. */
export const DIAS_CONVERSION = 90;

export const reportesRutas = {
  ingresos: ruta('GET', reportesPaths.ingresos, rolesReportes),
  ingresosCsv: ruta('GET', csvDe('ingresos'), rolesReportes),
  anticipos: ruta('GET', reportesPaths.anticipos, rolesReportes),
  anticiposCsv: ruta('GET', csvDe('anticipos'), rolesReportes),
  inasistencias: ruta('GET', reportesPaths.inasistencias, rolesReportes),
  inasistenciasCsv: ruta('GET', csvDe('inasistencias'), rolesReportes),
  ocupacion: ruta('GET', reportesPaths.ocupacion, rolesReportes),
  ocupacionCsv: ruta('GET', csvDe('ocupacion'), rolesReportes),
  paquetes: ruta('GET', reportesPaths.paquetes, rolesReportePaquetes),
  paquetesCsv: ruta('GET', csvDe('paquetes'), rolesReportePaquetes),
  conversion: ruta('GET', reportesPaths.conversion, rolesReportes),
  conversionCsv: ruta('GET', csvDe('conversion'), rolesReportes),
  confirmaciones: ruta('GET', reportesPaths.confirmaciones, rolesReportes),
  confirmacionesCsv: ruta('GET', csvDe('confirmaciones'), rolesReportes),
};
