// The signed-in person's own profile (GET perfil): her profile screen, the dashboard's greeting and the patient's
// data-authorization gate share one cache entry.
import { usuariosRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { usuariosKeys } from './claves.ts';

export const getPerfil = () => api(usuariosRutas.perfil);

export const perfilQuery = (userId: number | null) =>
  queryOptions({ queryKey: usuariosKeys.perfil(userId), queryFn: getPerfil, enabled: userId !== null });

export const usePerfil = (userId: number | null) => useQuery(perfilQuery(userId));
