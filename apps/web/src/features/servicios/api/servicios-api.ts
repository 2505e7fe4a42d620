// Public catalogue reads for /servicios and the service page (STYLE 8). Keys live under the shared
// 'procedimientos' and 'categorias' roots so the dashboard's catalogue mutations refresh these pages too.
import { categoriasRutas, procedimientosRutas } from '@clinica/contracts/rutas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type FiltrosServicios = { q?: string; categoriaId?: number; pagina?: number };
export type ListaServicios = RespuestaApi<typeof procedimientosRutas.listar>;

/** Cards per page on /servicios. */
export const SERVICIOS_POR_PAGINA = 24;

export const serviciosKeys = {
  lista: (f: FiltrosServicios) => ['procedimientos', 'publico', 'lista', f] as const,
  detalle: (id: number) => ['procedimientos', 'publico', 'detalle', id] as const,
  categorias: () => ['categorias', 'publico'] as const,
};

export const listarServicios = (f: FiltrosServicios) =>
  api(procedimientosRutas.listar, {
    query: {
      q: f.q?.trim() || undefined,
      categoriaId: f.categoriaId,
      pagina: f.pagina && f.pagina > 1 ? f.pagina : undefined,
      porPagina: SERVICIOS_POR_PAGINA,
    },
  });
export const buscarServicio = (id: number) => api(procedimientosRutas.buscar, { params: { id } });
/** Staff also get inactive categories from this endpoint; the public pages show active ones only. */
export const listarCategoriasPublicas = async () => (await api(categoriasRutas.listar)).filter((c) => c.activa);

export const serviciosQuery = (f: FiltrosServicios) =>
  queryOptions({
    queryKey: serviciosKeys.lista(f),
    queryFn: () => listarServicios(f),
    placeholderData: keepPreviousData,
  });
export const servicioQuery = (id: number) =>
  queryOptions({
    queryKey: serviciosKeys.detalle(id),
    queryFn: () => buscarServicio(id),
    enabled: Number.isInteger(id) && id > 0,
  });
export const categoriasPublicasQuery = () =>
  queryOptions({ queryKey: serviciosKeys.categorias(), queryFn: listarCategoriasPublicas, staleTime: 5 * 60_000 });

export const useServicios = (f: FiltrosServicios) => useQuery(serviciosQuery(f));
export const useServicio = (id: number) => useQuery(servicioQuery(id));
export const useCategoriasPublicas = () => useQuery(categoriasPublicasQuery());
