// Signing or revoking changes the appointment's consent and what the appointment still needs to become realizada.
import { useQueryClient } from '@tanstack/react-query';
import { citasClaves } from '../citas/claves.ts';
import { consentimientosClaves } from './claves.ts';

export function useConsentimientoCambiado(citaId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: consentimientosClaves.cita(citaId) });
    void qc.invalidateQueries({ queryKey: citasClaves.detalle(citaId) });
  };
}
