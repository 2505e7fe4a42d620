// The cart's changes (SPEC 7): plain fetchers, the cart context applies the answers as the spec says.
import type { CarritoItemWire } from '@clinica/contracts/carrito';
import { carritoRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';

export const agregarAlCarrito = (idProcedimiento: number): Promise<CarritoItemWire> =>
  api(carritoRutas.agregar, { body: { id_procedimiento: idProcedimiento } });

/** SPEC 7: the answer is not read. */
export async function eliminarDelCarrito(itemId: number): Promise<void> {
  await api(carritoRutas.eliminar, { params: { id: itemId } });
}

export async function limpiarCarrito(): Promise<void> {
  await api(carritoRutas.limpiar);
}
