// An appointment's before/after photos.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adjuntosRutas } from '@clinica/contracts/adjuntos-rutas';
import { api } from '../../api-client.ts';
import { adjuntosClaves } from './claves.ts';

export const getFotos = (citaId: number) => api(adjuntosRutas.fotos, { params: { citaId } });

export const fotosQueryOptions = (citaId: number) =>
  queryOptions({ queryKey: adjuntosClaves.fotos(citaId), queryFn: () => getFotos(citaId) });

export const useFotos = (citaId: number) => useQuery(fotosQueryOptions(citaId));
