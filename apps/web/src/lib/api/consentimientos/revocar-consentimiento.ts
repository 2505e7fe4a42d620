// Revokes a signed consent with a reason (the signed copy stays, marked revoked).
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { api } from '../../api-client.ts';
import { useMutacionDeConsentimiento } from './consentimiento-cambiado.ts';

export const revocarConsentimiento = (id: number, motivo: string) =>
  api(consentimientosRutas.revocar, { params: { id }, body: { motivo } });

export const useRevocarConsentimiento = (citaId: number) =>
  useMutacionDeConsentimiento(citaId, ({ id, motivo }: { id: number; motivo: string }) =>
    revocarConsentimiento(id, motivo),
  );
