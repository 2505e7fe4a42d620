import type { EditarUsuarioAdminInput } from '@clinica/contracts/usuarios';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { invalidarUsuarios } from './claves.ts';

export const editarUsuario = (id: number, datos: EditarUsuarioAdminInput) =>
  api(usuariosRutas.editar, { params: { id }, body: datos });
export const editarEstadoUsuario = (id: number, estado: boolean) =>
  api(usuariosRutas.editarEstado, { params: { id }, body: { estado } });

export function useEditarUsuario(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (datos: EditarUsuarioAdminInput) => editarUsuario(id, datos),
    onSuccess: (u) => invalidarUsuarios(qc, u),
  });
}

export function useEditarEstadoUsuario() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, estado }: { id: number; estado: boolean }) => editarEstadoUsuario(id, estado),
    onSuccess: (u) => invalidarUsuarios(qc, u),
  });
}
