// Procedure categories: fetchers, query options and hooks (STYLE 8). Mutations invalidate every
// 'categorias' query and, where counts or names shown on procedures change, the 'procedimientos' ones too.
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { categoriasRutas } from '@clinica/contracts/rutas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type CrearCategoriaBody = BodyDe<EndpointDe<typeof categoriasRutas.crear>>;
export type EditarCategoriaBody = BodyDe<EndpointDe<typeof categoriasRutas.editar>>;

/** Query keys. The 'categorias' and 'procedimientos' roots are shared by convention with the public pages. */
export const categoriasKeys = {
  all: ['categorias'] as const,
  lista: (q?: string) => ['categorias', 'lista', q ?? ''] as const,
  detalle: (id: number) => ['categorias', 'detalle', id] as const,
};

export const listarCategorias = (q?: string) => api(categoriasRutas.listar, { query: { q } });
export const buscarCategoria = (id: number) => api(categoriasRutas.buscar, { params: { id } });
export const crearCategoria = (body: CrearCategoriaBody) => api(categoriasRutas.crear, { body });
export const editarCategoria = (id: number, body: EditarCategoriaBody) =>
  api(categoriasRutas.editar, { params: { id }, body });
export const eliminarCategoria = (id: number) => api(categoriasRutas.eliminar, { params: { id } });

export const categoriasQuery = (q?: string) =>
  queryOptions({ queryKey: categoriasKeys.lista(q), queryFn: () => listarCategorias(q) });
export const categoriaQuery = (id: number) =>
  queryOptions({
    queryKey: categoriasKeys.detalle(id),
    queryFn: () => buscarCategoria(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useCategorias = (q?: string) => useQuery(categoriasQuery(q));
export const useCategoria = (id: number) => useQuery(categoriaQuery(id));

export function useCrearCategoria() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: crearCategoria,
    onSuccess: () => qc.invalidateQueries({ queryKey: categoriasKeys.all }),
  });
}

export function useEditarCategoria(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EditarCategoriaBody) => editarCategoria(id, body),
    onSuccess: (categoria) => {
      qc.setQueryData(categoriasKeys.detalle(id), categoria);
      // Procedures embed the category's name; public lists hide procedures of inactive categories.
      return Promise.all([
        qc.invalidateQueries({ queryKey: categoriasKeys.all }),
        qc.invalidateQueries({ queryKey: ['procedimientos'] }),
      ]);
    },
  });
}

export function useEliminarCategoria() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: eliminarCategoria,
    onSuccess: (_r, id) => {
      qc.removeQueries({ queryKey: categoriasKeys.detalle(id) });
      return qc.invalidateQueries({ queryKey: categoriasKeys.all });
    },
  });
}
