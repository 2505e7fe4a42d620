// One record: by id (doctors), the patient's own, and the front desk's restricted view (DOMAIN.md).
import { historiasRutas } from '@clinica/contracts/rutas';
import { useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { consultaPorId } from '../consultas.ts';
import { historiasKeys } from './claves.ts';

export type HistoriaWire = RespuestaApi<typeof historiasRutas.buscar>;
export type HistoriaRestringidaWire = RespuestaApi<typeof historiasRutas.resumen>;

export const getHistoria = (id: number) => api(historiasRutas.buscar, { params: { id } });
export const getMiHistoria = (usuarioId: number) => api(historiasRutas.mia, { params: { usuarioId } });
/** The front desk's view: demographics and alert flags only. */
export const getHistoriaRestringida = (id: number) => api(historiasRutas.resumen, { params: { id } });

export const historiaQuery = (id: number) => consultaPorId(historiasKeys.detalle(id), id, getHistoria);
export const miHistoriaQuery = (usuarioId: number) =>
  consultaPorId(historiasKeys.mia(usuarioId), usuarioId, getMiHistoria);
export const historiaRestringidaQuery = (id: number, enabled = true) =>
  consultaPorId(historiasKeys.restringida(id), id, getHistoriaRestringida, enabled);

export const useHistoria = (id: number) => useQuery(historiaQuery(id));
export const useMiHistoria = (usuarioId: number) => useQuery(miHistoriaQuery(usuarioId));
export const useHistoriaRestringida = (id: number, enabled = true) => useQuery(historiaRestringidaQuery(id, enabled));
