import { usuariosRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { usuariosKeys } from './claves.ts';

export const getUsuario = (id: number) => api(usuariosRutas.buscar, { params: { id } });

export const usuarioQuery = (id: number) =>
  queryOptions({
    queryKey: usuariosKeys.detalle(id),
    queryFn: () => getUsuario(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useUsuario = (id: number) => useQuery(usuarioQuery(id));
