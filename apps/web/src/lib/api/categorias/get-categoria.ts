import { categoriasRutas } from '@clinica/contracts/rutas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { consultaPorId } from '../consultas.ts';
import { categoriasKeys } from './claves.ts';

export const getCategoria = (id: number) => api(categoriasRutas.buscar, { params: { id } });

export const categoriaQuery = (id: number) => consultaPorId(categoriasKeys.detalle(id), id, getCategoria);

export const useCategoria = (id: number) => useQuery(categoriaQuery(id));
