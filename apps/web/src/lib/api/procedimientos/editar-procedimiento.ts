import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { procedimientosRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { invalidarProcedimientos, procedimientosKeys } from './claves.ts';

export type EditarProcedimientoBody = BodyDe<EndpointDe<typeof procedimientosRutas.editar>>;

export const editarProcedimiento = (id: number, body: EditarProcedimientoBody) =>
  api(procedimientosRutas.editar, { params: { id }, body });

export function useEditarProcedimiento(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EditarProcedimientoBody) => editarProcedimiento(id, body),
    onSuccess: (p) => {
      qc.setQueryData(procedimientosKeys.detalle(id), p);
      return invalidarProcedimientos(qc);
    },
  });
}
