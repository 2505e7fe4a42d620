import { categoriasRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { categoriasKeys } from './claves.ts';

export const getCategoria = (id: number) => api(categoriasRutas.buscar, { params: { id } });

export const categoriaQuery = (id: number) =>
  queryOptions({
    queryKey: categoriasKeys.detalle(id),
    queryFn: () => getCategoria(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useCategoria = (id: number) => useQuery(categoriaQuery(id));
