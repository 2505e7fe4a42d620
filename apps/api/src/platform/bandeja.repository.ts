// SQL for the outbox (db/schema/plataforma.ts). Rows are added inside the caller's transaction; the
// dispatcher claims due rows with a lease (FOR UPDATE SKIP LOCKED: instances never claim the same row).
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { bandejaSalida } from '../db/schema/index.ts';

export type FilaBandeja = typeof bandejaSalida.$inferSelect;

/** An effect to write: due at `disponibleEn`, or at once. */
export type EfectoNuevo = { tipo: string; carga: unknown; disponibleEn?: Date };

/**
 * The rows of several effects, due at `disponibleEn` or else at `ahora` (the service's clock, the one the dispatcher
 * compares with). `reclamadaHasta`: the rows due now are born claimed by this instance, which delivers them right
 * after the commit (another instance takes them only once the claim lapses); rows with a later `disponibleEn` wait
 * unclaimed for the dispatcher.
 */
export const filasBandeja = (
  efectos: readonly EfectoNuevo[],
  ahora: Date,
  reclamadaHasta?: Date,
): (typeof bandejaSalida.$inferInsert)[] =>
  efectos.map((f) => ({
    tipo: f.tipo,
    carga: f.carga,
    disponible_en: f.disponibleEn ?? ahora,
    ...(reclamadaHasta && !f.disponibleEn ? { reclamada_hasta: reclamadaHasta, intentos: 1 } : {}),
  }));

export function createBandejaRepository(db: Executor) {
  return {
    /** `disponibleEn`: not before then (a reminder); by default at once. */
    async agregar(tipo: string, carga: unknown, disponibleEn?: Date): Promise<number> {
      const [fila] = await db
        .insert(bandejaSalida)
        .values({ tipo, carga, ...(disponibleEn ? { disponible_en: disponibleEn } : {}) })
        .returning({ id: bandejaSalida.id });
      return fila!.id;
    },

    /** Several rows in one statement (a transaction's effects; see filasBandeja). */
    async agregarVarias(efectos: readonly EfectoNuevo[], ahora: Date, reclamadaHasta?: Date): Promise<FilaBandeja[]> {
      if (efectos.length === 0) return [];
      return db
        .insert(bandejaSalida)
        .values(filasBandeja(efectos, ahora, reclamadaHasta))
        .returning();
    },

    /** Claims up to `limite` due, undelivered rows not claimed by anyone else, until `hasta`. */
    async reclamar(ahora: Date, hasta: Date, limite: number): Promise<FilaBandeja[]> {
      const libres = db
        .select({ id: bandejaSalida.id })
        .from(bandejaSalida)
        .where(
          and(
            isNull(bandejaSalida.entregada_en),
            sql`${bandejaSalida.disponible_en} <= ${ahora}`,
            sql`(${bandejaSalida.reclamada_hasta} is null or ${bandejaSalida.reclamada_hasta} < ${ahora})`,
          ),
        )
        // The partial index on pending rows (disponible_en where not delivered) serves this order; ordering by
        // id would walk every delivered row of the primary key first.
        .orderBy(asc(bandejaSalida.disponible_en), asc(bandejaSalida.id))
        .limit(limite)
        .for('update', { skipLocked: true });
      const filas = await db
        .update(bandejaSalida)
        .set({ reclamada_hasta: hasta, intentos: sql`${bandejaSalida.intentos} + 1` })
        .where(sql`${bandejaSalida.id} in (${libres})`)
        .returning();
      return filas.sort((a, b) => a.id - b.id);
    },

    /** One statement for a whole delivered batch. */
    async marcarEntregadas(ids: readonly number[], ahora: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(bandejaSalida)
        .set({ entregada_en: ahora, reclamada_hasta: null, ultimo_error: null })
        .where(inArray(bandejaSalida.id, [...ids]));
    },

    /**
     * Deletes delivered rows older than `antesDe`, except e-mails (the /correos screen lists them): two rows per
     * booking would otherwise grow the table without end. Returns how many went.
     */
    async purgarEntregadas(antesDe: Date): Promise<number> {
      const borradas = await db
        .delete(bandejaSalida)
        .where(
          and(
            isNotNull(bandejaSalida.entregada_en),
            lt(bandejaSalida.entregada_en, antesDe),
            ne(bandejaSalida.tipo, 'correo'),
          ),
        )
        .returning({ id: bandejaSalida.id });
      return borradas.length;
    },

    /** A row whose effect can never be delivered: closed (not retried), with the reason. */
    async cerrarImposible(id: number, ahora: Date, error: string): Promise<void> {
      await db
        .update(bandejaSalida)
        .set({ entregada_en: ahora, reclamada_hasta: null, ultimo_error: error.slice(0, 500) })
        .where(eq(bandejaSalida.id, id));
    },

    async marcarFallo(id: number, disponibleEn: Date, error: string): Promise<void> {
      await db
        .update(bandejaSalida)
        .set({ disponible_en: disponibleEn, reclamada_hasta: null, ultimo_error: error.slice(0, 500) })
        .where(eq(bandejaSalida.id, id));
    },

    /** Every row, oldest first (tests and, later, the administrators' view). */
    async listar(): Promise<FilaBandeja[]> {
      return db.select().from(bandejaSalida).orderBy(asc(bandejaSalida.id));
    },
  };
}
export type BandejaRepository = ReturnType<typeof createBandejaRepository>;
