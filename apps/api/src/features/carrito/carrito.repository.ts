// SQL for the cart. Reads only carrito_items; procedures come from the catalogue service.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

export function createCarritoRepository(db: Db) {
  return {
    /** The user's items, oldest first. */
    listar(usuarioId: number): Promise<CarritoFila[]> {
      return db
        .select(columnas)
        .from(carritoItems)
        .where(eq(carritoItems.usuario_id, usuarioId))
        .orderBy(asc(carritoItems.creado_en), asc(carritoItems.id));
    },

    /** Inserts and lets the unique constraint decide about duplicates (no check-then-insert race). */
    async agregar(
      usuarioId: number,
      procedimientoId: number,
    ): Promise<CarritoFila | 'duplicado' | 'procedimiento_no_existe'> {
      try {
        const [fila] = await db
          .insert(carritoItems)
          .values({ usuario_id: usuarioId, procedimiento_id: procedimientoId })
          .returning(columnas);
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
