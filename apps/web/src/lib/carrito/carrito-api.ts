// Cart fetchers (SPEC 7). The cart's state lives in the cart context, not in the query cache: the spec
// fixes how it changes (append the server's item, filter on remove, empty on clear), so plain fetchers.
import type { CarritoItemWire } from '@clinica/contracts/carrito';
import { carritoRutas } from '@clinica/contracts/rutas';
import { api } from '../api-client.ts';

export function listarMiCarrito(): Promise<CarritoItemWire[]> {
  return api(carritoRutas.listar);
}

export function agregarAMiCarrito(idProcedimiento: number): Promise<CarritoItemWire> {
  return api(carritoRutas.agregar, { body: { id_procedimiento: idProcedimiento } });
}

/** SPEC 7: the answer is not read. */
export async function eliminarDeMiCarrito(itemId: number): Promise<void> {
  await api(carritoRutas.eliminar, { params: { id: itemId } });
}

export async function limpiarMiCarrito(): Promise<void> {
  await api(carritoRutas.limpiar);
}
