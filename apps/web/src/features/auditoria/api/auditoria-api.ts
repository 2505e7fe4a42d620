// Fetchers, query options and hooks of the administrators' audit log search and its CSV export (issue 21, item 5;
// STYLE 8). The export needs the session's token, so it is fetched and saved as a file (lib/descargas.ts).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditoriaQuery } from '@clinica/contracts/auditoria';
import { auditoriaRutas } from '@clinica/contracts/rutas';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';
import { descargar } from '../../../lib/descargas.ts';

export type ListaAuditoriaWire = RespuestaApi<typeof auditoriaRutas.listar>;
export type RegistroAuditoriaWire = ListaAuditoriaWire['items'][number];
export type FiltroAuditoria = AuditoriaQuery;

export const auditoriaKeys = {
  all: ['auditoria'] as const,
  lista: (filtro: FiltroAuditoria) => ['auditoria', 'registros', filtro] as const,
};

export const listarAuditoria = (filtro: FiltroAuditoria) => api(auditoriaRutas.listar, { query: filtro });

/** The search's query string without the page: the export takes every matching row (up to its cap). */
export function queryExportar(filtro: FiltroAuditoria): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(filtro)) {
    if (k === 'pagina' || k === 'porPagina') continue;
    if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** Saves the search as a CSV file, under the name the server gives (auditoria-AAAA-MM-DD.csv). */
export const exportarAuditoria = (filtro: FiltroAuditoria) =>
  descargar(`${auditoriaRutas.exportar.path}${queryExportar(filtro)}`, 'auditoria.csv');

export const listaAuditoriaQuery = (filtro: FiltroAuditoria, enabled = true) =>
  queryOptions({
    queryKey: auditoriaKeys.lista(filtro),
    queryFn: () => listarAuditoria(filtro),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useListaAuditoria = (filtro: FiltroAuditoria, enabled = true) =>
  useQuery(listaAuditoriaQuery(filtro, enabled));

/** The export is itself recorded in the log, so the lists are read again after it. */
export function useExportarAuditoria() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: exportarAuditoria,
    onSettled: () => qc.invalidateQueries({ queryKey: auditoriaKeys.all }),
  });
}
