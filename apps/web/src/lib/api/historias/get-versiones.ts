// A record's earlier versions and who read it (the patient sees every access in her words).
import { historiasRutas } from '@clinica/contracts/rutas';
import { useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { consultaPorId } from '../consultas.ts';
import { historiasKeys } from './claves.ts';

export type VersionWire = RespuestaApi<typeof historiasRutas.versiones>[number];
export type AccesoWire = RespuestaApi<typeof historiasRutas.accesos>[number];

export const getVersiones = (id: number) => api(historiasRutas.versiones, { params: { id } });
export const getAccesos = (usuarioId: number) => api(historiasRutas.accesos, { params: { usuarioId } });

export const versionesQuery = (id: number, enabled = true) =>
  consultaPorId(historiasKeys.versiones(id), id, getVersiones, enabled);
export const accesosQuery = (usuarioId: number, enabled = true) =>
  consultaPorId(historiasKeys.accesos(usuarioId), usuarioId, getAccesos, enabled);

export const useVersiones = (id: number, enabled = true) => useQuery(versionesQuery(id, enabled));
export const useAccesos = (usuarioId: number, enabled = true) => useQuery(accesosQuery(usuarioId, enabled));
