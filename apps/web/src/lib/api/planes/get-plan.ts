// The follow-up plan recorded on an appointment ({ plan: null } until there is one).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { planesRutas } from '@clinica/contracts/planes-seguimiento-rutas';
import { api } from '../../api-client.ts';
import { planesClaves } from './claves.ts';

export const getPlan = (citaId: number) => api(planesRutas.porCita, { params: { citaId } });

export const planQueryOptions = (citaId: number) =>
  queryOptions({ queryKey: planesClaves.cita(citaId), queryFn: () => getPlan(citaId) });

export function usePlan(citaId: number, enabled = true) {
  return useQuery({ ...planQueryOptions(citaId), enabled: enabled && citaId > 0 });
}
