// Patients and procedures for the desk's booking form. These are users' and catalogue endpoints, not appointment
// ones: they stay here only until lib/api/ has modules for those resources (issue 22, item 1).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { procedimientosRutas, usuariosRutas } from '@clinica/contracts/rutas';
import { api } from '../../../lib/api-client.ts';

/** Active patients whose name, document or e-mail matches (the users API searches all three). */
export const buscarPacientes = (q: string) =>
  api(usuariosRutas.listar, { query: { q: q.trim() || undefined, rol: 'paciente', estado: 'true', porPagina: 20 } });

export const useBuscarPacientes = (q: string) =>
  useQuery({
    queryKey: ['usuarios', 'lista', 'agenda-pacientes', q.trim()],
    queryFn: () => buscarPacientes(q),
    placeholderData: keepPreviousData,
  });

/** The patient a link preselects (`?paciente=` from the desk's confirmation after registering her). */
export const usePacienteElegida = (id: number | null) =>
  useQuery({
    queryKey: ['usuarios', 'detalle', id],
    queryFn: () => api(usuariosRutas.buscar, { params: { id: id! } }),
    enabled: id !== null,
  });

export const useProcedimientosActivos = (enabled: boolean) =>
  useQuery({
    queryKey: ['procedimientos', 'lista', 'agenda-activos'],
    queryFn: () => api(procedimientosRutas.listar, { query: { porPagina: 100 } }),
    enabled,
    staleTime: 5 * 60_000,
  });
