// /apicitas/citasusuario/:usuarioId: one patient's appointments (/citaspaciente), and her name for the title
// when she has none to read it from.
import { useQuery } from '@tanstack/react-query';
import { citasRutas, usuariosRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { consultaPorId, idValido } from '../consultas.ts';
import { citasClaves } from './claves.ts';

export const getCitasUsuario = (usuarioId: number) => api(citasRutas.citasUsuario, { params: { usuarioId } });

export const useCitasUsuario = (usuarioId: number) =>
  useQuery(consultaPorId(citasClaves.usuario(usuarioId), usuarioId, getCitasUsuario));

/** Her own profile for a patient, the user record for staff. Under the appointments' key: refreshed with the list. */
export const useNombrePaciente = (usuarioId: number, propia: boolean, enabled: boolean) =>
  useQuery({
    queryKey: citasClaves.nombrePaciente(usuarioId, propia),
    queryFn: async () =>
      (propia ? await api(usuariosRutas.perfil) : await api(usuariosRutas.buscar, { params: { id: usuarioId } }))
        .nombre,
    enabled: enabled && idValido(usuarioId),
  });
