// The administrators' audit log search (GET auditoria).
import { auditoriaRutas } from '@clinica/contracts/rutas';
import { useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { consultaDePagina } from '../consultas.ts';
import { auditoriaKeys, type FiltroAuditoria } from './claves.ts';

export type ListaAuditoriaWire = RespuestaApi<typeof auditoriaRutas.listar>;
export type RegistroAuditoriaWire = ListaAuditoriaWire['items'][number];

export const getAuditoria = (filtro: FiltroAuditoria) => api(auditoriaRutas.listar, { query: filtro });

export const listaAuditoriaQuery = (filtro: FiltroAuditoria, enabled = true) =>
  consultaDePagina(auditoriaKeys.lista(filtro), () => getAuditoria(filtro), enabled);

export const useListaAuditoria = (filtro: FiltroAuditoria, enabled = true) =>
  useQuery(listaAuditoriaQuery(filtro, enabled));
