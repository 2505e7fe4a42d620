// The administrators' audit log search (GET auditoria).
import { auditoriaRutas } from '@clinica/contracts/rutas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { auditoriaKeys, type FiltroAuditoria } from './claves.ts';

export type ListaAuditoriaWire = RespuestaApi<typeof auditoriaRutas.listar>;
export type RegistroAuditoriaWire = ListaAuditoriaWire['items'][number];

export const getAuditoria = (filtro: FiltroAuditoria) => api(auditoriaRutas.listar, { query: filtro });

export const listaAuditoriaQuery = (filtro: FiltroAuditoria, enabled = true) =>
  queryOptions({
    queryKey: auditoriaKeys.lista(filtro),
    queryFn: () => getAuditoria(filtro),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useListaAuditoria = (filtro: FiltroAuditoria, enabled = true) =>
  useQuery(listaAuditoriaQuery(filtro, enabled));
