// The desk's list of payments (a day's, a patient's, an appointment's; one desk's) and the patient's own.
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { pagosClaves } from './claves.ts';
import type { ListarPagosQuery } from './tipos.ts';

export const getPagos = (query: ListarPagosQuery) => api(pagosRutas.listar, { query });
export const getMisPagos = (query: { pagina?: number; porPagina?: number }) => api(pagosRutas.misPagos, { query });

export const usePagos = (query: ListarPagosQuery, enabled = true) =>
  useQuery({
    queryKey: pagosClaves.lista(query),
    queryFn: () => getPagos(query),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useMisPagos = (query: { pagina?: number; porPagina?: number }) =>
  useQuery({ queryKey: pagosClaves.mios(query), queryFn: () => getMisPagos(query), placeholderData: keepPreviousData });
