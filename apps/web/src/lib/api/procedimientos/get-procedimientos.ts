// The procedures list (GET procedimientos): staff lists, the public /servicios, the home page's featured six and
// the dashboard's count. Only types and the zod-free descriptors come from the contracts (decision 0005).
import { procedimientosRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { consultaDePagina } from '../consultas.ts';
import { procedimientosKeys, type FiltrosProcedimientos } from './claves.ts';

export type ListaProcedimientos = RespuestaApi<typeof procedimientosRutas.listar>;

export const getProcedimientos = (f: FiltrosProcedimientos, signal?: AbortSignal) =>
  api(procedimientosRutas.listar, {
    query: {
      pagina: f.pagina,
      porPagina: f.porPagina,
      categoriaId: f.categoriaId,
      q: f.q?.trim() || undefined,
      incluirInactivos: f.incluirInactivos ? 'true' : undefined,
    },
    signal,
  });

export const procedimientosQuery = (f: FiltrosProcedimientos) =>
  consultaDePagina(procedimientosKeys.lista(f), () => getProcedimientos(f));

export const useProcedimientos = (f: FiltrosProcedimientos) => useQuery(procedimientosQuery(f));

/** How many procedures there are (the list's total, one item read). */
export const useConteoProcedimientos = (enabled: boolean) =>
  useQuery({
    queryKey: procedimientosKeys.conteo(),
    queryFn: () => getProcedimientos({ pagina: 1, porPagina: 1 }).then((r) => r.total),
    enabled,
  });

/** The first `n` of the public list, for the home page. */
export const destacadosQuery = (n: number) =>
  queryOptions({
    queryKey: procedimientosKeys.destacados(n),
    queryFn: ({ signal }) => getProcedimientos({ porPagina: n }, signal).then((l) => l.items.slice(0, n)),
    staleTime: 5 * 60_000,
  });

export const useProcedimientosDestacados = (n: number) => useQuery(destacadosQuery(n));

/** Active procedures, one page of 100: the desk's booking form (fetched once it needs them). */
const ACTIVOS: FiltrosProcedimientos = { porPagina: 100 };

export const useProcedimientosActivos = (enabled: boolean) =>
  useQuery({
    queryKey: procedimientosKeys.lista(ACTIVOS),
    queryFn: () => getProcedimientos(ACTIVOS),
    enabled,
    staleTime: 5 * 60_000,
  });

/** Active procedures, names only, for the appointment edit form's and the follow-up plan's pickers. */
export const useOpcionesProcedimiento = () =>
  useQuery({
    queryKey: procedimientosKeys.opciones(),
    queryFn: () => getProcedimientos(ACTIVOS).then((r) => r.items.map((p) => ({ id: p.id, nombre: p.nombre }))),
    staleTime: 5 * 60_000,
  });
