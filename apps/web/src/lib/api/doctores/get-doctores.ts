// /apiusuarios/doctores: the active doctors (id and name), for every picker and calendar column.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api, type RespuestaApi } from '../../api-client.ts';
import { doctoresClaves } from './claves.ts';

export type DoctorWire = RespuestaApi<typeof citasRutas.doctores>[number];

export const getDoctores = () => api(citasRutas.doctores);

export const doctoresQueryOptions = () =>
  queryOptions({ queryKey: doctoresClaves.todos, queryFn: getDoctores, staleTime: 5 * 60_000 });

export const useDoctores = () => useQuery(doctoresQueryOptions());
