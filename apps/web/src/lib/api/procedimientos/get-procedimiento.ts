// One procedure (GET procedimientos/:id): the staff's details and edit screens and the public service page.
import { procedimientosRutas } from '@clinica/contracts/rutas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { consultaPorId } from '../consultas.ts';
import { procedimientosKeys } from './claves.ts';

export const getProcedimiento = (id: number) => api(procedimientosRutas.buscar, { params: { id } });

export const procedimientoQuery = (id: number) => consultaPorId(procedimientosKeys.detalle(id), id, getProcedimiento);

export const useProcedimiento = (id: number) => useQuery(procedimientoQuery(id));
