// SQL of password recovery: the one write it needs beyond the users repository, a compare-and-set of the hash.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { usuarios } from '../../db/schema/index.ts';

export function createRecuperacionRepository(db: Executor) {
  return {
    /**
     * Sets the new hash only while the current one is still `anterior`: of two requests racing with the same link,
     * exactly one finds it unchanged (single use holds under concurrency, not only in sequence).
     */
    async cambiarHashSi(id: number, anterior: string, nuevo: string, ahora: Date): Promise<boolean> {
      const filas = await db
        .update(usuarios)
        .set({ contrasena_hash: nuevo, actualizado_en: ahora })
        .where(and(eq(usuarios.id, id), eq(usuarios.contrasena_hash, anterior)))
        .returning({ id: usuarios.id });
      return filas.length === 1;
    },
  };
}
export type RecuperacionRepository = ReturnType<typeof createRecuperacionRepository>;
