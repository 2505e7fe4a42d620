// The zod-free half of the clinical-note endpoints (issue 9, item 3-4): paths and who may call each one. They
// live under /apievoluciones, their own resource (decision 0052).
// The web imports this module at run time without pulling schemas into its download (decision 0005).
import { ruta, type Id } from './rutas.ts';

export const evolucionesPaths = {
  porCita: <I extends Id>(citaId: I) => `/apievoluciones/cita/${citaId}` as const,
  editar: <I extends Id>(id: I) => `/apievoluciones/${id}` as const,
  firmar: <I extends Id>(id: I) => `/apievoluciones/${id}/firmar` as const,
  adendas: <I extends Id>(id: I) => `/apievoluciones/${id}/adendas` as const,
} as const;

/**
 * DOMAIN.md: the appointment's doctor writes, signs and corrects the note (the service checks it is theirs);
 * doctors read notes (audited) and the patient their own signed ones. Assistants and administrators never read
 * clinical content. No route edits a signed note and no route deletes one (Res. 1995 de 1999).
 */
export const evolucionesRutas = {
  porCita: ruta('GET', evolucionesPaths.porCita(':citaId'), ['doctor', 'paciente'] as const),
  crear: ruta('POST', evolucionesPaths.porCita(':citaId'), ['doctor'] as const),
  editar: ruta('PUT', evolucionesPaths.editar(':id'), ['doctor'] as const),
  firmar: ruta('POST', evolucionesPaths.firmar(':id'), ['doctor'] as const),
  agregarAdenda: ruta('POST', evolucionesPaths.adendas(':id'), ['doctor'] as const),
};
