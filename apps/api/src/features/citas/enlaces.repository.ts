// The reminder links already used (issue 25.3; enlaces_cita_usados, migration 0030): the SHA-256 of each token, never
// the token. A link is used by inserting its row in the transaction that applies it: of two uses racing, one inserts.
import { eq } from 'drizzle-orm';
import type { AccionEnlaceCita } from '@clinica/contracts/enlaces-cita';
import type { Executor } from '../../db/client.ts';
import { enlacesCitaUsados } from '../../db/schema/index.ts';

export function createEnlacesCitaRepository(db: Executor) {
  return {
    /** Whether a link with this fingerprint was used. */
    async usado(huella: string): Promise<boolean> {
      const [f] = await db
        .select({ huella: enlacesCitaUsados.huella })
        .from(enlacesCitaUsados)
        .where(eq(enlacesCitaUsados.huella, huella));
      return !!f;
    },

    /** Marks a link used; false when it already was (another use won). */
    async marcarUsado(huella: string, citaId: number, accion: AccionEnlaceCita, ahora: Date): Promise<boolean> {
      const filas = await db
        .insert(enlacesCitaUsados)
        .values({ huella, cita_id: citaId, accion, usado_en: ahora })
        .onConflictDoNothing()
        .returning({ huella: enlacesCitaUsados.huella });
      return filas.length > 0;
    },
  };
}
export type EnlacesCitaRepository = ReturnType<typeof createEnlacesCitaRepository>;
