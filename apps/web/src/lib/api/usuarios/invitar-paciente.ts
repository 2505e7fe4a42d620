import { usuariosRutas } from '@clinica/contracts/rutas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

/** Sends the invitation to choose her password again (earlier links stop working); nothing cached changes. */
export const invitarPaciente = (id: number) => api(usuariosRutas.invitar, { params: { id } });

export const useInvitarPaciente = () => useMutation({ mutationFn: invitarPaciente });
