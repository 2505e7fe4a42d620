// Every appointment of a bounded range (a calendar's day or week, today's agenda, the doctor panel's month), read
// page by page from /apicitas/listarcitas (the API gives at most POR_PAGINA_MAX per page).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { POR_PAGINA_MAX } from '@clinica/contracts/common';
import { todasLasPaginas } from '../../paginacion.ts';
import { citasClaves } from './claves.ts';
import { getCitas } from './get-citas.ts';
import type { FiltroAgenda } from './tipos.ts';

/** `maxPaginas` bounds the work; the answer's `total` says how many there are. */
export const getAgenda = (f: FiltroAgenda, maxPaginas?: number) =>
  todasLasPaginas((pagina) => getCitas({ ...f, pagina, porPagina: POR_PAGINA_MAX }), maxPaginas);

export const agendaQueryOptions = (f: FiltroAgenda, maxPaginas?: number) =>
  queryOptions({ queryKey: citasClaves.agenda(f, maxPaginas), queryFn: () => getAgenda(f, maxPaginas) });

/** The calendar: all the appointments of its range (the previous range stays on screen while the next loads). */
export const useAgenda = (f: FiltroAgenda) =>
  useQuery({ ...agendaQueryOptions(f), placeholderData: keepPreviousData, select: (r) => r.items });
