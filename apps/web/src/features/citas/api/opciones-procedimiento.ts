// Active procedures, names only, for the edit form's and the plan's pickers. A catalogue endpoint: it stays here
// only until lib/api/ has the catalogue's module (issue 22, item 1).
import { procedimientosRutas } from '@clinica/contracts/rutas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const useOpcionesProcedimiento = () =>
  useQuery({
    queryKey: ['procedimientos', 'opciones-cita'] as const,
    queryFn: () =>
      api(procedimientosRutas.listar, { query: { porPagina: 100 } }).then((r) =>
        r.items.map((p) => ({ id: p.id, nombre: p.nombre })),
      ),
    staleTime: 5 * 60_000,
  });
