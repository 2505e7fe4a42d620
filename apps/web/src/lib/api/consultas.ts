// The query shapes the resources share:
// - one record by its numeric id: its key, its fetcher, and no request while the id is not a valid one (a route's
//   `:id` that is not a number reaches the hooks as 0, see lib/id-de-ruta.ts) or the screen does not want it yet;
// - one page of a list: the page on screen stays while the next one loads (the screen dims it, isPlaceholderData).
import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

export const idValido = (id: number) => Number.isInteger(id) && id > 0;

export const consultaPorId = <T, K extends QueryKey>(
  queryKey: K,
  id: number,
  get: (id: number) => Promise<T>,
  enabled = true,
) => queryOptions({ queryKey, queryFn: () => get(id), enabled: enabled && idValido(id) });

export const consultaDePagina = <T, K extends QueryKey>(queryKey: K, get: () => Promise<T>, enabled = true) =>
  queryOptions({ queryKey, queryFn: get, placeholderData: keepPreviousData, enabled });
