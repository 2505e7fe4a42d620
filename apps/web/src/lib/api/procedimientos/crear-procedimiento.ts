import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { procedimientosRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { invalidarProcedimientos } from './claves.ts';

export type CrearProcedimientoBody = BodyDe<EndpointDe<typeof procedimientosRutas.crear>>;

export const crearProcedimiento = (body: CrearProcedimientoBody) => api(procedimientosRutas.crear, { body });

export function useCrearProcedimiento() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: crearProcedimiento, onSuccess: () => invalidarProcedimientos(qc) });
}
