// The administrators' recent sign-in lockouts (issue 11.1).
import { usuariosRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { usuariosKeys } from './claves.ts';

export type BloqueosRecientesWire = RespuestaApi<typeof usuariosRutas.bloqueosRecientes>;
export type BloqueoWire = BloqueosRecientesWire['items'][number];

export const getBloqueosRecientes = () => api(usuariosRutas.bloqueosRecientes);

export const bloqueosRecientesQuery = (enabled = true) =>
  queryOptions({ queryKey: usuariosKeys.bloqueos(), queryFn: getBloqueosRecientes, enabled });

export const useBloqueosRecientes = (enabled = true) => useQuery(bloqueosRecientesQuery(enabled));
