// Revokes a signed consent with a reason (the signed copy stays, marked revoked).
import { useMutation } from '@tanstack/react-query';
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { api } from '../../api-client.ts';
import { useConsentimientoCambiado } from './consentimiento-cambiado.ts';

export const revocarConsentimiento = (id: number, motivo: string) =>
  api(consentimientosRutas.revocar, { params: { id }, body: { motivo } });

export function useRevocarConsentimiento(citaId: number) {
  const cambiado = useConsentimientoCambiado(citaId);
  return useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) => revocarConsentimiento(id, motivo),
    onSuccess: cambiado,
  });
}
