// The administrators' outgoing e-mail, one page at a time (GET correos).
import { correosRutas } from '@clinica/contracts/rutas';
import { useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { consultaDePagina } from '../consultas.ts';
import { correosKeys } from './claves.ts';

export type BandejaCorreosWire = RespuestaApi<typeof correosRutas.bandeja>;
export type CorreoWire = BandejaCorreosWire['items'][number];

export const getBandeja = (pagina: number, porPagina: number) =>
  api(correosRutas.bandeja, { query: { pagina, porPagina } });

export const bandejaCorreosQuery = (pagina: number, porPagina: number, enabled = true) =>
  consultaDePagina(correosKeys.pagina(pagina, porPagina), () => getBandeja(pagina, porPagina), enabled);

export const useBandejaCorreos = (pagina: number, porPagina: number, enabled = true) =>
  useQuery(bandejaCorreosQuery(pagina, porPagina, enabled));
