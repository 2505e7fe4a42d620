// The categories list (GET categorias): staff screens, the public filter (active ones only) and the dashboard's
// count all read the same cached answer.
import { categoriasRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { categoriasKeys } from './claves.ts';

export const getCategorias = (q?: string) => api(categoriasRutas.listar, { query: { q } });

export const categoriasQuery = (q?: string) =>
  queryOptions({ queryKey: categoriasKeys.lista(q), queryFn: () => getCategorias(q) });

export const useCategorias = (q?: string) => useQuery(categoriasQuery(q));

/** Staff also get inactive categories from this endpoint; the public pages show active ones only. */
export const useCategoriasActivas = () =>
  useQuery({ ...categoriasQuery(), select: (lista) => lista.filter((c) => c.activa), staleTime: 5 * 60_000 });

export const useConteoCategorias = (enabled: boolean) =>
  useQuery({ ...categoriasQuery(), select: (lista) => lista.length, enabled });
