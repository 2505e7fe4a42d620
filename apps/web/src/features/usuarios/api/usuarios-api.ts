// Fetchers, query options and hooks for profile and user administration (issue 3, STYLE 8).
// Mutations invalidate the queries they change.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CrearPacienteInput,
  CrearUsuarioAdminInput,
  EditarPerfilInput,
  EditarUsuarioAdminInput,
  Rol,
  UsuarioWire,
} from '@clinica/contracts/usuarios';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type ListaUsuariosWire = RespuestaApi<typeof usuariosRutas.listar>;
export type FiltroUsuarios = { q?: string; rol?: Rol; estado?: boolean; pagina: number; porPagina: number };

export const usuariosKeys = {
  all: ['usuarios'] as const,
  perfil: (userId: number | null) => ['usuarios', 'perfil', userId] as const,
  listas: () => ['usuarios', 'lista'] as const,
  lista: (f: FiltroUsuarios) => ['usuarios', 'lista', f] as const,
  detalle: (id: number) => ['usuarios', 'detalle', id] as const,
};

// ---- fetchers -------------------------------------------------------------------------------------
export const obtenerPerfil = () => api(usuariosRutas.perfil);
export const editarPerfil = (datos: EditarPerfilInput) => api(usuariosRutas.editarPerfil, { body: datos });
export const cambiarContrasena = (datos: { contrasena_actual: string; contrasena_nueva: string }) =>
  api(usuariosRutas.cambiarContrasena, { body: datos });
/** Asks for a link to the new address (decision 0037); nothing changes until it is opened. */
export const cambiarCorreo = (datos: { correo_nuevo: string; contrasena_actual: string }) =>
  api(usuariosRutas.cambiarCorreo, { body: datos });
/** The link's token, in the body (never in a URL); public: the link may be opened without a session. */
export const confirmarCorreo = (datos: { token: string }) => api(usuariosRutas.confirmarCorreo, { body: datos });
export const listarUsuarios = (f: FiltroUsuarios) =>
  api(usuariosRutas.listar, {
    query: {
      q: f.q?.trim(),
      rol: f.rol,
      estado: f.estado === undefined ? undefined : f.estado ? 'true' : 'false',
      pagina: f.pagina,
      porPagina: f.porPagina,
    },
  });
export const buscarUsuario = (id: number) => api(usuariosRutas.buscar, { params: { id } });
export const crearUsuario = (datos: CrearUsuarioAdminInput) => api(usuariosRutas.crearAdmin, { body: datos });
/** A walk-in patient (issue 27.8): no password, e-mail optional; with one she gets the invitation. */
export const crearPaciente = (datos: CrearPacienteInput) => api(usuariosRutas.crearPaciente, { body: datos });
/** Sends the invitation to choose her password again (earlier links stop working). */
export const invitarPaciente = (id: number) => api(usuariosRutas.invitar, { params: { id } });
export const editarUsuario = (id: number, datos: EditarUsuarioAdminInput) =>
  api(usuariosRutas.editar, { params: { id }, body: datos });
/** Ley 1581 de 2012: both acceptances, the only body the two endpoints take. */
const AMBAS_ACEPTADAS = { terminos_condiciones: true, politica_datos: true } as const;
/** The signed-in patient accepts the terms and data policy herself (her first sign-in, issue 21.4). */
export const aceptarAutorizacion = () => api(usuariosRutas.aceptarAutorizacion, { body: AMBAS_ACEPTADAS });
/** The front desk records that the patient read and accepted them on its screen. */
export const registrarAutorizacion = (id: number) =>
  api(usuariosRutas.registrarAutorizacion, { params: { id }, body: AMBAS_ACEPTADAS });
export const editarEstadoUsuario = (id: number, estado: boolean) =>
  api(usuariosRutas.editarEstado, { params: { id }, body: { estado } });

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
export const useCambiarCorreo = () => useMutation({ mutationFn: cambiarCorreo });

export function useCrearUsuario() {
  const invalidar = useInvalidarUsuarios();
  return useMutation({ mutationFn: crearUsuario, onSuccess: (u) => invalidar(u) });
}

export function useCrearPaciente() {
  const invalidar = useInvalidarUsuarios();
  return useMutation({ mutationFn: crearPaciente, onSuccess: (r) => invalidar(r.usuario) });
}

export const useInvitarPaciente = () => useMutation({ mutationFn: invitarPaciente });

export function useEditarUsuario(id: number) {
  const invalidar = useInvalidarUsuarios();
  return useMutation({
    mutationFn: (datos: EditarUsuarioAdminInput) => editarUsuario(id, datos),
    onSuccess: (u) => invalidar(u),
  });
}

/** The patient's own acceptance: her profile (what the dashboard's gate reads) is replaced by the answer. */
export function useAceptarAutorizacion(userId: number | null) {
  const qc = useQueryClient();
  const invalidar = useInvalidarUsuarios();
  return useMutation({
    mutationFn: aceptarAutorizacion,
    onSuccess: (u) => {
      qc.setQueryData(usuariosKeys.perfil(userId), u);
      return invalidar(u);
    },
  });
}

export function useRegistrarAutorizacion() {
  const invalidar = useInvalidarUsuarios();
  return useMutation({ mutationFn: registrarAutorizacion, onSuccess: (u) => invalidar(u) });
}

export function useEditarEstadoUsuario() {
  const invalidar = useInvalidarUsuarios();
  return useMutation({
    mutationFn: ({ id, estado }: { id: number; estado: boolean }) => editarEstadoUsuario(id, estado),
    onSuccess: (u) => invalidar(u),
  });
}
