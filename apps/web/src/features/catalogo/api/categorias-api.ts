// Procedure categories: fetchers, query options and hooks (STYLE 8). Mutations invalidate every
// 'categorias' query and, where counts or names shown on procedures change, the 'procedimientos' ones too.
import type { CategoriaWire, crearCategoriaSchema, editarCategoriaSchema } from '@clinica/contracts/catalogo';
import { categoriasPaths } from '@clinica/contracts/rutas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, qs } from '../../../lib/api-client.ts';

export type CrearCategoriaBody = z.input<typeof crearCategoriaSchema>;
export type EditarCategoriaBody = z.input<typeof editarCategoriaSchema>;

/** Query keys. The 'categorias' and 'procedimientos' roots are shared by convention with the public pages. */
export const categoriasKeys = {
  all: ['categorias'] as const,
  lista: (q?: string) => ['categorias', 'lista', q ?? ''] as const,
  detalle: (id: number) => ['categorias', 'detalle', id] as const,
};

export const listarCategorias = (q?: string) => api.get<CategoriaWire[]>(`${categoriasPaths.listar}${qs({ q })}`);
export const buscarCategoria = (id: number) => api.get<CategoriaWire>(categoriasPaths.buscar(id));
export const crearCategoria = (body: CrearCategoriaBody) => api.post<CategoriaWire>(categoriasPaths.crear, body);
export const editarCategoria = (id: number, body: EditarCategoriaBody) =>
  api.patch<CategoriaWire>(categoriasPaths.editar(id), body);
export const eliminarCategoria = (id: number) => api.delete<{ mensaje: string }>(categoriasPaths.eliminar(id));

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
