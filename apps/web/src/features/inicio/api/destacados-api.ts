// The home page's featured procedures: the first six of the public list (STYLE 8: fetcher + query options + hook).
// Only types and the zod-free descriptors come from the contracts package: its schemas would add ~50 KB to the
// home page, which must stay within the public-page budget (decision 0005).
import type { ProcedimientoWire } from '@clinica/contracts/catalogo';
import { procedimientosRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const DESTACADOS = 6;

export type ProcedimientoDestacado = ProcedimientoWire;

export const listarDestacados = async ({ signal }: { signal?: AbortSignal } = {}) => {
  const lista = await api(procedimientosRutas.listar, { query: { porPagina: DESTACADOS }, signal });
  return lista.items.slice(0, DESTACADOS);
};

/** Under the shared 'procedimientos' root, so catalogue changes in the dashboard refresh the home page too. */
export const destacadosQuery = () =>
  queryOptions({
    queryKey: ['procedimientos', 'publico', 'destacados', DESTACADOS] as const,
    queryFn: ({ signal }) => listarDestacados({ signal }),
    staleTime: 5 * 60_000,
  });

export const useDestacados = () => useQuery(destacadosQuery());
