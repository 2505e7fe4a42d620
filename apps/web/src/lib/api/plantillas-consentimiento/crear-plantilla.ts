// A new version of a procedure's consent template; a version never changes once saved (decision 0014).
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { plantillasKeys } from './claves.ts';

export const crearPlantilla = (procedimientoId: number, texto: string) =>
  api(consentimientosRutas.crearPlantilla, { params: { procedimientoId }, body: { texto } });

export function useCrearPlantilla(procedimientoId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) => crearPlantilla(procedimientoId, texto),
    onSuccess: () => void qc.invalidateQueries({ queryKey: plantillasKeys.procedimiento(procedimientoId) }),
  });
}
