// SQL for the cart: carrito_items only. The procedures come from the catalogue's service (the cart reaches the
// catalogue only through what the composition root gives it).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { carritoItems } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/app-error.ts';

export type CarritoFila = { id: number; procedimiento_id: number; creado_en: Date };

/** unique (usuario_id, procedimiento_id): two concurrent adds leave one row. */
export const RESTRICCION_UNICA = 'carrito_items_usuario_procedimiento';

const columnas = {
  id: carritoItems.id,
  procedimiento_id: carritoItems.procedimiento_id,
  creado_en: carritoItems.creado_en,
};

export function createCarritoRepository(db: Executor) {
  // A hot read: built once, and a named statement on each PostgreSQL connection.
  const items = db
    .select(columnas)
    .from(carritoItems)
    .where(eq(carritoItems.usuario_id, sql.placeholder('usuarioId')))
    .orderBy(asc(carritoItems.creado_en), asc(carritoItems.id))
    .prepare('carrito_items_de_usuario');

  return {
    /** The user's items, oldest first. */
    listar(usuarioId: number): Promise<CarritoFila[]> {
      return items.execute({ usuarioId });
    },

    /** Inserts and lets the unique constraint decide about duplicates (no check-then-insert race). */
    async agregar(
      usuarioId: number,
      procedimientoId: number,
    ): Promise<CarritoFila | 'duplicado' | 'procedimiento_no_existe'> {
      try {
        // A savepoint: inside a caller's transaction a refused insert must not abort it.
        const [fila] = await db.transaction((sp) =>
          sp
            .insert(carritoItems)
            .values({ usuario_id: usuarioId, procedimiento_id: procedimientoId })
            .returning(columnas),
        );
        return fila!;
      } catch (err) {
        if (isUniqueViolation(err, RESTRICCION_UNICA)) return 'duplicado';
        if (isForeignKeyViolation(err)) return 'procedimiento_no_existe';
        throw err;
      }
    },

    /** Deletes the item only if it belongs to the user. */
    async eliminar(usuarioId: number, id: number): Promise<boolean> {
      const filas = await db
        .delete(carritoItems)
        .where(and(eq(carritoItems.id, id), eq(carritoItems.usuario_id, usuarioId)))
        .returning({ id: carritoItems.id });
      return filas.length > 0;
    },

    async limpiar(usuarioId: number): Promise<number> {
      const filas = await db
        .delete(carritoItems)
        .where(eq(carritoItems.usuario_id, usuarioId))
        .returning({ id: carritoItems.id });
      return filas.length;
    },
  };
}
export type CarritoRepository = ReturnType<typeof createCarritoRepository>;
