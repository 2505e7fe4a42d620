// Fetchers, query options and hooks of the administrators' backups view (issue 28, item 2; STYLE 8).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { respaldosRutas } from '@clinica/contracts/rutas';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type RespaldosWire = RespuestaApi<typeof respaldosRutas.listar>;
export type RespaldoWire = RespaldosWire['items'][number];

export const respaldosKeys = { all: ['respaldos'] as const };

export const listarRespaldos = () => api(respaldosRutas.listar);
export const respaldarAhora = () => api(respaldosRutas.respaldar);

export const respaldosQuery = (enabled = true) =>
  queryOptions({
    queryKey: respaldosKeys.all,
    queryFn: listarRespaldos,
    enabled,
    // While one is being written, look again every 2 s until it ends.
    refetchInterval: (q) => (q.state.data?.items.some((r) => r.estado === 'en_curso') ? 2000 : false),
  });

export const useRespaldos = (enabled = true) => useQuery(respaldosQuery(enabled));

export function useRespaldarAhora() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: respaldarAhora,
    onSuccess: () => qc.invalidateQueries({ queryKey: respaldosKeys.all }),
  });
}
