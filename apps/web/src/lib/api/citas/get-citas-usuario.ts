// /apicitas/citasusuario/:usuarioId: one patient's appointments (/citaspaciente), and her name for the title
// when she has none to read it from.
import { useQuery } from '@tanstack/react-query';
import { citasRutas, usuariosRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { citasClaves } from './claves.ts';

const idValido = (id: number) => Number.isInteger(id) && id > 0;

export const getCitasUsuario = (usuarioId: number) => api(citasRutas.citasUsuario, { params: { usuarioId } });

export const useCitasUsuario = (usuarioId: number) =>
  useQuery({
    queryKey: citasClaves.usuario(usuarioId),
    queryFn: () => getCitasUsuario(usuarioId),
    enabled: idValido(usuarioId),
  });

/** Her own profile for a patient, the user record for staff. Under the appointments' key: refreshed with the list. */
export const useNombrePaciente = (usuarioId: number, propia: boolean, enabled: boolean) =>
  useQuery({
    queryKey: citasClaves.nombrePaciente(usuarioId, propia),
    queryFn: async () =>
      (propia ? await api(usuariosRutas.perfil) : await api(usuariosRutas.buscar, { params: { id: usuarioId } }))
        .nombre,
    enabled: enabled && idValido(usuarioId),
  });
