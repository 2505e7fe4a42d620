// Staff agenda: fetchers, query options and hooks for what the agenda screens call (STYLE 8). Keys start with
// 'citas' so any appointment mutation (this feature's or the patient screens') refreshes every agenda query.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyDe, QueryDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { citasRutas, procedimientosRutas, usuariosRutas } from '@clinica/contracts/rutas';
import { POR_PAGINA_MAX } from '@clinica/contracts/common';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';
import { todasLasPaginas } from '../../../lib/paginacion.ts';

export type CitaWire = RespuestaApi<typeof citasRutas.misCitas>[number];
export type EspacioWire = RespuestaApi<typeof citasRutas.disponibilidad>[number];
export type HorarioWire = RespuestaApi<typeof citasRutas.horarios>[number];
export type BloqueoWire = RespuestaApi<typeof citasRutas.bloqueos>[number];
export type DoctorWire = RespuestaApi<typeof citasRutas.doctores>[number];
/** Filters of the staff list, and the page (pagina, porPagina) for the paginated lists. */
export type FiltroCitas = NonNullable<QueryDe<EndpointDe<typeof citasRutas.listar>>>;
export type PaginaCitasWire = RespuestaApi<typeof citasRutas.listar>;
export type FiltroDisponibilidad = NonNullable<QueryDe<EndpointDe<typeof citasRutas.disponibilidad>>>;
export type CrearCitaBody = BodyDe<EndpointDe<typeof citasRutas.crear>>;
export type CrearBloqueoBody = BodyDe<EndpointDe<typeof citasRutas.crearBloqueo>>;
export type EditarCitaBody = BodyDe<EndpointDe<typeof citasRutas.editar>>;

/** Rows per page of the appointment lists. */
export const POR_PAGINA_CITAS = 20;

export const agendaKeys = {
  all: ['citas'] as const,
  listas: () => ['citas', 'lista'] as const,
  lista: (f: FiltroCitas) => ['citas', 'lista', f] as const,
  agenda: (f: FiltroAgenda) => ['citas', 'agenda', f] as const,
  disponibilidad: (f: FiltroDisponibilidad) => ['citas', 'disponibilidad', f] as const,
  horarios: (doctorId: number) => ['citas', 'horarios', doctorId] as const,
  bloqueos: (doctorId: number, desde: string, hasta: string) => ['citas', 'bloqueos', doctorId, desde, hasta] as const,
  doctores: () => ['citas', 'doctores'] as const,
};

// ---- fetchers -------------------------------------------------------------------------------------
export const listarCitas = (f: FiltroCitas) =>
  api(citasRutas.listar, {
    query: { ...f, buscar: f.buscar?.trim() || undefined, porPagina: f.porPagina ?? POR_PAGINA_CITAS },
  });
/** A calendar's filters: a bounded range (a day or a week), so every appointment in it is fetched. */
export type FiltroAgenda = Omit<FiltroCitas, 'pagina' | 'porPagina'> & { desde: string; hasta: string };
/** Every appointment of a day or a week, page by page (the API gives at most POR_PAGINA_MAX per page). */
export const listarAgenda = async (f: FiltroAgenda) =>
  (await todasLasPaginas((pagina) => listarCitas({ ...f, pagina, porPagina: POR_PAGINA_MAX }))).items;
export const disponibilidad = (f: FiltroDisponibilidad) => api(citasRutas.disponibilidad, { query: f });
export const listarDoctores = () => api(citasRutas.doctores);
/** `clave`: the Idempotency-Key of this attempt, so a retried or double-submitted booking books once. */
export const crearCita = ({ body, clave }: { body: CrearCitaBody; clave: string }) =>
  api(citasRutas.crear, { body, headers: { 'Idempotency-Key': clave } });
export const reagendarCita = (id: number, inicio: string) =>
  api(citasRutas.reagendar, { params: { id }, body: { inicio } });
/** Staff: another doctor (and time) goes through editarcita, which checks that doctor's hours and agenda. */
export const editarCita = (id: number, body: EditarCitaBody) => api(citasRutas.editar, { params: { id }, body });
export const cancelarCita = (id: number, motivo: string) =>
  api(citasRutas.cancelar, { params: { id }, body: { motivo } });
export const obtenerHorarios = (doctorId: number) => api(citasRutas.horarios, { params: { doctorId } });
export const reemplazarHorarios = (doctorId: number, horarios: HorarioWire[]) =>
  api(citasRutas.reemplazarHorarios, { params: { doctorId }, body: { horarios } });
export const listarBloqueos = (doctorId: number, desde: string, hasta: string) =>
  api(citasRutas.bloqueos, { params: { doctorId }, query: { desde, hasta } });
export const crearBloqueo = (doctorId: number, body: CrearBloqueoBody) =>
  api(citasRutas.crearBloqueo, { params: { doctorId }, body });
export const eliminarBloqueo = (doctorId: number, id: number) =>
  api(citasRutas.eliminarBloqueo, { params: { doctorId, id } });
/** Active patients whose name, document or e-mail matches (the users API searches all three). */
export const buscarPacientes = (q: string) =>
  api(usuariosRutas.listar, { query: { q: q.trim() || undefined, rol: 'paciente', estado: 'true', porPagina: 20 } });
export const listarProcedimientosActivos = () => api(procedimientosRutas.listar, { query: { porPagina: 100 } });

// ---- queries --------------------------------------------------------------------------------------
export const citasQuery = (f: FiltroCitas, enabled = true) =>
  queryOptions({
    queryKey: agendaKeys.lista(f),
    queryFn: () => listarCitas(f),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useCitas = (f: FiltroCitas, enabled = true) => useQuery(citasQuery(f, enabled));

/** The calendar: all the appointments of its range. */
export const useAgenda = (f: FiltroAgenda) =>
  useQuery({ queryKey: agendaKeys.agenda(f), queryFn: () => listarAgenda(f), placeholderData: keepPreviousData });

export const useDoctores = () =>
  useQuery({ queryKey: agendaKeys.doctores(), queryFn: listarDoctores, staleTime: 5 * 60_000 });

export const useDisponibilidad = (f: FiltroDisponibilidad | null) =>
  useQuery({
    queryKey: agendaKeys.disponibilidad(f ?? { desde: '', hasta: '' }),
    queryFn: () => disponibilidad(f!),
    enabled: f !== null,
    // Free times change as others book: refresh on focus and do not keep them long.
    staleTime: 15_000,
  });

export const useHorarios = (doctorId: number | null) =>
  useQuery({
    queryKey: agendaKeys.horarios(doctorId ?? 0),
    queryFn: () => obtenerHorarios(doctorId!),
    enabled: doctorId !== null,
  });

export const useBloqueos = (doctorId: number | null, desde: string, hasta: string) =>
  useQuery({
    queryKey: agendaKeys.bloqueos(doctorId ?? 0, desde, hasta),
    queryFn: () => listarBloqueos(doctorId!, desde, hasta),
    enabled: doctorId !== null,
  });

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
    queryFn: listarProcedimientosActivos,
    enabled,
    staleTime: 5 * 60_000,
  });

// ---- mutations ------------------------------------------------------------------------------------
function useInvalidarCitas() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: agendaKeys.all });
}

export function useCrearCita() {
  const invalidar = useInvalidarCitas();
  return useMutation({ mutationFn: crearCita, onSettled: invalidar });
}

export function useReagendarCita() {
  const invalidar = useInvalidarCitas();
  return useMutation({
    mutationFn: ({ id, inicio }: { id: number; inicio: string }) => reagendarCita(id, inicio),
    onSettled: invalidar,
  });
}

/** Moves an appointment: to another time of its doctor (reagendarcita) or to another doctor (editarcita). */
export function useMoverCita() {
  const invalidar = useInvalidarCitas();
  return useMutation({
    mutationFn: ({ cita, inicio, doctorId }: { cita: CitaWire; inicio: string; doctorId: number }) =>
      doctorId === cita.doctor.id
        ? reagendarCita(cita.id, inicio)
        : editarCita(cita.id, { doctor_id: doctorId, inicio }),
    onSettled: invalidar,
  });
}

export function useCancelarCita() {
  const invalidar = useInvalidarCitas();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) => cancelarCita(id, motivo),
    onSettled: invalidar,
  });
}

export function useReemplazarHorarios(doctorId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (horarios: HorarioWire[]) => reemplazarHorarios(doctorId!, horarios),
    onSuccess: (h) => qc.setQueryData(agendaKeys.horarios(doctorId!), h),
    // Free times depend on the hours.
    onSettled: () => qc.invalidateQueries({ queryKey: ['citas', 'disponibilidad'] }),
  });
}

export function useCrearBloqueo(doctorId: number | null) {
  const invalidar = useInvalidarCitas();
  return useMutation({
    mutationFn: (body: CrearBloqueoBody) => crearBloqueo(doctorId!, body),
    onSettled: invalidar,
  });
}

export function useEliminarBloqueo(doctorId: number | null) {
  const invalidar = useInvalidarCitas();
  return useMutation({
    mutationFn: (id: number) => eliminarBloqueo(doctorId!, id),
    onSettled: invalidar,
  });
}
