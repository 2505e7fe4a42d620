// The consent of an appointment: its template, and the signed (or revoked) consents.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { api } from '../../api-client.ts';
import { consentimientosClaves } from './claves.ts';

export const getConsentimiento = (citaId: number) => api(consentimientosRutas.porCita, { params: { citaId } });

export const consentimientoQueryOptions = (citaId: number) =>
  queryOptions({ queryKey: consentimientosClaves.cita(citaId), queryFn: () => getConsentimiento(citaId) });

export function useConsentimiento(citaId: number, enabled = true) {
  return useQuery({ ...consentimientoQueryOptions(citaId), enabled: enabled && citaId > 0 });
}
