// Clinical notes of an appointment (issue 9, items 3-4): one fetcher + query options + hook per operation
// (STYLE 8), typed from evolucionesEndpoints. Every change answers the whole note, which replaces the cached one;
// signing also refreshes the appointment (realizada becomes possible).
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type EvolucionWire = NonNullable<RespuestaApi<typeof evolucionesRutas.porCita>['evolucion']>;
export type EvolucionBody = BodyDe<EndpointDe<typeof evolucionesRutas.crear>>;

export const evolucionesKeys = {
  all: ['evoluciones'] as const,
  cita: (citaId: number) => ['evoluciones', 'cita', citaId] as const,
};

export const evolucionDeCita = (citaId: number) => api(evolucionesRutas.porCita, { params: { citaId } });
export const crearEvolucion = (citaId: number, body: EvolucionBody) =>
  api(evolucionesRutas.crear, { params: { citaId }, body });
export const editarEvolucion = (id: number, body: EvolucionBody) =>
  api(evolucionesRutas.editar, { params: { id }, body });
export const firmarEvolucion = (id: number) => api(evolucionesRutas.firmar, { params: { id } });
export const agregarAdenda = (id: number, texto: string) =>
  api(evolucionesRutas.agregarAdenda, { params: { id }, body: { texto } });

export const evolucionQuery = (citaId: number) =>
  queryOptions({ queryKey: evolucionesKeys.cita(citaId), queryFn: () => evolucionDeCita(citaId) });

/**
 * The signing doctor's own account, for her professional registration number (Res. 1403 de 2007, issue 27.16): the
 * note says before signing that a prescription or exam order needs it. Same key as the users feature's profile
 * query, so both share one cache entry.
 */
export function usePerfilFirmante(userId: number | null) {
  return useQuery({
    queryKey: ['usuarios', 'perfil', userId] as const,
    queryFn: () => api(usuariosRutas.perfil),
    enabled: userId !== null,
  });
}

export function useEvolucion(citaId: number, enabled = true) {
  return useQuery({ ...evolucionQuery(citaId), enabled: enabled && citaId > 0 });
}

function useNotaCambiada(citaId: number) {
  const qc = useQueryClient();
  return (nota: EvolucionWire) => {
    qc.setQueryData(evolucionesKeys.cita(citaId), { evolucion: nota });
    if (nota.estado === 'firmada') void qc.invalidateQueries({ queryKey: ['citas'] });
  };
}

/** Creates the draft the first time, then saves over it. */
export function useGuardarEvolucion(citaId: number) {
  const cambiada = useNotaCambiada(citaId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EvolucionBody }) =>
      id ? editarEvolucion(id, body) : crearEvolucion(citaId, body),
    onSuccess: cambiada,
  });
}

export function useFirmarEvolucion(citaId: number) {
  const cambiada = useNotaCambiada(citaId);
  return useMutation({ mutationFn: (id: number) => firmarEvolucion(id), onSuccess: cambiada });
}

export function useAgregarAdenda(citaId: number) {
  const cambiada = useNotaCambiada(citaId);
  return useMutation({
    mutationFn: ({ id, texto }: { id: number; texto: string }) => agregarAdenda(id, texto),
    onSuccess: cambiada,
  });
}
