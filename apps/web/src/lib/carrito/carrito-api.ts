// Cart fetchers (SPEC 7). The cart's state lives in the cart context, not in the query cache: the spec
// fixes how it changes (append the server's item, filter on remove, empty on clear), so plain fetchers.
import type { CarritoItemWire } from '@clinica/contracts/carrito';
import { carritoPaths } from '@clinica/contracts/rutas';
import { api } from '../api-client.ts';

export function listarMiCarrito(): Promise<CarritoItemWire[]> {
  return api.get<CarritoItemWire[]>(carritoPaths.listar);
}

export function agregarAMiCarrito(idProcedimiento: number): Promise<CarritoItemWire> {
  return api.post<CarritoItemWire>(carritoPaths.agregar, { id_procedimiento: idProcedimiento });
}

export function eliminarDeMiCarrito(itemId: number): Promise<void> {
  return api.delete<void>(carritoPaths.eliminar(itemId));
}

export function limpiarMiCarrito(): Promise<void> {
  return api.delete<void>(carritoPaths.limpiar);
}
