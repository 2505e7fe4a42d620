// /apicitas/listarcitas: one page of the staff list (a doctor gets only their own: the API filters).
import { useQuery } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { consultaDePagina } from '../consultas.ts';
import { citasClaves } from './claves.ts';
import type { FiltroCitas } from './tipos.ts';

/** Rows per page of the appointment lists. */
export const POR_PAGINA_CITAS = 20;

export const getCitas = (f: FiltroCitas) =>
  api(citasRutas.listar, {
    query: { ...f, buscar: f.buscar?.trim() || undefined, porPagina: f.porPagina ?? POR_PAGINA_CITAS },
  });

export const citasQueryOptions = (f: FiltroCitas) => consultaDePagina(citasClaves.lista(f), () => getCitas(f));

export const useCitas = (f: FiltroCitas, enabled = true) => useQuery({ ...citasQueryOptions(f), enabled });
