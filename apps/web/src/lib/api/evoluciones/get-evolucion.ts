// The clinical note of an appointment ({ evolucion: null } until the doctor starts one).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { api } from '../../api-client.ts';
import { evolucionesClaves } from './claves.ts';

export const getEvolucion = (citaId: number) => api(evolucionesRutas.porCita, { params: { citaId } });

export const evolucionQueryOptions = (citaId: number) =>
  queryOptions({ queryKey: evolucionesClaves.cita(citaId), queryFn: () => getEvolucion(citaId) });

export function useEvolucion(citaId: number, enabled = true) {
  return useQuery({ ...evolucionQueryOptions(citaId), enabled: enabled && citaId > 0 });
}
