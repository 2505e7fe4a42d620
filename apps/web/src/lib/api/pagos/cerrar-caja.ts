// Closes the caller's desk for the day with the cash counted.
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { pagosClaves } from './claves.ts';
import type { CerrarCajaBody } from './tipos.ts';

export const cerrarCaja = (body: CerrarCajaBody) => api(pagosRutas.cerrarCaja, { body });

export function useCerrarCaja() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cerrarCaja,
    onSuccess: () => void qc.invalidateQueries({ queryKey: pagosClaves.todos }),
  });
}
