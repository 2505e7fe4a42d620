// /apicitas/disponibilidad: free times of a doctor (or any) for a type of appointment in a range of days.
import { useQuery } from '@tanstack/react-query';
import type { QueryDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { citasRutas } from '@clinica/contracts/rutas';
import { api, type RespuestaApi } from '../../api-client.ts';
import { disponibilidadClaves } from './claves.ts';

export type EspacioWire = RespuestaApi<typeof citasRutas.disponibilidad>[number];
export type FiltroDisponibilidad = NonNullable<QueryDe<EndpointDe<typeof citasRutas.disponibilidad>>>;

export const getDisponibilidad = (f: FiltroDisponibilidad) => api(citasRutas.disponibilidad, { query: f });

/** `null` while the screen still lacks what the question needs (no request then). */
export const useDisponibilidad = (f: FiltroDisponibilidad | null) =>
  useQuery({
    queryKey: disponibilidadClaves.consulta(f ?? { desde: '', hasta: '' }),
    queryFn: () => getDisponibilidad(f!),
    enabled: f !== null && Boolean(f.desde && f.hasta),
    // Free times change as others book: refresh on focus and do not keep them long.
    staleTime: 15_000,
  });
