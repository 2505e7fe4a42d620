// The signed-in user's cart (SPEC 4, 7, 8): one item per procedure, only available procedures added,
// every operation limited to the caller's own items.
import type { Procedimiento } from '@clinica/contracts/catalogo';
import {
  MENSAJE_PROCEDIMIENTO_NO_DISPONIBLE,
  MENSAJE_PROCEDIMIENTO_NO_EXISTE,
  MENSAJE_YA_EN_CARRITO,
} from '@clinica/contracts/carrito';
import { AppError, noEncontrado } from '../../lib/app-error.ts';
import type { CarritoFila, CarritoRepository } from './carrito.repository.ts';

/** What the cart needs from the catalogue; the composition root gives it the procedures service. */
export type CatalogoParaCarrito = {
  conDisponibilidad(id: number): Promise<{ procedimiento: Procedimiento; disponible: boolean } | undefined>;
  porIds(ids: number[]): Promise<Map<number, Procedimiento>>;
};

export type CarritoItem = { id: number; id_procedimiento: number; procedimiento: Procedimiento; creado_en: Date };

const item = (fila: CarritoFila, procedimiento: Procedimiento): CarritoItem => ({
  id: fila.id,
  id_procedimiento: fila.procedimiento_id,
  procedimiento,
  creado_en: fila.creado_en,
});

export function createCarritoService({ repo, catalogo }: { repo: CarritoRepository; catalogo: CatalogoParaCarrito }) {
  return {
    /** Items stay listed if their procedure is later deactivated (procedimiento.activo tells the screen). */
    async listar(usuarioId: number): Promise<CarritoItem[]> {
      const filas = await repo.listar(usuarioId);
      const procedimientos = await catalogo.porIds([...new Set(filas.map((f) => f.procedimiento_id))]);
      // An item's procedure cannot vanish (foreign key; procedures with references are deactivated instead).
      return filas.flatMap((f) => {
        const p = procedimientos.get(f.procedimiento_id);
        return p ? [item(f, p)] : [];
      });
    },

    async agregar(usuarioId: number, procedimientoId: number): Promise<CarritoItem> {
      const encontrado = await catalogo.conDisponibilidad(procedimientoId);
      if (!encontrado) throw noEncontrado(MENSAJE_PROCEDIMIENTO_NO_EXISTE);
      if (!encontrado.disponible)
        throw new AppError('PROCEDIMIENTO_NO_DISPONIBLE', 422, MENSAJE_PROCEDIMIENTO_NO_DISPONIBLE);
      const r = await repo.agregar(usuarioId, procedimientoId);
      // SPEC 8: the web treats an HTTP 400 whose text contains 'ya está en el carrito' as "already there".
      if (r === 'duplicado') throw new AppError('YA_EN_CARRITO', 400, MENSAJE_YA_EN_CARRITO);
      if (r === 'procedimiento_no_existe') throw noEncontrado(MENSAJE_PROCEDIMIENTO_NO_EXISTE);
      return item(r, encontrado.procedimiento);
    },

    /** Another user's item answers exactly like a missing one (404), and nothing is removed. */
    async eliminar(usuarioId: number, id: number): Promise<{ mensaje: string }> {
      if (!(await repo.eliminar(usuarioId, id))) throw noEncontrado('Ese elemento no está en tu carrito.');
      return { mensaje: 'Procedimiento eliminado del carrito.' };
    },

    async limpiar(usuarioId: number): Promise<{ mensaje: string }> {
      await repo.limpiar(usuarioId);
      return { mensaje: 'Tu carrito quedó vacío.' };
    },
  };
}
export type CarritoService = ReturnType<typeof createCarritoService>;
