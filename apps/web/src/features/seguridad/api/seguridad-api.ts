// Fetcher, query options and hook of the administrators' recent sign-in lockouts (issue 11.1, STYLE 8).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type BloqueosRecientesWire = RespuestaApi<typeof usuariosRutas.bloqueosRecientes>;
export type BloqueoWire = BloqueosRecientesWire['items'][number];

export const seguridadKeys = {
  all: ['seguridad'] as const,
  bloqueos: () => ['seguridad', 'bloqueos'] as const,
};

export const listarBloqueosRecientes = () => api(usuariosRutas.bloqueosRecientes);

export const bloqueosRecientesQuery = (enabled = true) =>
  queryOptions({ queryKey: seguridadKeys.bloqueos(), queryFn: listarBloqueosRecientes, enabled });

export const useBloqueosRecientes = (enabled = true) => useQuery(bloqueosRecientesQuery(enabled));
