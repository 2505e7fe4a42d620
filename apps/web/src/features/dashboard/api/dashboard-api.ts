// Counts for the dashboard home, each read from the API (never invented): list totals with porPagina=1.
import { useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { carritoPaths, categoriasPaths, procedimientosPaths, usuariosPaths } from '@clinica/contracts/rutas';
import { roles, type listaUsuariosSchema, type Rol, type UsuarioWire } from '@clinica/contracts/usuarios';
import { api, qs } from '../../../lib/api-client.ts';

type Lista = { total: number };

/** Same key as the users feature's profile query, so both share one cache entry. */
export const perfilKey = (userId: number | null) => ['usuarios', 'perfil', userId] as const;

export function usePerfilDashboard(userId: number | null) {
  return useQuery({
    queryKey: perfilKey(userId),
    queryFn: () => api.get<UsuarioWire>(usuariosPaths.perfil),
    enabled: userId !== null,
  });
}

const totalUsuarios = (params: { rol?: Rol; estado?: boolean }) =>
  api
    .get<z.input<typeof listaUsuariosSchema>>(`${usuariosPaths.listar}${qs({ ...params, pagina: 1, porPagina: 1 })}`)
    .then((r) => r.total);

/** Administrators: how many users of each role, and how many are inactive. */
export function useConteoUsuarios(enabled: boolean) {
  return useQueries({
    queries: [
      ...roles.map((rol) => ({
        queryKey: ['usuarios', 'lista', 'conteo', { rol }] as const,
        queryFn: () => totalUsuarios({ rol }),
        enabled,
      })),
      {
        queryKey: ['usuarios', 'lista', 'conteo', { estado: false }] as const,
        queryFn: () => totalUsuarios({ estado: false }),
        enabled,
      },
    ],
    combine: (results) => {
      const pending = results.some((r) => r.isPending);
      const error = results.find((r) => r.isError)?.error ?? null;
      if (pending || error) return { pending, error, data: null };
      const porRol = Object.fromEntries(roles.map((rol, i) => [rol, results[i]!.data as number])) as Record<
        Rol,
        number
      >;
      const total = roles.reduce((s, r) => s + porRol[r], 0);
      const inactivos = results[roles.length]!.data as number;
      return { pending, error, data: { porRol, total, inactivos, activos: total - inactivos } };
    },
  });
}

/** Assistants and doctors: active patients (the server lists only patients for them). */
export function useConteoPacientes(enabled: boolean) {
  return useQuery({
    queryKey: ['usuarios', 'lista', 'conteo', { rol: 'paciente', estado: true }],
    queryFn: () => totalUsuarios({ rol: 'paciente', estado: true }),
    enabled,
  });
}

export function useConteoProcedimientos(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'procedimientos', 'conteo'],
    queryFn: () =>
      api.get<Lista>(`${procedimientosPaths.listar}${qs({ pagina: 1, porPagina: 1 })}`).then((r) => r.total),
    enabled,
  });
}

export function useConteoCategorias(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'categorias', 'conteo'],
    queryFn: () => api.get<unknown[]>(categoriasPaths.listar).then((r) => r.length),
    enabled,
  });
}

export function useConteoCarrito(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'carrito', 'conteo'],
    queryFn: () => api.get<unknown[]>(carritoPaths.listar).then((r) => r.length),
    enabled,
  });
}
