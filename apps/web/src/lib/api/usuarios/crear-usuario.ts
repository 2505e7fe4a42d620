import type { CrearPacienteInput, CrearUsuarioAdminInput } from '@clinica/contracts/usuarios';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { invalidarUsuarios } from './claves.ts';

export const crearUsuario = (datos: CrearUsuarioAdminInput) => api(usuariosRutas.crearAdmin, { body: datos });
/** A walk-in patient (issue 27.8): no password, e-mail optional; with one she gets the invitation. */
export const crearPaciente = (datos: CrearPacienteInput) => api(usuariosRutas.crearPaciente, { body: datos });

export function useCrearUsuario() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: crearUsuario, onSuccess: (u) => invalidarUsuarios(qc, u) });
}

export function useCrearPaciente() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: crearPaciente, onSuccess: (r) => invalidarUsuarios(qc, r.usuario) });
}
