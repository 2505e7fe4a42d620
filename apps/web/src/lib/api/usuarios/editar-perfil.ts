import type { EditarPerfilInput } from '@clinica/contracts/usuarios';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api-client.ts';
import { invalidarPerfil } from './claves.ts';

export const editarPerfil = (datos: EditarPerfilInput) => api(usuariosRutas.editarPerfil, { body: datos });

export function useEditarPerfil(userId: number | null) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: editarPerfil, onSuccess: (u) => invalidarPerfil(qc, userId, u) });
}
