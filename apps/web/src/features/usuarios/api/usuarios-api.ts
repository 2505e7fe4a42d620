// Fetchers, query options and hooks for profile and user administration (issue 3, STYLE 8).
// Mutations invalidate the queries they change.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CrearUsuarioAdminInput,
  EditarPerfilInput,
  EditarUsuarioAdminInput,
  listaUsuariosSchema,
  Rol,
  UsuarioWire,
} from '@clinica/contracts/usuarios';
import { usuariosPaths } from '@clinica/contracts/rutas';
import { api, qs } from '../../../lib/api-client.ts';

export type ListaUsuariosWire = z.input<typeof listaUsuariosSchema>;
export type FiltroUsuarios = { q?: string; rol?: Rol; estado?: boolean; pagina: number; porPagina: number };

export const usuariosKeys = {
  all: ['usuarios'] as const,
  perfil: (userId: number | null) => ['usuarios', 'perfil', userId] as const,
  listas: () => ['usuarios', 'lista'] as const,
  lista: (f: FiltroUsuarios) => ['usuarios', 'lista', f] as const,
  detalle: (id: number) => ['usuarios', 'detalle', id] as const,
};

// ---- fetchers -------------------------------------------------------------------------------------
export const obtenerPerfil = () => api.get<UsuarioWire>(usuariosPaths.perfil);
export const editarPerfil = (datos: EditarPerfilInput) => api.patch<UsuarioWire>(usuariosPaths.perfil, datos);
export const cambiarContrasena = (datos: { contrasena_actual: string; contrasena_nueva: string }) =>
  api.patch<{ mensaje: string }>(usuariosPaths.perfilContrasena, datos);
export const listarUsuarios = (f: FiltroUsuarios) =>
  api.get<ListaUsuariosWire>(
    `${usuariosPaths.listar}${qs({ q: f.q?.trim(), rol: f.rol, estado: f.estado, pagina: f.pagina, porPagina: f.porPagina })}`,
  );
export const buscarUsuario = (id: number) => api.get<UsuarioWire>(usuariosPaths.buscar(id));
export const crearUsuario = (datos: CrearUsuarioAdminInput) => api.post<UsuarioWire>(usuariosPaths.crearAdmin, datos);
export const editarUsuario = (id: number, datos: EditarUsuarioAdminInput) =>
  api.patch<UsuarioWire>(usuariosPaths.editar(id), datos);
export const editarEstadoUsuario = (id: number, estado: boolean) =>
  api.patch<UsuarioWire>(usuariosPaths.editarEstado(id), { estado });

// ---- queries --------------------------------------------------------------------------------------
export const perfilQuery = (userId: number | null) =>
  queryOptions({ queryKey: usuariosKeys.perfil(userId), queryFn: obtenerPerfil, enabled: userId !== null });

export const listaUsuariosQuery = (f: FiltroUsuarios) =>
  queryOptions({
    queryKey: usuariosKeys.lista(f),
    queryFn: () => listarUsuarios(f),
    placeholderData: keepPreviousData,
  });

export const usuarioQuery = (id: number) =>
  queryOptions({
    queryKey: usuariosKeys.detalle(id),
    queryFn: () => buscarUsuario(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const usePerfil = (userId: number | null) => useQuery(perfilQuery(userId));
export const useListaUsuarios = (f: FiltroUsuarios) => useQuery(listaUsuariosQuery(f));
export const useUsuario = (id: number) => useQuery(usuarioQuery(id));

// ---- mutations ------------------------------------------------------------------------------------
function useInvalidarUsuarios() {
  const qc = useQueryClient();
  return (u?: UsuarioWire) => {
    if (u) qc.setQueryData(usuariosKeys.detalle(u.id), u);
    return qc.invalidateQueries({ queryKey: usuariosKeys.all });
  };
}

export function useEditarPerfil(userId: number | null) {
  const qc = useQueryClient();
  const invalidar = useInvalidarUsuarios();
  return useMutation({
    mutationFn: editarPerfil,
    onSuccess: (u) => {
      qc.setQueryData(usuariosKeys.perfil(userId), u);
      return invalidar(u);
    },
  });
}

export const useCambiarContrasena = () => useMutation({ mutationFn: cambiarContrasena });

export function useCrearUsuario() {
  const invalidar = useInvalidarUsuarios();
  return useMutation({ mutationFn: crearUsuario, onSuccess: (u) => invalidar(u) });
}

export function useEditarUsuario(id: number) {
  const invalidar = useInvalidarUsuarios();
  return useMutation({
    mutationFn: (datos: EditarUsuarioAdminInput) => editarUsuario(id, datos),
    onSuccess: (u) => invalidar(u),
  });
}

export function useEditarEstadoUsuario() {
  const invalidar = useInvalidarUsuarios();
  return useMutation({
    mutationFn: ({ id, estado }: { id: number; estado: boolean }) => editarEstadoUsuario(id, estado),
    onSuccess: (u) => invalidar(u),
  });
}
