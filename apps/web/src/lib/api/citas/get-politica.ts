// /apicitas/politica: the clinic's deposit and cancellation policy, from the server's settings
// (CANCELACION_HORAS_AVISO, ANTICIPO_HORAS_RESERVA), never the contracts' defaults. Public: the service page states it.
import { citasRutas } from '@clinica/contracts/rutas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

export const getPoliticaCitas = () => api(citasRutas.politica);

/** A server setting: read once per session (the server also lets browsers keep it five minutes). */
export const usePoliticaCitas = (enabled = true) =>
  useQuery({ queryKey: ['citas', 'politica'] as const, queryFn: getPoliticaCitas, staleTime: Infinity, enabled });
