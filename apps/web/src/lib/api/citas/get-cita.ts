// /apicitas/buscarcitas/:id: one appointment with what its details screen needs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { citasClaves } from './claves.ts';

export const getCita = (id: number) => api(citasRutas.buscar, { params: { id } });

export const citaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: citasClaves.detalle(id),
    queryFn: () => getCita(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useCita = (id: number) => useQuery(citaQueryOptions(id));
