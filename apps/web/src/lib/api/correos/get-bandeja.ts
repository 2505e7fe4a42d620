// The administrators' outgoing e-mail, one page at a time (GET correos).
import { correosRutas } from '@clinica/contracts/rutas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { correosKeys } from './claves.ts';

export type BandejaCorreosWire = RespuestaApi<typeof correosRutas.bandeja>;
export type CorreoWire = BandejaCorreosWire['items'][number];

export const getBandeja = (pagina: number, porPagina: number) =>
  api(correosRutas.bandeja, { query: { pagina, porPagina } });

export const bandejaCorreosQuery = (pagina: number, porPagina: number, enabled = true) =>
  queryOptions({
    queryKey: correosKeys.pagina(pagina, porPagina),
    queryFn: () => getBandeja(pagina, porPagina),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useBandejaCorreos = (pagina: number, porPagina: number, enabled = true) =>
  useQuery(bandejaCorreosQuery(pagina, porPagina, enabled));
