// Appointments (issue 8): one fetcher + query options + hook per /apicitas operation (STYLE 8), typed from
// citasEndpoints through the web's client. Every appointment query lives under the 'citas' root key, so a
// mutation that changes an appointment invalidates lists, details and free times at once; doctors' hours and
// blocks live under 'citas/horarios' and 'citas/bloqueos' and also change the free times.
import type { BodyDe, QueryDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { citasRutas, procedimientosRutas, usuariosRutas } from '@clinica/contracts/rutas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiClientError, type RespuestaApi } from '../../../lib/api-client.ts';

/** One appointment as every list answers it. */
export type CitaWire = RespuestaApi<typeof citasRutas.misCitas>[number];
/** One appointment as its details screen reads it: plus what realizada still needs and, for its doctor, the alerts. */
export type DetalleCitaWire = RespuestaApi<typeof citasRutas.buscar>;
export type EspacioWire = RespuestaApi<typeof citasRutas.disponibilidad>[number];
export type DoctorPublico = RespuestaApi<typeof citasRutas.doctores>[number];
export type HorarioWire = RespuestaApi<typeof citasRutas.horarios>[number];
export type BloqueoWire = RespuestaApi<typeof citasRutas.bloqueos>[number];
export type PacienteDoctorWire = RespuestaApi<typeof citasRutas.pacientesDoctor>[number];

export type ListarCitasQuery = QueryDe<EndpointDe<typeof citasRutas.listar>>;
export type DisponibilidadQuery = QueryDe<EndpointDe<typeof citasRutas.disponibilidad>>;
export type BloqueosQuery = QueryDe<EndpointDe<typeof citasRutas.bloqueos>>;
export type CrearCitaBody = BodyDe<EndpointDe<typeof citasRutas.crear>>;
export type EditarCitaBody = BodyDe<EndpointDe<typeof citasRutas.editar>>;
export type EditarEstadoBody = BodyDe<EndpointDe<typeof citasRutas.editarEstado>>;
export type ReemplazarHorariosBody = BodyDe<EndpointDe<typeof citasRutas.reemplazarHorarios>>;
export type CrearBloqueoBody = BodyDe<EndpointDe<typeof citasRutas.crearBloqueo>>;

/** Query keys; the 'citas' root covers everything here. */
export const citasKeys = {
  all: ['citas'] as const,
  usuario: (usuarioId: number) => ['citas', 'usuario', usuarioId] as const,
  mias: ['citas', 'mias'] as const,
  lista: (q: ListarCitasQuery = {}) => ['citas', 'lista', q] as const,
  detalle: (id: number) => ['citas', 'detalle', id] as const,
  pacientesDoctor: ['citas', 'pacientes-doctor'] as const,
  disponibilidadTodas: ['citas', 'disponibilidad'] as const,
  disponibilidad: (q: DisponibilidadQuery) => ['citas', 'disponibilidad', q] as const,
  horarios: (doctorId: number) => ['citas', 'horarios', doctorId] as const,
  bloqueos: (doctorId: number, q?: BloqueosQuery) => ['citas', 'bloqueos', doctorId, q ?? {}] as const,
  doctores: ['doctores'] as const,
};

const idValido = (id: number) => Number.isInteger(id) && id > 0;

// ---- fetchers ------------------------------------------------------------------------------------
export const listarCitasUsuario = (usuarioId: number) => api(citasRutas.citasUsuario, { params: { usuarioId } });
export const listarMisCitas = () => api(citasRutas.misCitas);
export const listarCitas = (query: ListarCitasQuery = {}) => api(citasRutas.listar, { query });
export const buscarCita = (id: number) => api(citasRutas.buscar, { params: { id } });
export const listarPacientesDoctor = () => api(citasRutas.pacientesDoctor);
export const consultarDisponibilidad = (query: DisponibilidadQuery) => api(citasRutas.disponibilidad, { query });
export const listarDoctores = () => api(citasRutas.doctores);
/** `claveIdempotencia`: one per booking attempt, so a retried or double-tapped request books once. */
export const crearCita = (body: CrearCitaBody, claveIdempotencia?: string) =>
  api(citasRutas.crear, {
    body,
    ...(claveIdempotencia ? { headers: { 'Idempotency-Key': claveIdempotencia } } : {}),
  });
export const editarCita = (id: number, body: EditarCitaBody) => api(citasRutas.editar, { params: { id }, body });
export const reagendarCita = (id: number, inicio: string) =>
  api(citasRutas.reagendar, { params: { id }, body: { inicio } });
export const cancelarCita = (id: number, motivo: string) =>
  api(citasRutas.cancelar, { params: { id }, body: { motivo } });
export const editarEstadoCita = (id: number, estado: EditarEstadoBody['estado']) =>
  api(citasRutas.editarEstado, { params: { id }, body: { estado } });
export const listarHorarios = (doctorId: number) => api(citasRutas.horarios, { params: { doctorId } });
export const reemplazarHorarios = (doctorId: number, body: ReemplazarHorariosBody) =>
  api(citasRutas.reemplazarHorarios, { params: { doctorId }, body });
export const listarBloqueos = (doctorId: number, query: BloqueosQuery) =>
  api(citasRutas.bloqueos, { params: { doctorId }, query });
export const crearBloqueo = (doctorId: number, body: CrearBloqueoBody) =>
  api(citasRutas.crearBloqueo, { params: { doctorId }, body });
export const eliminarBloqueo = (doctorId: number, id: number) =>
  api(citasRutas.eliminarBloqueo, { params: { doctorId, id } });

/** A fresh Idempotency-Key (the API takes 8-100 visible ASCII characters). */
export function nuevaClaveIdempotencia(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The next free times a 409 HORARIO_OCUPADO offers, or null for any other failure. */
export function siguientesLibres(error: unknown): EspacioWire[] | null {
  if (!(error instanceof ApiClientError) || error.code !== 'HORARIO_OCUPADO') return null;
  const datos = error.datos as { siguientes?: unknown } | undefined;
  return Array.isArray(datos?.siguientes) ? (datos.siguientes as EspacioWire[]) : [];
}

// ---- query options and hooks ---------------------------------------------------------------------
/**
 * The patient's name for /citaspaciente when she has no appointments to read it from: her own profile for a
 * patient, the user record for staff. Under 'citas' so it is refreshed with the list.
 */
export const nombrePacienteQuery = (usuarioId: number, propia: boolean, enabled: boolean) =>
  queryOptions({
    queryKey: ['citas', 'nombre-paciente', usuarioId, propia] as const,
    queryFn: async () =>
      (propia ? await api(usuariosRutas.perfil) : await api(usuariosRutas.buscar, { params: { id: usuarioId } }))
        .nombre,
    enabled: enabled && idValido(usuarioId),
  });
export const citasUsuarioQuery = (usuarioId: number) =>
  queryOptions({
    queryKey: citasKeys.usuario(usuarioId),
    queryFn: () => listarCitasUsuario(usuarioId),
    enabled: idValido(usuarioId),
  });
export const misCitasQuery = () => queryOptions({ queryKey: citasKeys.mias, queryFn: listarMisCitas });
export const listaCitasQuery = (q: ListarCitasQuery = {}) =>
  queryOptions({ queryKey: citasKeys.lista(q), queryFn: () => listarCitas(q) });
export const citaQuery = (id: number) =>
  queryOptions({ queryKey: citasKeys.detalle(id), queryFn: () => buscarCita(id), enabled: idValido(id) });
export const pacientesDoctorQuery = () =>
  queryOptions({ queryKey: citasKeys.pacientesDoctor, queryFn: listarPacientesDoctor });
/** Free times change every minute (others book): kept fresh for 30 s only. */
export const disponibilidadQuery = (q: DisponibilidadQuery, enabled = true) =>
  queryOptions({
    queryKey: citasKeys.disponibilidad(q),
    queryFn: () => consultarDisponibilidad(q),
    enabled: enabled && Boolean(q.desde && q.hasta),
    staleTime: 30_000,
  });
export const doctoresQuery = () =>
  queryOptions({ queryKey: citasKeys.doctores, queryFn: listarDoctores, staleTime: 5 * 60_000 });
export const horariosQuery = (doctorId: number) =>
  queryOptions({
    queryKey: citasKeys.horarios(doctorId),
    queryFn: () => listarHorarios(doctorId),
    enabled: idValido(doctorId),
  });
export const bloqueosQuery = (doctorId: number, q: BloqueosQuery) =>
  queryOptions({
    queryKey: citasKeys.bloqueos(doctorId, q),
    queryFn: () => listarBloqueos(doctorId, q),
    enabled: idValido(doctorId),
  });

export const useCitasUsuario = (usuarioId: number) => useQuery(citasUsuarioQuery(usuarioId));
export const useNombrePaciente = (usuarioId: number, propia: boolean, enabled: boolean) =>
  useQuery(nombrePacienteQuery(usuarioId, propia, enabled));
export const useMisCitas = () => useQuery(misCitasQuery());
export const useListaCitas = (q: ListarCitasQuery = {}) => useQuery(listaCitasQuery(q));
export const useCita = (id: number) => useQuery(citaQuery(id));
export const usePacientesDoctor = () => useQuery(pacientesDoctorQuery());
export const useDisponibilidad = (q: DisponibilidadQuery, enabled = true) => useQuery(disponibilidadQuery(q, enabled));
export const useDoctores = () => useQuery(doctoresQuery());
export const useHorarios = (doctorId: number) => useQuery(horariosQuery(doctorId));
export const useBloqueos = (doctorId: number, q: BloqueosQuery) => useQuery(bloqueosQuery(doctorId, q));

// ---- mutations -----------------------------------------------------------------------------------
/** After a change to one appointment: store the new version and refresh every list and the free times. */
function useCitaCambiada() {
  const qc = useQueryClient();
  return (cita: CitaWire) => {
    qc.setQueryData(citasKeys.detalle(cita.id), cita);
    return qc.invalidateQueries({
      queryKey: citasKeys.all,
      predicate: (q) => !(q.queryKey[1] === 'detalle' && q.queryKey[2] === cita.id),
    });
  };
}

/**
 * Books an appointment. Pass `claveIdempotencia` (nuevaClaveIdempotencia(), kept for the attempt) so a double tap
 * or a retry never books twice. A patient's booking from the cart empties the cart on the server: the screen
 * reloads the cart context.
 */
export function useCrearCita() {
  const cambiada = useCitaCambiada();
  return useMutation({
    mutationFn: ({ body, claveIdempotencia }: { body: CrearCitaBody; claveIdempotencia?: string }) =>
      crearCita(body, claveIdempotencia),
    onSuccess: cambiada,
  });
}

export function useEditarCita(id: number) {
  const cambiada = useCitaCambiada();
  return useMutation({ mutationFn: (body: EditarCitaBody) => editarCita(id, body), onSuccess: cambiada });
}

export function useReagendarCita() {
  const cambiada = useCitaCambiada();
  return useMutation({
    mutationFn: ({ id, inicio }: { id: number; inicio: string }) => reagendarCita(id, inicio),
    onSuccess: cambiada,
  });
}

export function useCancelarCita() {
  const cambiada = useCitaCambiada();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) => cancelarCita(id, motivo),
    onSuccess: cambiada,
  });
}

export function useEditarEstadoCita() {
  const cambiada = useCitaCambiada();
  return useMutation({
    mutationFn: ({ id, estado }: { id: number; estado: EditarEstadoBody['estado'] }) => editarEstadoCita(id, estado),
    onSuccess: cambiada,
  });
}

/** Hours and blocks shape the free times: their changes refresh availability too. */
function useAgendaCambiada() {
  const qc = useQueryClient();
  return (doctorId: number) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: citasKeys.horarios(doctorId) }),
      qc.invalidateQueries({ queryKey: ['citas', 'bloqueos', doctorId] }),
      qc.invalidateQueries({ queryKey: citasKeys.disponibilidadTodas }),
    ]);
}

export function useReemplazarHorarios(doctorId: number) {
  const qc = useQueryClient();
  const agendaCambiada = useAgendaCambiada();
  return useMutation({
    mutationFn: (body: ReemplazarHorariosBody) => reemplazarHorarios(doctorId, body),
    onSuccess: (horarios) => {
      qc.setQueryData(citasKeys.horarios(doctorId), horarios);
      return agendaCambiada(doctorId);
    },
  });
}

export function useCrearBloqueo(doctorId: number) {
  const agendaCambiada = useAgendaCambiada();
  return useMutation({
    mutationFn: (body: CrearBloqueoBody) => crearBloqueo(doctorId, body),
    onSuccess: () => agendaCambiada(doctorId),
  });
}

export function useEliminarBloqueo(doctorId: number) {
  const agendaCambiada = useAgendaCambiada();
  return useMutation({
    mutationFn: (id: number) => eliminarBloqueo(doctorId, id),
    onSuccess: () => agendaCambiada(doctorId),
  });
}

// ---- procedures for the appointment forms --------------------------------------------------------
/** Active procedures, names only, for the edit form's picker (the catalogue feature owns the full lists). */
export const opcionesProcedimientoQuery = () =>
  queryOptions({
    queryKey: ['procedimientos', 'opciones-cita'] as const,
    queryFn: () =>
      api(procedimientosRutas.listar, { query: { porPagina: 100 } }).then((r) =>
        r.items.map((p) => ({ id: p.id, nombre: p.nombre })),
      ),
    staleTime: 5 * 60_000,
  });
export const useOpcionesProcedimiento = () => useQuery(opcionesProcedimientoQuery());
