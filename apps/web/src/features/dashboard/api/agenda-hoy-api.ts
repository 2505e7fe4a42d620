// Today's agenda for the doctor and assistant homes: the staff list of today's appointments in the clinic's
// zone (a doctor gets only their own: the API filters). The key starts with 'citas', so booking, moving or
// cancelling anywhere refreshes it.
import { useQuery } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { POR_PAGINA_MAX } from '@clinica/contracts/common';
import { api } from '../../../lib/api-client.ts';
import { todasLasPaginas } from '../../../lib/paginacion.ts';

export function useAgendaHoy(dia: string, enabled: boolean) {
  return useQuery({
    queryKey: ['citas', 'lista', { desde: dia, hasta: dia, vista: 'panel' }] as const,
    // The whole day, page by page.
    queryFn: async () =>
      (
        await todasLasPaginas((pagina) =>
          api(citasRutas.listar, { query: { desde: dia, hasta: dia, pagina, porPagina: POR_PAGINA_MAX } }),
        )
      ).items,
    enabled,
    select: (citas) => citas.filter((c) => c.estado !== 'cancelada'),
  });
}
