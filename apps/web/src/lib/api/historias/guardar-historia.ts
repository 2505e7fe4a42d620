// Creating and editing a record (a new version each time; records are never deleted, Res. 1995/1999 art. 5).
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { historiasRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { guardada } from './claves.ts';

export type CrearHistoriaBody = BodyDe<EndpointDe<typeof historiasRutas.crear>>;
export type EditarHistoriaBody = BodyDe<EndpointDe<typeof historiasRutas.editar>>;

export const crearHistoria = (datos: CrearHistoriaBody) => api(historiasRutas.crear, { body: datos });
export const editarHistoria = (id: number, datos: EditarHistoriaBody) =>
  api(historiasRutas.editar, { params: { id }, body: datos });

export function useCrearHistoria() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: crearHistoria, onSuccess: (h) => guardada(qc, h) });
}

export function useEditarHistoria(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: EditarHistoriaBody) => editarHistoria(id, datos),
    onSuccess: (h) => guardada(qc, h),
  });
}
