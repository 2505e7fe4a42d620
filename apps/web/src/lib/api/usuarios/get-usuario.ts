import { usuariosRutas } from '@clinica/contracts/rutas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { consultaPorId } from '../consultas.ts';
import { usuariosKeys } from './claves.ts';

export const getUsuario = (id: number) => api(usuariosRutas.buscar, { params: { id } });

export const usuarioQuery = (id: number) => consultaPorId(usuariosKeys.detalle(id), id, getUsuario);

export const useUsuario = (id: number) => useQuery(usuarioQuery(id));
