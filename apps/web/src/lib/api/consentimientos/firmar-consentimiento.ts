// The patient signs the appointment's consent.
import { useMutation } from '@tanstack/react-query';
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { api } from '../../api-client.ts';
import { useConsentimientoCambiado } from './consentimiento-cambiado.ts';
import type { FirmaBody } from './tipos.ts';

export const firmarConsentimiento = (citaId: number, body: FirmaBody) =>
  api(consentimientosRutas.firmar, { params: { citaId }, body });

export function useFirmarConsentimiento(citaId: number) {
  const cambiado = useConsentimientoCambiado(citaId);
  return useMutation({ mutationFn: (body: FirmaBody) => firmarConsentimiento(citaId, body), onSuccess: cambiado });
}
