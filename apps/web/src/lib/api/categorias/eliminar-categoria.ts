import { categoriasRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { categoriasKeys } from './claves.ts';

export const eliminarCategoria = (id: number) => api(categoriasRutas.eliminar, { params: { id } });

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
