// Server-side sessions: one row per sign-in; the token's sid points here.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sesiones, usuarios } from '../../db/schema/index.ts';

export type SesionActiva = {
  sid: string;
  usuarioId: number;
  rol: (typeof usuarios.$inferSelect)['rol'];
  estado: boolean;
  expiraEn: Date;
  ultimaActividadEn: Date;
  revocadaEn: Date | null;
};

export function createSesionesRepository(db: Executor) {
  // Read on every authenticated request (unless cached, see sesiones-cache.ts): built once, and a named
  // statement on each PostgreSQL connection.
  const porSid = db
    .select({
      sid: sesiones.id,
      usuarioId: sesiones.usuario_id,
      rol: usuarios.rol,
      estado: usuarios.estado,
      expiraEn: sesiones.expira_en,
      ultimaActividadEn: sesiones.ultima_actividad_en,
      revocadaEn: sesiones.revocada_en,
    })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.id, sesiones.usuario_id))
    .where(eq(sesiones.id, sql.placeholder('sid')))
    .limit(1)
    .prepare('sesion_por_sid');

  return {
    /** creadaEn: the service's clock (tests inject one); defaults to the database's now(). */
    async create(s: { id: string; usuarioId: number; expiraEn: Date; creadaEn?: Date; ip?: string; agente?: string }) {
      await db.insert(sesiones).values({
        id: s.id,
        usuario_id: s.usuarioId,
        expira_en: s.expiraEn,
        ...(s.creadaEn ? { creada_en: s.creadaEn, ultima_actividad_en: s.creadaEn } : {}),
        ip: s.ip ?? null,
        agente: s.agente?.slice(0, 300) ?? null,
      });
    },

    /** The session with its user's current role and state, in one query. */
    async find(sid: string): Promise<SesionActiva | undefined> {
      const [row] = await porSid.execute({ sid });
      return row;
    },

    async touch(sid: string, now: Date) {
      await db.update(sesiones).set({ ultima_actividad_en: now }).where(eq(sesiones.id, sid));
    },

    async revoke(sid: string, now: Date) {
      await db
        .update(sesiones)
        .set({ revocada_en: now })
        .where(and(eq(sesiones.id, sid), isNull(sesiones.revocada_en)));
    },

    /** Revokes every live session of a user, optionally keeping one (the caller's). */
    async revokeAllOf(usuarioId: number, now: Date, exceptSid?: string) {
      await db
        .update(sesiones)
        .set({ revocada_en: now })
        .where(
          and(
            eq(sesiones.usuario_id, usuarioId),
            isNull(sesiones.revocada_en),
            exceptSid ? ne(sesiones.id, exceptSid) : sql`true`,
          ),
        );
    },
  };
}
export type SesionesRepository = ReturnType<typeof createSesionesRepository>;
