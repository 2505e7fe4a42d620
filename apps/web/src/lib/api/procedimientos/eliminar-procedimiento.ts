import { procedimientosRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { invalidarProcedimientos } from './claves.ts';

export const eliminarProcedimiento = (id: number) => api(procedimientosRutas.eliminar, { params: { id } });

export function useEliminarProcedimiento() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: eliminarProcedimiento, onSuccess: () => invalidarProcedimientos(qc) });
}
