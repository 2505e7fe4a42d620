// Append-only audit trail; writing it never breaks the request that caused it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { auditoria } from '../db/schema/index.ts';
import { errorParaLog } from '../lib/error-log.ts';

export type AuditEvent = {
  usuarioId?: number | null;
  accion: string;
  recurso: string;
  recursoId?: string | number | null;
  resultado: 'exito' | 'fallo' | 'denegado' | 'bloqueo';
  ip?: string | null;
  agente?: string | null;
  /** Never clinical text, passwords or tokens. */
  detalle?: string | null;
};

export type Audit = (e: AuditEvent) => Promise<void>;

export function createAudit(db: Db, log: { error: (o: object, m: string) => void }): Audit {
  return async (e) => {
    try {
      await db.insert(auditoria).values({
        usuario_id: e.usuarioId ?? null,
        accion: e.accion,
        recurso: e.recurso,
        recurso_id: e.recursoId == null ? null : String(e.recursoId),
        resultado: e.resultado,
        ip: e.ip ?? null,
        agente: e.agente?.slice(0, 300) ?? null,
        detalle: e.detalle ?? null,
      });
    } catch (err) {
      log.error({ err: errorParaLog(err), accion: e.accion }, 'no se pudo escribir la auditoría');
    }
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: Audit;
  }
}

export const auditPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorate('audit', createAudit(opts.db, app.log));
});
