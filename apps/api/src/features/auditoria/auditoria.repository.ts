// Reads of the audit log for the administrators' search (issue 21, item 5). The log is only ever inserted into
// (platform/auditoria.repository.ts) and its rows cannot change (migration 0020).
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { auditoria, usuarios } from '../../db/schema/index.ts';

export type FiltroAuditoria = {
  quien?: string | undefined;
  accion?: string | undefined;
  recurso?: string | undefined;
  recurso_id?: string | undefined;
  resultado?: 'exito' | 'fallo' | 'denegado' | 'bloqueo' | undefined;
  desde?: Date | undefined;
  hasta?: Date | undefined;
};

/** Escapes LIKE wildcards: a search for '50%' or 'a_b' is literal. */
const literal = (texto: string) => texto.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The actor's public columns, read by id per row (db/usuario-por-id.ts explains the LATERAL). */
const actor = new QueryBuilder()
  .select({ nombre: usuarios.nombre, correo: usuarios.correo, rol: usuarios.rol })
  .from(usuarios)
  .where(eq(usuarios.id, auditoria.usuario_id))
  .limit(1)
  .as('actor');

function condiciones(f: FiltroAuditoria): SQL | undefined {
  return and(
    // Who: name, e-mail or document, as the users list searches them (usuarios.busqueda, its trigram index).
    f.quien
      ? sql`${auditoria.usuario_id} in (select ${usuarios.id} from ${usuarios}
             where ${usuarios.busqueda} like '%' || lower(f_unaccent(${literal(f.quien)})) || '%')`
      : undefined,
    f.accion ? sql`${auditoria.accion} like ${`${literal(f.accion)}%`}` : undefined,
    f.recurso ? eq(auditoria.recurso, f.recurso) : undefined,
    f.recurso_id ? eq(auditoria.recurso_id, f.recurso_id) : undefined,
    f.resultado ? eq(auditoria.resultado, f.resultado) : undefined,
    f.desde ? gte(auditoria.creada_en, f.desde) : undefined,
    f.hasta ? lt(auditoria.creada_en, f.hasta) : undefined,
  );
}

export function createAuditoriaConsultaRepository(db: Executor) {
  return {
    /** Newest first. */
    async buscar(f: FiltroAuditoria, limite: number, offset: number) {
      return db
        .select({
          id: auditoria.id,
          creada_en: auditoria.creada_en,
          usuario_id: auditoria.usuario_id,
          nombre: actor.nombre,
          correo: actor.correo,
          rol: actor.rol,
          accion: auditoria.accion,
          recurso: auditoria.recurso,
          recurso_id: auditoria.recurso_id,
          resultado: auditoria.resultado,
          ip: auditoria.ip,
          detalle: auditoria.detalle,
        })
        .from(auditoria)
        .leftJoinLateral(actor, sql`true`)
        .where(condiciones(f))
        .orderBy(desc(auditoria.id))
        .limit(limite)
        .offset(offset);
    },

    /** How many rows match, counting at most `tope + 1` (a log grows without end; the page says "more than"). */
    async contar(f: FiltroAuditoria, tope: number): Promise<number> {
      const coinciden = db
        .select({ uno: sql`1` })
        .from(auditoria)
        .where(condiciones(f))
        .limit(tope + 1)
        .as('coinciden');
      const [fila] = await db.select({ n: count() }).from(coinciden);
      return fila?.n ?? 0;
    },
  };
}
export type AuditoriaConsultaRepository = ReturnType<typeof createAuditoriaConsultaRepository>;
