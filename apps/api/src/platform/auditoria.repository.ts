// Append-only audit trail (DOMAIN.md "auditoria"). Written in the same transaction as the change it records:
// a failed audit write fails the change.
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditoria, usuarios } from '../db/schema/index.ts';

export type AuditEvent = {
  usuarioId?: number | null;
  accion: string;
  recurso: string;
  recursoId?: string | number | null;
  resultado: 'exito' | 'fallo' | 'denegado' | 'bloqueo';
  ip?: string | null | undefined;
  agente?: string | null | undefined;
  /** Never clinical text, passwords or tokens. */
  detalle?: string | null;
};

export type Audit = (e: AuditEvent) => Promise<void>;

/** A sign-in lockout or burst row, with the e-mail of the account it names (if any). */
export type FilaBloqueo = {
  creada_en: Date;
  ip: string | null;
  detalle: string | null;
  correoUsuario: string | null;
};

/** The row an event writes (also written by statements that do more than audit, e.g. a booking). */
export const filaAuditoria = (e: AuditEvent): typeof auditoria.$inferInsert => ({
  usuario_id: e.usuarioId ?? null,
  accion: e.accion,
  recurso: e.recurso,
  recurso_id: e.recursoId == null ? null : String(e.recursoId),
  resultado: e.resultado,
  ip: e.ip ?? null,
  agente: e.agente?.slice(0, 300) ?? null,
  detalle: e.detalle ?? null,
});

export function createAuditoriaRepository(db: Executor) {
  return {
    async registrar(e: AuditEvent): Promise<void> {
      await db.insert(auditoria).values(filaAuditoria(e));
    },

    /** Sign-in lockouts and bursts (resultado 'bloqueo') since `desde`, newest first (auditoria_fecha_idx). */
    async bloqueosInicioSesion(desde: Date, limite: number): Promise<FilaBloqueo[]> {
      return db
        .select({
          creada_en: auditoria.creada_en,
          ip: auditoria.ip,
          detalle: auditoria.detalle,
          correoUsuario: usuarios.correo,
        })
        .from(auditoria)
        .leftJoin(usuarios, eq(usuarios.id, auditoria.usuario_id))
        .where(
          and(
            eq(auditoria.accion, 'sesion.iniciar'),
            eq(auditoria.resultado, 'bloqueo'),
            gte(auditoria.creada_en, desde),
          ),
        )
        .orderBy(desc(auditoria.creada_en), desc(auditoria.id))
        .limit(limite);
    },
  };
}
export type AuditoriaRepository = ReturnType<typeof createAuditoriaRepository>;

/** A person's successful action on one resource, from where: how the clinical services record each write and
 *  read, in the caller's transaction (`r` carries its auditoria repository). */
export const auditarExito = (
  r: { auditoria: Pick<AuditoriaRepository, 'registrar'> },
  actor: { id: number },
  accion: string,
  recurso: string,
  id: number,
  detalle: string,
  origen: { ip?: string | undefined; agente?: string | undefined },
) =>
  r.auditoria.registrar({
    usuarioId: actor.id,
    accion,
    recurso,
    recursoId: id,
    resultado: 'exito',
    ip: origen.ip,
    agente: origen.agente,
    detalle,
  });
