// The patient signs the appointment's consent.
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { api } from '../../api-client.ts';
import { useMutacionDeConsentimiento } from './consentimiento-cambiado.ts';
import type { FirmaBody } from './tipos.ts';

export const firmarConsentimiento = (citaId: number, body: FirmaBody) =>
  api(consentimientosRutas.firmar, { params: { citaId }, body });

export const useFirmarConsentimiento = (citaId: number) =>
  useMutacionDeConsentimiento(citaId, (body: FirmaBody) => firmarConsentimiento(citaId, body));
