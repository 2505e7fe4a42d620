// Consent templates of a procedure (issue 9, item 5): the versions, newest first, and a new version. Staff only;
// a version never changes once saved (decision 0014).
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type PlantillaWire = RespuestaApi<typeof consentimientosRutas.plantillas>[number];

export const plantillasKeys = {
  procedimiento: (id: number) => ['consentimientos', 'plantillas', id] as const,
};

export const plantillasQuery = (procedimientoId: number) =>
  queryOptions({
    queryKey: plantillasKeys.procedimiento(procedimientoId),
    queryFn: () => api(consentimientosRutas.plantillas, { params: { procedimientoId } }),
  });

export function usePlantillas(procedimientoId: number) {
  return useQuery(plantillasQuery(procedimientoId));
}

export function useCrearPlantilla(procedimientoId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) =>
      api(consentimientosRutas.crearPlantilla, { params: { procedimientoId }, body: { texto } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: plantillasKeys.procedimiento(procedimientoId) }),
  });
}
