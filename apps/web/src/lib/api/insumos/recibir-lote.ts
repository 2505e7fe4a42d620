// Receives a lot of a product: its stock (list and detail) and the alerts change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { api } from '../../api-client.ts';
import { insumosClaves } from './claves.ts';
import type { RecibirLoteBody } from './tipos.ts';

export const recibirLote = (productoId: number, body: RecibirLoteBody) =>
  api(insumosRutas.recibirLote, { params: { id: productoId }, body });

export function useRecibirLote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { productoId: number; body: RecibirLoteBody }) => recibirLote(v.productoId, v.body),
    onSuccess: (lote) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: insumosClaves.productos() }),
        qc.invalidateQueries({ queryKey: insumosClaves.producto(lote.producto_id) }),
        qc.invalidateQueries({ queryKey: insumosClaves.alertas() }),
      ]),
  });
}
