// An administrator voids a payment with a reason.
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { pagosClaves } from './claves.ts';

export const anularPago = (id: number, motivo: string) => api(pagosRutas.anular, { params: { id }, body: { motivo } });

export function useAnularPago() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) => anularPago(id, motivo),
    onSuccess: () => void qc.invalidateQueries({ queryKey: pagosClaves.todos }),
  });
}
