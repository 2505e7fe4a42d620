// The notification feeds (SPEC 7): a user reads and changes only their own (another id is 403), and creating a
// notification happens inside the transaction of the change that causes it, with its live push queued in the
// same transaction (delivered after commit by the outbox).
import type { Notificacion } from '@clinica/contracts/notificaciones';
import { noEncontrado, prohibido } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/solicitud.ts';
import type { EfectoNuevo } from '../../platform/bandeja.repository.ts';
import type { Encolar, EventosBandeja } from '../../platform/bandeja.service.ts';
import type { NotificacionFila, NotificacionesRepository, NuevaNotificacion } from './notificaciones.repository.ts';

export const toNotificacionWire = (f: NotificacionFila): Notificacion => ({
  id: f.id,
  mensaje: f.mensaje,
  leida: f.leida,
  archivada: f.archivada,
  tipo: f.tipo,
  cita_id: f.cita_id,
  ruta: f.ruta,
  creada_en: f.creada_en,
  fecha: f.creada_en,
});

/** The live pushes of written notifications (outbox effects: to each user's room, after commit). */
export function efectosDeAvisos(filas: readonly NotificacionFila[]): EfectoNuevo[] {
  return filas.map((fila) => {
    const n = toNotificacionWire(fila);
    const carga: EventosBandeja['notificacion'] = {
      usuarioId: fila.usuario_id,
      notificacion: { ...n, creada_en: n.creada_en.toISOString(), fecha: n.creada_en.toISOString() },
    };
    return { tipo: 'notificacion', carga };
  });
}

/**
 * Inside a transaction: the rows (one statement for all) and their live pushes (to each user's room, after commit).
 * `ahora`: the service's clock, the one a booking's notifications also carry (they are composed before they are
 * written, decision 0031), so the feed's order never depends on two clocks agreeing.
 */
export async function notificar(
  tx: { notificaciones: Pick<NotificacionesRepository, 'crear'>; encolar: Encolar },
  v: NuevaNotificacion | readonly NuevaNotificacion[],
  ahora?: Date,
): Promise<void> {
  const vs = Array.isArray(v) ? v : [v as NuevaNotificacion];
  const filas = await tx.notificaciones.crear(ahora ? vs.map((n) => ({ ...n, creada_en: ahora })) : vs);
  for (const e of efectosDeAvisos(filas)) await tx.encolar('notificacion', e.carga as EventosBandeja['notificacion']);
}

export function createNotificacionesService({ repo }: { repo: NotificacionesRepository }) {
  /** SPEC 7 calls carry the user id in the path: it must be the caller's own. */
  const propio = (actor: Actor, userId: number) => {
    if (actor.id !== userId) throw prohibido('Solo puedes ver y cambiar tus propias notificaciones.');
  };
  return {
    async listar(actor: Actor, userId: number) {
      propio(actor, userId);
      return (await repo.feed(userId)).map(toNotificacionWire);
    },
    async historial(actor: Actor, userId: number) {
      propio(actor, userId);
      return (await repo.historial(userId)).map(toNotificacionWire);
    },
    async marcarLeida(actor: Actor, userId: number, id: number) {
      propio(actor, userId);
      const fila = await repo.marcarLeida(userId, id);
      if (!fila) throw noEncontrado('No encontramos esa notificación.');
      return toNotificacionWire(fila);
    },
    async marcarTodas(actor: Actor, userId: number) {
      propio(actor, userId);
      return { actualizadas: await repo.marcarTodas(userId) };
    },
    async archivarLeidas(actor: Actor, userId: number) {
      propio(actor, userId);
      return { archivadas: await repo.archivarLeidas(userId) };
    },
  };
}
export type NotificacionesService = ReturnType<typeof createNotificacionesService>;
