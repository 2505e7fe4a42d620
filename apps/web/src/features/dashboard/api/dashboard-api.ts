// The dashboard home's own read: the patient's next appointment. Counts and the profile come from lib/api/.
import { useQuery } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../../lib/api-client.ts';

/**
 * Patients: their next appointment (pending or confirmed, still ahead), or null. Same key as the appointments
 * feature's list of one's own, so both share one cache entry and its invalidations.
 */
export function useProximaCita(enabled: boolean) {
  return useQuery({
    queryKey: ['citas', 'mias'] as const,
    queryFn: () => api(citasRutas.misCitas),
    enabled,
    select: (citas) => {
      const ahora = Date.now();
      return (
        citas
          .filter((c) => (c.estado === 'pendiente' || c.estado === 'confirmada') && Date.parse(c.inicio) > ahora)
          .sort((a, b) => Date.parse(a.inicio) - Date.parse(b.inicio))[0] ?? null
      );
    },
  });
}
