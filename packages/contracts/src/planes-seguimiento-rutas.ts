// The zod-free half of the follow-up plan endpoints (issue 9, item 4): paths and who may call each one, under
// /apiplanesseguimiento (the plan is its own resource; decision 0052).
// The web imports this module at run time without pulling schemas into its download (decision 0005).
import { ruta, type Id } from './rutas.ts';

export const planesPaths = {
  porCita: <I extends Id>(citaId: I) => `/apiplanesseguimiento/cita/${citaId}` as const,
  editar: <I extends Id>(id: I) => `/apiplanesseguimiento/${id}` as const,
  propuesta: <I extends Id>(id: I) => `/apiplanesseguimiento/${id}/propuesta` as const,
  confirmar: <I extends Id>(id: I) => `/apiplanesseguimiento/${id}/confirmar` as const,
} as const;

/**
 * Decision 0017: the appointment's doctor records the plan on its note (the service checks it is theirs); the
 * assistant and that doctor see the proposal and confirm it (the assistant without the clinical description,
 * DOMAIN.md). Patients and administrators take no part: they see the appointments once booked.
 */
export const planesRutas = {
  porCita: ruta('GET', planesPaths.porCita(':citaId'), ['asistente', 'doctor'] as const),
  crear: ruta('POST', planesPaths.porCita(':citaId'), ['doctor'] as const),
  editar: ruta('PUT', planesPaths.editar(':id'), ['doctor'] as const),
  propuesta: ruta('GET', planesPaths.propuesta(':id'), ['asistente', 'doctor'] as const),
  confirmar: ruta('POST', planesPaths.confirmar(':id'), ['asistente', 'doctor'] as const),
};
