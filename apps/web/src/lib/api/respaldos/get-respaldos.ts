// The administrators' backups and their schedule (GET respaldos).
import { respaldosRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { respaldosKeys } from './claves.ts';

export type RespaldosWire = RespuestaApi<typeof respaldosRutas.listar>;
export type RespaldoWire = RespaldosWire['items'][number];

export const getRespaldos = () => api(respaldosRutas.listar);

export const respaldosQuery = (enabled = true) =>
  queryOptions({
    queryKey: respaldosKeys.all,
    queryFn: getRespaldos,
    enabled,
    // While one is being written, look again every 2 s until it ends.
    refetchInterval: (q) => (q.state.data?.items.some((r) => r.estado === 'en_curso') ? 2000 : false),
  });

export const useRespaldos = (enabled = true) => useQuery(respaldosQuery(enabled));
