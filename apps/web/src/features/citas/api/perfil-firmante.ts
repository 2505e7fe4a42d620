// The signing doctor's own account, for her professional registration number (Res. 1403 de 2007, issue 27.16): the
// note says before signing that a prescription or exam order needs it. Same key as the users feature's profile
// query, so both share one cache entry. A users endpoint: it stays here only until lib/api/ has that module.
import { usuariosRutas } from '@clinica/contracts/rutas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function usePerfilFirmante(userId: number | null) {
  return useQuery({
    queryKey: ['usuarios', 'perfil', userId] as const,
    queryFn: () => api(usuariosRutas.perfil),
    enabled: userId !== null,
  });
}
