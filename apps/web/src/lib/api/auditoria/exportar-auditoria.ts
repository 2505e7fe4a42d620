// The audit log's CSV export. It needs the session's token, so it is fetched and saved as a file
// (lib/descargas.ts).
import { auditoriaRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { descargar } from '../../descargas.ts';
import { auditoriaKeys, type FiltroAuditoria } from './claves.ts';

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

/** The export is itself recorded in the log, so the lists are read again after it. */
export function useExportarAuditoria() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: exportarAuditoria,
    onSettled: () => qc.invalidateQueries({ queryKey: auditoriaKeys.all }),
  });
}
