import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { categoriasRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { procedimientosKeys } from '../procedimientos/claves.ts';
import { categoriasKeys } from './claves.ts';

export type EditarCategoriaBody = BodyDe<EndpointDe<typeof categoriasRutas.editar>>;

export const editarCategoria = (id: number, body: EditarCategoriaBody) =>
  api(categoriasRutas.editar, { params: { id }, body });

export function useEditarCategoria(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EditarCategoriaBody) => editarCategoria(id, body),
    onSuccess: (categoria) => {
      qc.setQueryData(categoriasKeys.detalle(id), categoria);
      // Procedures embed the category's name; public lists hide procedures of inactive categories.
      return Promise.all([
        qc.invalidateQueries({ queryKey: categoriasKeys.all }),
        qc.invalidateQueries({ queryKey: procedimientosKeys.all }),
      ]);
    },
  });
}
