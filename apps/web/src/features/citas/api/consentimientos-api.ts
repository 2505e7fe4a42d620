// Informed consent of an appointment (issue 9, item 5): one fetcher + query options + hook per operation
// (STYLE 8), typed from consentimientosEndpoints. Signing and revoking refresh the appointment's consent and
// the appointment itself (realizada depends on it).
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type ConsentimientoDeCitaWire = RespuestaApi<typeof consentimientosRutas.porCita>;
export type ConsentimientoWire = ConsentimientoDeCitaWire['consentimientos'][number];
export type FirmaBody = BodyDe<EndpointDe<typeof consentimientosRutas.firmar>>;

export const consentimientosKeys = {
  all: ['consentimientos'] as const,
  cita: (citaId: number) => ['consentimientos', 'cita', citaId] as const,
  verificacion: (id: number) => ['consentimientos', 'verificacion', id] as const,
};

export const consentimientoDeCita = (citaId: number) => api(consentimientosRutas.porCita, { params: { citaId } });
export const firmarConsentimiento = (citaId: number, body: FirmaBody) =>
  api(consentimientosRutas.firmar, { params: { citaId }, body });
export const verificarConsentimiento = (id: number) => api(consentimientosRutas.verificar, { params: { id } });
export const revocarConsentimiento = (id: number, motivo: string) =>
  api(consentimientosRutas.revocar, { params: { id }, body: { motivo } });

export const consentimientoQuery = (citaId: number) =>
  queryOptions({ queryKey: consentimientosKeys.cita(citaId), queryFn: () => consentimientoDeCita(citaId) });

export function useConsentimiento(citaId: number, enabled = true) {
  return useQuery({ ...consentimientoQuery(citaId), enabled: enabled && citaId > 0 });
}

export function useVerificacion(id: number | null) {
  return useQuery({
    queryKey: consentimientosKeys.verificacion(id ?? 0),
    queryFn: () => verificarConsentimiento(id!),
    enabled: id !== null,
  });
}

function useCambiado(citaId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: consentimientosKeys.cita(citaId) });
    void qc.invalidateQueries({ queryKey: ['citas'] });
  };
}

export function useFirmarConsentimiento(citaId: number) {
  const cambiado = useCambiado(citaId);
  return useMutation({ mutationFn: (body: FirmaBody) => firmarConsentimiento(citaId, body), onSuccess: cambiado });
}

export function useRevocarConsentimiento(citaId: number) {
  const cambiado = useCambiado(citaId);
  return useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) => revocarConsentimiento(id, motivo),
    onSuccess: cambiado,
  });
}
