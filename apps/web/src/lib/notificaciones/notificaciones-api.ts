// The two notification feeds of SPEC 7 (doctor and patient), chosen by role as SPEC 6 says: a role named doctor
// in any casing uses the doctor feed; every other signed-in role the patient feed. Each call is for the caller's
// own id (the server answers 403 otherwise).
import type { NotificacionWire } from '@clinica/contracts/notificaciones';
import { notificacionesDoctorRutas, notificacionesUsuarioRutas } from '@clinica/contracts/rutas';
import type { NotificacionEvento } from '@clinica/contracts/events';
import { api } from '../api-client.ts';

/** A notification as the web keeps it: the wire shape (creada_en is an ISO string). */
export type Notificacion = NotificacionWire;

/** SPEC 6: 'doctor', 'Doctor', 'DOCTOR'... use the doctor feed and register as a doctor. */
export function esRolDoctor(rol: string | null | undefined): boolean {
  return typeof rol === 'string' && rol.trim().toLowerCase() === 'doctor';
}

export type FeedNotificaciones = {
  listar(): Promise<Notificacion[]>;
  marcarLeida(notificacionId: number): Promise<unknown>;
  marcarTodasLeidas(): Promise<unknown>;
  archivarLeidas(): Promise<{ archivadas: number }>;
  historial(): Promise<Notificacion[]>;
};

/** The five calls of one user's feed. */
export function feedDe(esDoctor: boolean, userId: number): FeedNotificaciones {
  const r = esDoctor ? notificacionesDoctorRutas : notificacionesUsuarioRutas;
  const params = { userId };
  return {
    listar: () => api(r.listar, { params }) as Promise<Notificacion[]>,
    marcarLeida: (notificacionId) => api(r.marcarLeida, { params, body: { notificacionId } }),
    marcarTodasLeidas: () => api(r.marcarTodasLeidas, { params }),
    archivarLeidas: () => api(r.archivarLeidas, { params }),
    historial: () => api(r.historial, { params }) as Promise<Notificacion[]>,
  };
}

/**
 * A live notification in the list's shape. The event only promises `mensaje` (contracts/events.ts); it is added
 * as unread whatever it says (SPEC 4).
 */
export function desdeEvento(e: NotificacionEvento, ahora: Date = new Date()): Notificacion {
  return {
    id: e.id,
    mensaje: e.mensaje,
    leida: false,
    archivada: false,
    tipo: e.tipo ?? '',
    cita_id: e.cita_id ?? null,
    ruta: e.ruta ?? null,
    creada_en: e.creada_en ?? ahora.toISOString(),
  };
}
