// The sessions a plan proposes (dates and free times), before the doctor confirms the series.
import { useQuery } from '@tanstack/react-query';
import { planesRutas } from '@clinica/contracts/planes-seguimiento-rutas';
import { api } from '../../api-client.ts';
import { planesClaves } from './claves.ts';

export const getPropuesta = (id: number) => api(planesRutas.propuesta, { params: { id } });

export function usePropuesta(id: number | null) {
  return useQuery({ queryKey: planesClaves.propuesta(id ?? 0), queryFn: () => getPropuesta(id!), enabled: !!id });
}
