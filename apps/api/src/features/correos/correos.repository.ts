// Reads the e-mails of the outbox (bandeja_salida rows of type 'correo') for the administrators' view.
import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bandejaSalida } from '../../db/schema/index.ts';

export type FilaCorreo = typeof bandejaSalida.$inferSelect;

export function createCorreosRepository(db: Executor) {
  const soloCorreos = eq(bandejaSalida.tipo, 'correo');
  return {
    /** Newest first; the page and the total count. */
    async listar(limit: number, offset: number): Promise<{ filas: FilaCorreo[]; total: number }> {
      const filas = await db
        .select()
        .from(bandejaSalida)
        .where(soloCorreos)
        .orderBy(desc(bandejaSalida.id))
        .limit(limit)
        .offset(offset);
      const [fila] = await db.select({ total: count() }).from(bandejaSalida).where(soloCorreos);
      return { filas, total: fila?.total ?? 0 };
    },
  };
}
export type CorreosRepository = ReturnType<typeof createCorreosRepository>;
