// Signing or revoking changes the appointment's consent and what the appointment still needs to become realizada.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { citasClaves } from '../citas/claves.ts';
import { consentimientosClaves } from './claves.ts';

function useConsentimientoCambiado(citaId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: consentimientosClaves.cita(citaId) });
    void qc.invalidateQueries({ queryKey: citasClaves.detalle(citaId) });
  };
}

/** A mutation of the appointment's consent, refreshed as above. */
export function useMutacionDeConsentimiento<V, R>(citaId: number, mutationFn: (variables: V) => Promise<R>) {
  const cambiado = useConsentimientoCambiado(citaId);
  return useMutation({ mutationFn, onSuccess: cambiado });
}
