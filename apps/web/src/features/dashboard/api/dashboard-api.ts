// Counts for the dashboard home, each read from the API (never invented): list totals with porPagina=1.
import { useQueries, useQuery } from '@tanstack/react-query';
import { roles, type Rol } from '@clinica/contracts/roles';
import {
  carritoRutas,
  categoriasRutas,
  citasRutas,
  procedimientosRutas,
  usuariosRutas,
} from '@clinica/contracts/rutas';
import { api } from '../../../lib/api-client.ts';

/** Same key as the users feature's profile query, so both share one cache entry. */
export const perfilKey = (userId: number | null) => ['usuarios', 'perfil', userId] as const;

export function usePerfilDashboard(userId: number | null) {
  return useQuery({
    queryKey: perfilKey(userId),
    queryFn: () => api(usuariosRutas.perfil),
    enabled: userId !== null,
  });
}

const totalUsuarios = ({ rol, estado }: { rol?: Rol; estado?: boolean }) =>
  api(usuariosRutas.listar, {
    query: { rol, estado: estado === undefined ? undefined : estado ? 'true' : 'false', pagina: 1, porPagina: 1 },
  }).then((r) => r.total);

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
    queryFn: () => api(procedimientosRutas.listar, { query: { pagina: 1, porPagina: 1 } }).then((r) => r.total),
    enabled,
  });
}

export function useConteoCategorias(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'categorias', 'conteo'],
    queryFn: () => api(categoriasRutas.listar).then((r) => r.length),
    enabled,
  });
}

export function useConteoCarrito(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'carrito', 'conteo'],
    queryFn: () => api(carritoRutas.listar).then((r) => r.length),
    enabled,
  });
}

/**
 * Patients: their next appointment (pending or confirmed, still ahead), or null. Same key as the appointments
 * feature's list of one's own, so both share one cache entry and its invalidations.
 */
export function useProximaCita(enabled: boolean) {
  return useQuery({
    queryKey: ['citas', 'mias'] as const,
    queryFn: () => api(citasRutas.misCitas),
    enabled,
    select: (citas) => {
      const ahora = Date.now();
      return (
        citas
          .filter((c) => (c.estado === 'pendiente' || c.estado === 'confirmada') && Date.parse(c.inicio) > ahora)
          .sort((a, b) => Date.parse(a.inicio) - Date.parse(b.inicio))[0] ?? null
      );
    },
  });
}
