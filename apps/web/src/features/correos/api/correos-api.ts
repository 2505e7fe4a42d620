// Fetcher, query options and hook of the administrators' outgoing e-mail view (issue 10.6, STYLE 8).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { correosRutas } from '@clinica/contracts/rutas';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type BandejaCorreosWire = RespuestaApi<typeof correosRutas.bandeja>;
export type CorreoWire = BandejaCorreosWire['items'][number];

export const correosKeys = {
  all: ['correos'] as const,
  pagina: (pagina: number, porPagina: number) => ['correos', 'bandeja', pagina, porPagina] as const,
};

export const listarCorreos = (pagina: number, porPagina: number) =>
  api(correosRutas.bandeja, { query: { pagina, porPagina } });

export const bandejaCorreosQuery = (pagina: number, porPagina: number, enabled = true) =>
  queryOptions({
    queryKey: correosKeys.pagina(pagina, porPagina),
    queryFn: () => listarCorreos(pagina, porPagina),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useBandejaCorreos = (pagina: number, porPagina: number, enabled = true) =>
  useQuery(bandejaCorreosQuery(pagina, porPagina, enabled));
