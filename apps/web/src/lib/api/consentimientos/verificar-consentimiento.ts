// Checks a signed consent's integrity (its stored hash against its content).
import { useQuery } from '@tanstack/react-query';
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { api } from '../../api-client.ts';
import { consentimientosClaves } from './claves.ts';

export const verificarConsentimiento = (id: number) => api(consentimientosRutas.verificar, { params: { id } });

export function useVerificacion(id: number | null) {
  return useQuery({
    queryKey: consentimientosClaves.verificacion(id ?? 0),
    queryFn: () => verificarConsentimiento(id!),
    enabled: id !== null,
  });
}
