// A procedure's consent templates: the versions, newest first. Staff only.
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { plantillasKeys } from './claves.ts';

export type PlantillaWire = RespuestaApi<typeof consentimientosRutas.plantillas>[number];

export const getPlantillas = (procedimientoId: number) =>
  api(consentimientosRutas.plantillas, { params: { procedimientoId } });

export const plantillasQuery = (procedimientoId: number) =>
  queryOptions({
    queryKey: plantillasKeys.procedimiento(procedimientoId),
    queryFn: () => getPlantillas(procedimientoId),
  });

export const usePlantillas = (procedimientoId: number) => useQuery(plantillasQuery(procedimientoId));
