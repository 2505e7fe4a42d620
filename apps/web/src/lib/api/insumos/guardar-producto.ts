// Creates a product, or changes (or deactivates) one: the list, that product and the alerts (its minimum, its
// being active) change with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { api } from '../../api-client.ts';
import { insumosClaves } from './claves.ts';
import type { CrearProductoBody, EditarProductoBody } from './tipos.ts';

export const crearProducto = (body: CrearProductoBody) => api(insumosRutas.crearProducto, { body });
export const editarProducto = (id: number, body: EditarProductoBody) =>
  api(insumosRutas.editarProducto, { params: { id }, body });

export function useGuardarProducto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: null; body: CrearProductoBody } | { id: number; body: EditarProductoBody }) =>
      v.id === null ? crearProducto(v.body) : editarProducto(v.id, v.body),
    onSuccess: (p) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: insumosClaves.productos() }),
        qc.invalidateQueries({ queryKey: insumosClaves.producto(p.id) }),
        qc.invalidateQueries({ queryKey: insumosClaves.alertas() }),
      ]),
  });
}
