// One record: by id (doctors), the patient's own, and the front desk's restricted view (DOMAIN.md).
import { historiasRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { historiasKeys, idValido } from './claves.ts';

export type HistoriaWire = RespuestaApi<typeof historiasRutas.buscar>;
export type HistoriaRestringidaWire = RespuestaApi<typeof historiasRutas.resumen>;

export const getHistoria = (id: number) => api(historiasRutas.buscar, { params: { id } });
export const getMiHistoria = (usuarioId: number) => api(historiasRutas.mia, { params: { usuarioId } });
/** The front desk's view: demographics and alert flags only. */
export const getHistoriaRestringida = (id: number) => api(historiasRutas.resumen, { params: { id } });

export const historiaQuery = (id: number) =>
  queryOptions({ queryKey: historiasKeys.detalle(id), queryFn: () => getHistoria(id), enabled: idValido(id) });
export const miHistoriaQuery = (usuarioId: number) =>
  queryOptions({
    queryKey: historiasKeys.mia(usuarioId),
    queryFn: () => getMiHistoria(usuarioId),
    enabled: idValido(usuarioId),
  });
export const historiaRestringidaQuery = (id: number, enabled = true) =>
  queryOptions({
    queryKey: historiasKeys.restringida(id),
    queryFn: () => getHistoriaRestringida(id),
    enabled: enabled && idValido(id),
  });

export const useHistoria = (id: number) => useQuery(historiaQuery(id));
export const useMiHistoria = (usuarioId: number) => useQuery(miHistoriaQuery(usuarioId));
export const useHistoriaRestringida = (id: number, enabled = true) => useQuery(historiaRestringidaQuery(id, enabled));
