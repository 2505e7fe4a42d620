// The zod-free half of the informed-consent endpoints (issue 9, item 5): paths and who may call each one. They
// live under /apiconsentimientos, their own resource (decision 0052).
// The web imports this module at run time without pulling schemas into its download (decision 0005).
import { ruta, type Id } from './rutas.ts';

export const consentimientosPaths = {
  plantillas: <I extends Id>(procedimientoId: I) =>
    `/apiconsentimientos/plantillas/procedimiento/${procedimientoId}` as const,
  porCita: <I extends Id>(citaId: I) => `/apiconsentimientos/cita/${citaId}` as const,
  firmar: <I extends Id>(citaId: I) => `/apiconsentimientos/cita/${citaId}/firmar` as const,
  verificar: <I extends Id>(id: I) => `/apiconsentimientos/${id}/verificar` as const,
  revocar: <I extends Id>(id: I) => `/apiconsentimientos/${id}/revocar` as const,
} as const;

/**
 * DOMAIN.md: staff who manage procedures manage their consent templates (a new version is a new row). The
 * patient signs on their phone, at the desk in the assistant's session, or on the tablet her doctor hands her in
 * the doctor's session (issue 27.9; her own appointments, on their day only); the appointment's doctor, the
 * patient and assistants (status only) read the appointment's consent; only the patient revokes. The
 * administrator reads no clinical content. No route edits or deletes a consent.
 */
export const consentimientosRutas = {
  plantillas: ruta('GET', consentimientosPaths.plantillas(':procedimientoId'), [
    'administrador',
    'asistente',
    'doctor',
  ] as const),
  crearPlantilla: ruta('POST', consentimientosPaths.plantillas(':procedimientoId'), [
    'administrador',
    'asistente',
    'doctor',
  ] as const),
  porCita: ruta('GET', consentimientosPaths.porCita(':citaId'), ['asistente', 'doctor', 'paciente'] as const),
  firmar: ruta('POST', consentimientosPaths.firmar(':citaId'), ['asistente', 'doctor', 'paciente'] as const),
  verificar: ruta('GET', consentimientosPaths.verificar(':id'), ['asistente', 'doctor', 'paciente'] as const),
  revocar: ruta('POST', consentimientosPaths.revocar(':id'), ['paciente'] as const),
};
