// SQL for notifications: always scoped to one user (a notification id of someone else matches nothing).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificaciones } from '../../db/schema/index.ts';

export type NotificacionFila = typeof notificaciones.$inferSelect;
export type NuevaNotificacion = Pick<NotificacionFila, 'usuario_id' | 'tipo' | 'mensaje'> &
  Partial<Pick<NotificacionFila, 'cita_id' | 'ruta' | 'creada_en'>>;

/** A feed is bounded: the latest 200 (older ones stay in the history). */
export const MAX_FEED = 200;

export function createNotificacionesRepository(db: Executor) {
  return {
    /** One row per notification, in one statement, in the given order. */
    async crear(vs: readonly NuevaNotificacion[]): Promise<NotificacionFila[]> {
      if (vs.length === 0) return [];
      return db
        .insert(notificaciones)
        .values([...vs])
        .returning();
    },

    /** Not archived, newest first. */
    async feed(usuarioId: number): Promise<NotificacionFila[]> {
      return db
        .select()
        .from(notificaciones)
        .where(and(eq(notificaciones.usuario_id, usuarioId), eq(notificaciones.archivada, false)))
        .orderBy(desc(notificaciones.creada_en), desc(notificaciones.id))
        .limit(MAX_FEED);
    },

    /** Everything, archived included, newest first. */
    async historial(usuarioId: number, limite = 500): Promise<NotificacionFila[]> {
      return db
        .select()
        .from(notificaciones)
        .where(eq(notificaciones.usuario_id, usuarioId))
        .orderBy(desc(notificaciones.creada_en), desc(notificaciones.id))
        .limit(limite);
    },

    async marcarLeida(usuarioId: number, id: number): Promise<NotificacionFila | undefined> {
      const [fila] = await db
        .update(notificaciones)
        .set({ leida: true })
        .where(and(eq(notificaciones.id, id), eq(notificaciones.usuario_id, usuarioId)))
        .returning();
      return fila;
    },

    async marcarTodas(usuarioId: number): Promise<number> {
      const filas = await db
        .update(notificaciones)
        .set({ leida: true })
        .where(and(eq(notificaciones.usuario_id, usuarioId), eq(notificaciones.leida, false)))
        .returning({ id: notificaciones.id });
      return filas.length;
    },

    /** Archives the read ones only; unread stay in the feed (the system our spec comes from wiped them). */
    async archivarLeidas(usuarioId: number): Promise<number> {
      const filas = await db
        .update(notificaciones)
        .set({ archivada: true })
        .where(
          and(
            eq(notificaciones.usuario_id, usuarioId),
            eq(notificaciones.leida, true),
            eq(notificaciones.archivada, false),
          ),
        )
        .returning({ id: notificaciones.id });
      return filas.length;
    },

    async noLeidas(usuarioId: number): Promise<number> {
      const [f] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(notificaciones)
        .where(and(eq(notificaciones.usuario_id, usuarioId), eq(notificaciones.leida, false)));
      return f?.n ?? 0;
    },
  };
}
export type NotificacionesRepository = ReturnType<typeof createNotificacionesRepository>;
