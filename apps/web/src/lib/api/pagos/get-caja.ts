// One desk's day (totals by method, expected cash, its close) and, for administrators, every close of a day.
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { pagosClaves } from './claves.ts';
import type { CajaQuery } from './tipos.ts';

export const getCaja = (query: CajaQuery) => api(pagosRutas.caja, { query });
export const getCierres = (fecha?: string) => api(pagosRutas.cierres, { query: fecha ? { fecha } : {} });

export const useCaja = (query: CajaQuery, enabled = true) =>
  useQuery({ queryKey: pagosClaves.caja(query), queryFn: () => getCaja(query), enabled });

export const useCierres = (fecha: string | undefined, enabled = true) =>
  useQuery({ queryKey: pagosClaves.cierres(fecha), queryFn: () => getCierres(fecha), enabled });
