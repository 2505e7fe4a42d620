// Adjusts a lot's stock (breakage, expired, a count) with its reason: the product's stock, the lot's movements and
// the alerts change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { api } from '../../api-client.ts';
import { insumosClaves } from './claves.ts';
import type { AjusteBody } from './tipos.ts';

export const ajustarLote = (loteId: number, body: AjusteBody) =>
  api(insumosRutas.ajustar, { params: { id: loteId }, body });

export function useAjustarLote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { loteId: number; body: AjusteBody }) => ajustarLote(v.loteId, v.body),
    onSuccess: (lote) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: insumosClaves.productos() }),
        qc.invalidateQueries({ queryKey: insumosClaves.producto(lote.producto_id) }),
        qc.invalidateQueries({ queryKey: insumosClaves.movimientos(lote.id) }),
        qc.invalidateQueries({ queryKey: insumosClaves.alertas() }),
      ]),
  });
}
