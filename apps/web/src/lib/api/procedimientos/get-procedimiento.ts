// One procedure (GET procedimientos/:id): the staff's details and edit screens and the public service page.
import { procedimientosRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { procedimientosKeys } from './claves.ts';

export const getProcedimiento = (id: number) => api(procedimientosRutas.buscar, { params: { id } });

export const procedimientoQuery = (id: number) =>
  queryOptions({
    queryKey: procedimientosKeys.detalle(id),
    queryFn: () => getProcedimiento(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useProcedimiento = (id: number) => useQuery(procedimientoQuery(id));
