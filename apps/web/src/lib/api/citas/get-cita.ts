// /apicitas/buscarcitas/:id: one appointment with what its details screen needs.
import { useQuery } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { consultaPorId } from '../consultas.ts';
import { citasClaves } from './claves.ts';

export const getCita = (id: number) => api(citasRutas.buscar, { params: { id } });

export const citaQueryOptions = (id: number) => consultaPorId(citasClaves.detalle(id), id, getCita);

export const useCita = (id: number) => useQuery(citaQueryOptions(id));
