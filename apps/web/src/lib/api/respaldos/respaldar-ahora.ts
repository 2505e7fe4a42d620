import { respaldosRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { respaldosKeys } from './claves.ts';

export const respaldarAhora = () => api(respaldosRutas.respaldar);

export function useRespaldarAhora() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: respaldarAhora,
    onSuccess: () => qc.invalidateQueries({ queryKey: respaldosKeys.all }),
  });
}
