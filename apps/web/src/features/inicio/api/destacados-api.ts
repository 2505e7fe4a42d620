// The home page's featured procedures: the first six of the public list (STYLE 8: fetcher + query options + hook).
// Types only come from the contracts package: importing its runtime (zod schemas) would add ~50 KB to the home
// page, which must stay within the public-page budget (QUALITY: initial JS <= 120 KB gzip).
import type { ProcedimientoWire } from '@clinica/contracts/catalogo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, qs } from '../../../lib/api-client.ts';
import { env } from '../../../lib/env.ts';

/** Same path as procedimientosPaths.listar in packages/contracts/src/catalogo.ts. */
const LISTAR_PROCEDIMIENTOS = '/apiprocedimientos/listarprocedimiento';
export const DESTACADOS = 6;

export type ProcedimientoDestacado = ProcedimientoWire;
type Lista = { items: ProcedimientoWire[]; total: number; pagina: number; porPagina: number };

export const listarDestacados = async ({ signal }: { signal?: AbortSignal } = {}) => {
  const lista = await api.get<Lista>(`${LISTAR_PROCEDIMIENTOS}${qs({ porPagina: DESTACADOS })}`, { signal });
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

/** Image paths from the API (/media/...) live on the API's origin. */
export function mediaUrl(ruta: string): string {
  return ruta.startsWith('/') && !ruta.startsWith('//') ? `${env.apiUrl}${ruta}` : ruta;
}
