import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { categoriasRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { categoriasKeys } from './claves.ts';

export type CrearCategoriaBody = BodyDe<EndpointDe<typeof categoriasRutas.crear>>;

export const crearCategoria = (body: CrearCategoriaBody) => api(categoriasRutas.crear, { body });

export function useCrearCategoria() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: crearCategoria,
    onSuccess: () => qc.invalidateQueries({ queryKey: categoriasKeys.all }),
  });
}
