// What an appointment owes, why the desk may not take it now, and its payments.
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { pagosClaves } from './claves.ts';

export const getSaldo = (citaId: number) => api(pagosRutas.saldo, { params: { citaId } });

export const useSaldo = (citaId: number, enabled = true) =>
  useQuery({ queryKey: pagosClaves.saldo(citaId), queryFn: () => getSaldo(citaId), enabled: enabled && citaId > 0 });
