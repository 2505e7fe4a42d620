// An appointment's exam results (and the exam orders they answer).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adjuntosRutas } from '@clinica/contracts/adjuntos-rutas';
import { api } from '../../api-client.ts';
import { adjuntosClaves } from './claves.ts';

export const getResultados = (citaId: number) => api(adjuntosRutas.resultados, { params: { citaId } });

export const resultadosQueryOptions = (citaId: number) =>
  queryOptions({ queryKey: adjuntosClaves.resultados(citaId), queryFn: () => getResultados(citaId) });

export const useResultados = (citaId: number) => useQuery(resultadosQueryOptions(citaId));
