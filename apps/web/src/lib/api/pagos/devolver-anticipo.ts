// The desk pays out the refund of a deposit the cancellation policy owes (the server computes the amount).
import type { DevolverAnticipoBody } from '@clinica/contracts/pagos';
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { citasClaves } from '../citas/claves.ts';
import { pagosClaves } from './claves.ts';

export const devolverAnticipo = (body: DevolverAnticipoBody) => api(pagosRutas.devolver, { body });

export function useDevolverAnticipo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: devolverAnticipo,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: pagosClaves.todos });
      void qc.invalidateQueries({ queryKey: citasClaves.todas });
    },
  });
}
