// The desk registers the payment of an appointment's balance (the server computes the amount).
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { citasClaves } from '../citas/claves.ts';
import { pagosClaves } from './claves.ts';
import type { RegistrarPagoBody } from './tipos.ts';

export const registrarPago = (body: RegistrarPagoBody) => api(pagosRutas.registrar, { body });

export function useRegistrarPago() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: registrarPago,
    // A deposit paid ends the appointment's hold: its screens show it paid.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: pagosClaves.todos });
      void qc.invalidateQueries({ queryKey: citasClaves.todas });
    },
  });
}
