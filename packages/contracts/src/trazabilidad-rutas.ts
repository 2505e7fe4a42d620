// The zod-free half of traceability and retreatment recall (issue 24, items 3-4; docs/trazabilidad.md): who received a
// lot and the notices sent to them (under /apiinsumos), a patient's own notices, the desk's retreatment recall list and
// the clinic's retreatment intervals (under /apiretratamientos).
// The web imports this module at run time without pulling schemas into its download (decision 0005).
import { ruta, type Id } from './rutas.ts';

export const trazabilidadPaths = {
  /** «¿Quién recibió este lote?» */
  pacientesLote: <I extends Id>(loteId: I) => `/apiinsumos/lotes/${loteId}/pacientes` as const,
  /** The recall notices of a lot (GET) and a new one to everyone who received it (POST). */
  alertasLote: <I extends Id>(loteId: I) => `/apiinsumos/lotes/${loteId}/alertas` as const,
  /** The signed-in patient's notices about products applied to her. */
  misAvisos: '/apiinsumos/mis-avisos',
  retratamientos: '/apiretratamientos',
  intervalos: '/apiretratamientos/intervalos',
} as const;

/** Who sees who received what and notifies them: doctors and administrators, never the desk (issue 24, item 6). */
export const rolesRecallLote = ['doctor', 'administrador'] as const;
/** Who calls patients due for a retreatment: the desk, the doctors (their own patients) and the administrators. */
export const rolesRetratamientos = ['asistente', 'doctor', 'administrador'] as const;

export const trazabilidadRutas = {
  pacientesLote: ruta('GET', trazabilidadPaths.pacientesLote(':id'), rolesRecallLote),
  alertasLote: ruta('GET', trazabilidadPaths.alertasLote(':id'), rolesRecallLote),
  alertarLote: ruta('POST', trazabilidadPaths.alertasLote(':id'), rolesRecallLote),
  misAvisos: ruta('GET', trazabilidadPaths.misAvisos, ['paciente'] as const),
  retratamientos: ruta('GET', trazabilidadPaths.retratamientos, rolesRetratamientos),
  intervalos: ruta('GET', trazabilidadPaths.intervalos, rolesRetratamientos),
  guardarIntervalos: ruta('PUT', trazabilidadPaths.intervalos, ['administrador'] as const),
};

/** A notice's text, in characters. */
export const ALERTA_MIN = 20;
export const ALERTA_MAX = 2000;
/** The same text for the same lot again within this long is a double click: the first notice is answered. */
export const ALERTA_REPETIDA_MS = 60_000;
/** Hour of the clinic's day (its zone) when a retreatment reminder goes out, on the day it comes due. */
export const HORA_RECORDATORIO_RETRATAMIENTO = '09:00';
/** A booking with the same doctor from this many days before the due day counts as the retreatment's. */
export const DIAS_ANTES_RETRATAMIENTO = 28;
