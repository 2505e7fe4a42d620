// The owner's reports (issue 23, item 6): one query per report and range, and its CSV download (the token never
// goes in a URL: descargas.ts fetches it and saves it under the server's file name).
import { useQuery } from '@tanstack/react-query';
import { csvDe, reportesRutas, type Reporte } from '@clinica/contracts/reportes-rutas';
import type { ReporteQuery } from '@clinica/contracts/reportes';
import { api } from '../../api-client.ts';
import { descargar } from '../../descargas.ts';

export type {
  ReporteAnticiposWire,
  ReporteConfirmacionesWire,
  ReporteConversionWire,
  ReporteIngresosWire,
  ReporteInasistenciasWire,
  ReporteOcupacionWire,
  ReportePaquetesWire,
  ReporteQuery,
} from '@clinica/contracts/reportes';

export const reportesClaves = {
  todos: ['reportes'] as const,
  uno: (r: Reporte, q: ReporteQuery) => ['reportes', r, q] as const,
};

const opciones = <T>(r: Reporte, q: ReporteQuery, queryFn: () => Promise<T>, enabled: boolean) => ({
  queryKey: reportesClaves.uno(r, q),
  queryFn,
  enabled,
});

export const useIngresos = (q: ReporteQuery, enabled = true) =>
  useQuery(opciones('ingresos', q, () => api(reportesRutas.ingresos, { query: q }), enabled));
export const useAnticipos = (q: ReporteQuery, enabled = true) =>
  useQuery(opciones('anticipos', q, () => api(reportesRutas.anticipos, { query: q }), enabled));
export const useInasistencias = (q: ReporteQuery, enabled = true) =>
  useQuery(opciones('inasistencias', q, () => api(reportesRutas.inasistencias, { query: q }), enabled));
export const useOcupacion = (q: ReporteQuery, enabled = true) =>
  useQuery(opciones('ocupacion', q, () => api(reportesRutas.ocupacion, { query: q }), enabled));
export const usePaquetesReporte = (q: ReporteQuery, enabled = true) =>
  useQuery(opciones('paquetes', q, () => api(reportesRutas.paquetes, { query: q }), enabled));
export const useConversion = (q: ReporteQuery, enabled = true) =>
  useQuery(opciones('conversion', q, () => api(reportesRutas.conversion, { query: q }), enabled));
export const useConfirmaciones = (q: ReporteQuery, enabled = true) =>
  useQuery(opciones('confirmaciones', q, () => api(reportesRutas.confirmaciones, { query: q }), enabled));

/** The report's CSV for the same range and doctor, saved as the server names it. */
export function descargarCsv(r: Reporte, q: ReporteQuery) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return descargar(`${csvDe(r)}${qs ? `?${qs}` : ''}`, `reporte-${r}.csv`);
}
