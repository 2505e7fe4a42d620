// /apicitas/miscitas: the signed-in patient's own appointments (her list and the dashboard's next one).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { citasClaves } from './claves.ts';

export const getMisCitas = () => api(citasRutas.misCitas);

export const misCitasQueryOptions = () => queryOptions({ queryKey: citasClaves.mias(), queryFn: getMisCitas });

export const useMisCitas = () => useQuery(misCitasQueryOptions());

/** Her next appointment (pending or confirmed, still ahead), or null: the same cache entry as her list. */
export const useProximaCita = (enabled: boolean) =>
  useQuery({
    ...misCitasQueryOptions(),
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
