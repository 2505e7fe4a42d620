// The booking engine (DOMAIN.md "Rules"; issue 8): free slots from the doctors' hours, blocks, holidays,
// Sundays, existing appointments and margins, in the clinic's zone; bookings checked against every rule and
// made safe against races by the database's exclusion constraints; states, cancellations and reschedules
// by who may do them; every change audited in its transaction.
import { MENSAJE_SIN_AUTORIZACION_DATOS } from '@clinica/contracts/usuarios';
import { createHash } from 'node:crypto';
import {
  DIAS_MAX_DISPONIBILIDAD,
  DIAS_MAXIMOS_ANTICIPACION,
  DURACION_EVALUACION_MIN,
  HORAS_MINIMAS_CAMBIO_PACIENTE,
  MENSAJES_CITAS as M,
  mensajeFestivo,
  mensajeFueraDeTurno,
  TOPE_CONTEO_BUSQUEDA,
  TOPE_CONTEO_CITAS,
  type Cita,
  type DetalleCita,
  type EstadoCita,
  type RequisitoRealizada,
  type TipoCita,
} from '@clinica/contracts/citas';
import { diaDeSemana, esFestivo, horaEsCo, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import type { Rol } from '@clinica/contracts/usuarios';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError, isExclusionViolation, isUniqueViolation, noEncontrado, prohibido } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { EfectoNuevo } from '../../platform/bandeja.repository.ts';
import type { Encolar, TipoBandeja } from '../../platform/bandeja.service.ts';
import type { notificaciones } from '../../db/schema/index.ts';
import type { ClaseCorreoCita, CorreosCitas } from './citas-correos.ts';
import {
  CRUCE_DOCTOR,
  CRUCE_PACIENTE,
  type CambiosCita,
  type CitaDetalle,
  type CitasRepository,
  type FiltroCitas,
  type HorarioFila,
  type Reserva,
} from './citas.repository.ts';
import { recordatorioDeCita } from './recordatorio.ts';

/** What booking from the cart needs of the cart: its items (the booking's own statement removes the ones it covers,
 *  citas.repository reservar). */
export type CarritoParaCitas = {
  listar(usuarioId: number): Promise<{ procedimiento_id: number }[]>;
};
export type ReposCitas = {
  citas: CitasRepository;
  auditoria: AuditoriaRepository;
  carrito: CarritoParaCitas;
  encolar: Encolar;
};
type NuevoAviso = { usuario_id: number; tipo: string; mensaje: string; cita_id: number; ruta: string };
/** Writes notifications in the caller's transaction and queues their live pushes (given by the composition root). */
export type Notificar = (tx: ReposCitas, v: NuevoAviso | readonly NuevoAviso[]) => Promise<void>;
/** The live pushes of written notifications (the notifications feature, through the composition root). */
export type EfectosDeAvisos = (filas: readonly (typeof notificaciones.$inferSelect)[]) => EfectoNuevo[];
/** Writes a booking in one statement (citas.repository reservar) outside any transaction, with its effects claimed
 *  and delivered after it commits as `transaccion` does (given by the composition root). */
export type EscribirReserva = (r: Reserva, efectos: readonly EfectoNuevo[]) => Promise<CitaDetalle>;
export type Actor = { id: number; rol: Rol };
export type Origen = { ip?: string | undefined; agente?: string | undefined };
export type Espacio = { inicio: Date; fin: Date; doctor_id: number };

/** What booking one appointment takes (POST /apicitas/crearcitas and the follow-up series). */
export type DatosNuevaCita = {
  doctor_id: number;
  inicio: string;
  tipo?: TipoCita | undefined;
  procedimiento_id?: number | undefined;
  paciente_id?: number | undefined;
  motivo?: string | null | undefined;
};
/** A new appointment that passed every rule, ready to write. */
export type CitaPreparada = {
  /** The ids reserved for the appointment and its two notifications (citas.repository contextoReserva). */
  ids: { cita: number; avisos: number[] };
  pacienteId: number;
  pacienteNombre: string;
  pacienteCorreo: string | null;
  doctorId: number;
  doctorNombre: string;
  procedimientoNombre: string | null;
  tipo: TipoCita;
  procedimientoId: number | null;
  inicio: Date;
  fin: Date;
  duracion: number;
  margen: number;
  delCarrito: number[];
  motivo: string | null;
};
/** One session of a proposed series: the slot (null when none was found) and why the target was not possible. */
export type SesionSerie = {
  sesion: number;
  objetivo: Fecha;
  inicio: Date | null;
  fin: Date | null;
  choque: string | null;
};
/** How far after a session's target date the proposal looks for a free slot. */
export const DIAS_BUSQUEDA_SERIE = 14;

const MIN = 60_000;
type Rango = { inicio: Date; hasta?: Date | undefined; fin?: Date | undefined };

/**
 * Whether [a, b) (ms) crosses any of the ranges (their end is `hasta`, or `fin`), in O(log n): ranges sorted by
 * start, with the furthest end reached so far. A month of one doctor's availability checks ~1,000 candidate times
 * against ~600 appointments; comparing each with each was a small part of the request's CPU all the same
 * (bench/results/perfil.md, "Disponibilidad": 5.6 -> 5.7 ms on PostgreSQL, 10.3 -> 8.1 ms on PGlite).
 */
export function cruceCon(rangos: readonly Rango[]) {
  const orden = rangos
    .map((r) => ({ inicio: r.inicio.getTime(), fin: (r.hasta ?? r.fin)!.getTime() }))
    .sort((x, y) => x.inicio - y.inicio);
  const inicios = orden.map((r) => r.inicio);
  const finMaximo: number[] = [];
  for (const r of orden) finMaximo.push(Math.max(r.fin, finMaximo.at(-1) ?? -Infinity));
  return (a: number, b: number): boolean => {
    // How many ranges start before b; one of them crosses [a, b) when the furthest end among them is past a.
    let bajo = 0;
    let alto = inicios.length;
    while (bajo < alto) {
      const medio = (bajo + alto) >>> 1;
      if (inicios[medio]! < b) bajo = medio + 1;
      else alto = medio;
    }
    return bajo > 0 && finMaximo[bajo - 1]! > a;
  };
}

/** A patient who already has `max` appointments to come (config CITAS_POR_VENIR_MAX). */
export const mensajeCitasPorVenir = (max: number) =>
  `Ya tienes ${max === 1 ? 'una cita' : `${max} citas`} por venir. Para agendar otra, cancela o espera una de ellas, o comunícate con la clínica.`;
export const M_NOTA_SIN_FIRMAR = 'Para marcar la cita como realizada, primero escribe y firma su nota de evolución.';
/** The patient already has another appointment then; said of whoever she or he is (issue 27.12), staff or the patient. */
export const M_CRUCE_PACIENTE = 'Ya hay otra cita para la misma persona a esa hora. Elige otro horario.';
/** A signed note records a visit that happened (issue 21, item 8): its appointment stays where it is. */
export const M_CON_NOTA_FIRMADA =
  'Esta cita ya tiene su nota de evolución firmada: no se puede cancelar, mover ni cambiar de doctor. Márcala como realizada.';
export const M_CONSENTIMIENTO_SIN_FIRMAR =
  'Para marcar como realizada una cita de procedimiento, la paciente o el paciente debe firmar antes su consentimiento informado (y no haberlo revocado).';
export const M_SIN_CONFIRMAR = 'Para marcarla como realizada, primero confirma la cita.';
export const M_SOLO_SU_DOCTOR = 'Solo el doctor de la cita puede marcarla como realizada.';
export const M_NO_EMPIEZA = 'La cita aún no ha empezado; podrás marcarla como realizada cuando empiece.';
type FaltaRealizada = { requisito: RequisitoRealizada; mensaje: string };

const regla = (mensaje: string, campo?: string) =>
  new AppError('REGLA_NEGOCIO', 422, mensaje, campo ? [{ campo, mensaje }] : undefined);

/** Allowed moves (DOMAIN.md): pendiente -> confirmada -> realizada; pendiente|confirmada -> cancelada. */
const TRANSICIONES: Record<EstadoCita, readonly EstadoCita[]> = {
  pendiente: ['confirmada', 'cancelada'],
  confirmada: ['realizada', 'cancelada'],
  realizada: [],
  cancelada: [],
};

export function toCitaWire(d: CitaDetalle): Cita {
  return {
    id: d.id,
    fecha: d.inicio,
    inicio: d.inicio,
    fin: d.fin,
    tipo: d.tipo,
    estado: d.estado,
    usuario: {
      id: d.paciente_id,
      nombre: d.paciente_nombre,
      correo: d.paciente_correo,
      telefono: d.paciente_telefono,
      numerodocumento: d.paciente_documento,
    },
    doctor: { id: d.doctor_id, nombre: d.doctor_nombre },
    procedimiento: d.procedimiento_id ? { id: d.procedimiento_id, nombre: d.procedimiento_nombre ?? '' } : null,
    procedimientos_solicitados: d.procedimientos_solicitados,
    motivo: d.motivo,
    observaciones: d.observaciones,
    motivo_cancelacion: d.motivo_cancelacion,
    creada_en: d.creada_en,
    actualizada_en: d.actualizada_en,
  };
}

/** Completed years at a date ('YYYY-MM-DD' strings). */
export function edadEn(nacimiento: string, fecha: Fecha): number {
  const [an, mn, dn] = nacimiento.split('-').map(Number) as [number, number, number];
  const [a, m, d] = fecha.split('-').map(Number) as [number, number, number];
  return a - an - (m < mn || (m === mn && d < dn) ? 1 : 0);
}

export function createCitasService(deps: {
  repos: ReposCitas;
  transaccion: Transaccion<ReposCitas>;
  calendario: Calendario;
  notificar: Notificar;
  /** Whether the appointment has a signed clinical note (the notes feature, through the composition root). */
  notaFirmada: (citaId: number) => Promise<boolean>;
  /** Whether the appointment has a signed, unrevoked informed consent (the consent feature). */
  consentimientoVigente: (citaId: number) => Promise<boolean>;
  /** The patient's allergies and alert flags for her doctor, the read audited (the records feature). */
  alertasPaciente: (actor: Actor, pacienteId: number, origen: Origen) => Promise<DetalleCita['alertas_paciente']>;
  /** The patient's e-mails with their calendar (citas-correos.ts). */
  correos: CorreosCitas;
  efectosDeAvisos: EfectosDeAvisos;
  escribirReserva: EscribirReserva;
  /** config.citasPorVenirMax: appointments to come a patient may book herself. */
  citasPorVenirMax: number;
}) {
  const { repos, transaccion, calendario, notificar, notaFirmada, consentimientoVigente } = deps;
  const repo = repos.citas;
  const fechaLegible = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', timeZone: calendario.zona });
  const fechaCorta = new Intl.DateTimeFormat('es-CO', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: calendario.zona,
  });
  /** 'h:mm a. m.' (contracts/tiempo horaEsCo: the one es-CO time format, plain spaces). */
  const hora = { format: (d: Date) => horaEsCo(d, calendario.zona) };
  /** 409 for a block over booked appointments: how many, and when (the first five). */
  const bloqueoConCitas = (inicios: Date[]) => {
    const orden = [...inicios].sort((a, b) => a.getTime() - b.getTime());
    const cuando = orden
      .slice(0, 5)
      .map((d) => `${fechaCorta.format(d)} ${hora.format(d)}`.replace(/\u00a0|\u202f/g, ' '))
      .join('; ');
    const cuantas = orden.length === 1 ? 'una cita' : `${orden.length} citas`;
    return `En ese horario hay ${cuantas} (${cuando}${orden.length > 5 ? '…' : ''}). Muévelas o cancélalas antes de bloquear la agenda.`;
  };
  /**
   * A patient's own bookings run one at a time on this instance, so the limit of appointments to come is counted
   * after her previous booking committed: 36 requests at once no longer take 36 slots.
   */
  const reservasDePaciente = new Map<number, Promise<unknown>>();
  async function enFilaDePaciente<T>(pacienteId: number, fn: () => Promise<T>): Promise<T> {
    const previa = reservasDePaciente.get(pacienteId) ?? Promise.resolve();
    const esta = previa.catch(() => undefined).then(fn);
    reservasDePaciente.set(pacienteId, esta);
    try {
      return await esta;
    } finally {
      if (reservasDePaciente.get(pacienteId) === esta) reservasDePaciente.delete(pacienteId);
    }
  }
  const NOMBRE_TIPO: Record<TipoCita, string> = {
    evaluacion: 'evaluación',
    procedimiento: 'procedimiento',
    control: 'control',
  };

  /** The patient's reminder, 24 h before the start (a delayed outbox row: it survives restarts); none when that
   *  moment has passed. */
  const recordatorio = (citaId: number, inicio: Date) => recordatorioDeCita(citaId, inicio, calendario.ahora());
  const programarRecordatorio = async (tx: ReposCitas, citaId: number, inicio: Date) => {
    const r = recordatorio(citaId, inicio);
    if (r) await tx.encolar(r.tipo, r.carga, { disponibleEn: r.disponibleEn });
  };

  /**
   * The patient's e-mail about this appointment, queued in the same transaction. A change the patient's calendar
   * must take (confirmed, moved, cancelled) raises the calendar SEQUENCE first; read after the write, so the
   * message shows the appointment as it now is.
   */
  const correoAlPaciente = async (tx: ReposCitas, id: number, clase: ClaseCorreoCita) => {
    if (clase !== 'creada' && clase !== 'recordatorio') await tx.citas.siguienteSecuencia(id);
    const c = await tx.citas.buscar(id);
    const correo = c && deps.correos.componer(clase, c);
    if (correo) await tx.encolar('correo', correo);
    return c;
  };

  /** DOMAIN.md texts; each one opens the appointment's details. */
  const aviso = (usuarioId: number, tipo: string, citaId: number, mensaje: string): NuevoAviso => ({
    usuario_id: usuarioId,
    tipo,
    mensaje,
    cita_id: citaId,
    ruta: `/detallescitas/${citaId}`,
  });
  const avisar = (tx: ReposCitas, usuarioId: number, tipo: string, citaId: number, mensaje: string) =>
    notificar(tx, aviso(usuarioId, tipo, citaId, mensaje));

  async function duracionDe(tipo: TipoCita, procedimientoId: number | null | undefined) {
    if (tipo !== 'procedimiento') return { duracion: DURACION_EVALUACION_MIN, margen: 0, proc: undefined };
    if (!procedimientoId) throw regla(M.procedimientoRequerido, 'procedimiento_id');
    const proc = await repo.procedimiento(procedimientoId);
    if (!proc || !proc.activo) throw regla('El procedimiento no existe o no está disponible.', 'procedimiento_id');
    return { duracion: proc.duracion_minutos, margen: proc.margen_minutos, proc };
  }

  /** Free slots of the doctors in [desde, hasta] (clinic days), stepping by the duration from each window. */
  async function espacios(o: {
    doctorIds: number[];
    desde: Fecha;
    hasta: Fecha;
    duracion: number;
    margen: number;
    pacienteId?: number | undefined;
    excepto?: number | undefined;
  }): Promise<Espacio[]> {
    const inicioRango = calendario.instante(o.desde);
    const finRango = calendario.instante(sumarDias(o.hasta, 1));
    const [horarios, ocupados, bloqueos, delPaciente] = await Promise.all([
      repo.horarios(o.doctorIds),
      repo.ocupadoDoctores(o.doctorIds, new Date(inicioRango.getTime() - 240 * MIN), finRango, o.excepto),
      repo.bloqueos(o.doctorIds, inicioRango, finRango),
      o.pacienteId ? repo.ocupadoPaciente(o.pacienteId, inicioRango, finRango, o.excepto) : Promise.resolve([]),
    ]);
    const ahora = calendario.ahora().getTime();
    const porDoctor = <R extends Rango & { doctor_id: number }>(rangos: R[]) => {
      const grupos = new Map<number, R[]>();
      for (const r of rangos) {
        const grupo = grupos.get(r.doctor_id);
        if (grupo) grupo.push(r);
        else grupos.set(r.doctor_id, [r]);
      }
      return new Map([...grupos].map(([id, rs]) => [id, cruceCon(rs)]));
    };
    const citasDe = porDoctor(ocupados);
    const bloqueosDe = porDoctor(bloqueos);
    const delPacienteCruza = cruceCon(delPaciente);
    const libres: Espacio[] = [];
    for (let dia = o.desde; dia <= o.hasta; dia = sumarDias(dia, 1)) {
      if (!calendario.esDiaHabil(dia)) continue;
      const dow = diaDeSemana(dia);
      for (const h of horarios) {
        if (h.dia_semana !== dow) continue;
        const apertura = calendario.instante(dia, h.hora_inicio).getTime();
        const cierre = calendario.instante(dia, h.hora_fin).getTime();
        for (let t = apertura; t + o.duracion * MIN <= cierre; t += o.duracion * MIN) {
          const fin = t + o.duracion * MIN;
          const ocupa = fin + o.margen * MIN;
          if (t <= ahora) continue;
          if (citasDe.get(h.doctor_id)?.(t, ocupa)) continue;
          if (bloqueosDe.get(h.doctor_id)?.(t, ocupa)) continue;
          if (delPacienteCruza(t, fin)) continue;
          libres.push({ inicio: new Date(t), fin: new Date(fin), doctor_id: h.doctor_id });
        }
      }
    }
    return libres.sort((a, b) => a.inicio.getTime() - b.inicio.getTime() || a.doctor_id - b.doctor_id);
  }

  /** Refuses a start time with the reason a person understands (the overlap is the database's to refuse). */
  /** The doctor's hours that weekday and blocks around the time, when the caller has already read them. */
  type AgendaLeida = { horarios: HorarioFila[]; bloqueos: { inicio: Date; fin: Date }[] };

  async function revisarHorario(doctorId: number, inicio: Date, duracion: number, margen: number, leida?: AgendaLeida) {
    if (inicio.getTime() <= calendario.ahora().getTime()) throw regla(M.pasado, 'inicio');
    // A year ahead at most: nobody books further, and the holiday tables stop somewhere.
    if (inicio.getTime() > calendario.ahora().getTime() + DIAS_MAXIMOS_ANTICIPACION * 24 * 60 * MIN) {
      throw regla(M.muyLejos, 'inicio');
    }
    const dia = calendario.fechaDe(inicio);
    if (diaDeSemana(dia) === 0) throw regla(M.domingo, 'inicio');
    if (esFestivo(dia)) throw regla(mensajeFestivo(fechaLegible.format(inicio)), 'inicio');
    const t = inicio.getTime();
    const fin = t + duracion * MIN;
    const horarios = (leida?.horarios ?? (await repo.horarios([doctorId]))).filter(
      (h) => h.dia_semana === diaDeSemana(dia),
    );
    const dentro = horarios.some((h) => {
      const apertura = calendario.instante(dia, h.hora_inicio).getTime();
      const cierre = calendario.instante(dia, h.hora_fin).getTime();
      return t >= apertura && fin <= cierre && (t - apertura) % (duracion * MIN) === 0;
    });
    if (!dentro) {
      // Inside the hours but between two slots (a 15-minute drop on a 30-minute agenda): say which times it takes.
      const paso = duracion * MIN;
      for (const h of horarios) {
        const apertura = calendario.instante(dia, h.hora_inicio).getTime();
        const cierre = calendario.instante(dia, h.hora_fin).getTime();
        if (t < apertura || t >= cierre) continue;
        const antes = apertura + Math.floor((t - apertura) / paso) * paso;
        const cercanas = [antes, antes + paso].filter((x) => x + paso <= cierre);
        if (cercanas.length) {
          throw regla(
            mensajeFueraDeTurno(
              duracion,
              hora.format(inicio),
              cercanas.map((x) => hora.format(new Date(x))),
            ),
            'inicio',
          );
        }
      }
      throw regla(M.fueraDeHorario, 'inicio');
    }
    const hasta = fin + margen * MIN;
    const bloqueos = leida
      ? leida.bloqueos.filter((b) => b.inicio.getTime() < hasta && b.fin.getTime() > t)
      : await repo.bloqueos([doctorId], new Date(t), new Date(hasta));
    if (bloqueos.length) throw regla(M.bloqueado, 'inicio');
  }

  /** 409 with the next free times of that doctor (same length), for the screen to offer. `excepto`: the
   *  appointment being moved, whose own time does not count as taken. */
  async function ocupado(
    doctorId: number,
    inicio: Date,
    duracion: number,
    margen: number,
    pacienteId?: number,
    excepto?: number,
  ) {
    const desde = calendario.fechaDe(inicio);
    const siguientes = (
      await espacios({
        doctorIds: [doctorId],
        desde,
        hasta: sumarDias(desde, 13),
        duracion,
        margen,
        pacienteId,
        excepto,
      })
    )
      .filter((e) => e.inicio.getTime() > inicio.getTime())
      .slice(0, 5);
    return new AppError('HORARIO_OCUPADO', 409, M.ocupado, undefined, { siguientes });
  }

  /** Ley 1799 de 2016 (minimum age) and "evaluation first" for a procedure appointment of this patient. */
  async function revisarProcedimiento(
    paciente: { id: number; fecha_nacimiento: string | null },
    proc: { edad_minima: number; requiere_evaluacion: boolean },
    dia: Fecha,
  ) {
    if (proc.edad_minima > 0 && !paciente.fecha_nacimiento) {
      throw regla(
        'Registra la fecha de nacimiento de la paciente antes de agendar este procedimiento (Ley 1799 de 2016).',
        'paciente_id',
      );
    }
    if (proc.edad_minima > 0 && edadEn(paciente.fecha_nacimiento!, dia) < proc.edad_minima) {
      throw regla(
        proc.edad_minima >= 18 ? M.menorDeEdad : `Este procedimiento requiere tener al menos ${proc.edad_minima} años.`,
        'procedimiento_id',
      );
    }
    // Ley 1581 de 2012 (issue 21, item 4): no procedure for a patient who has not authorised the processing of
    // her health data.
    if (!(await repo.tieneAutorizacionDatos(paciente.id))) throw regla(MENSAJE_SIN_AUTORIZACION_DATOS, 'paciente_id');
    if (proc.requiere_evaluacion && !(await repo.tieneEvaluacionRealizada(paciente.id))) {
      throw regla(M.requiereEvaluacion, 'procedimiento_id');
    }
  }

  type Persona = NonNullable<Awaited<ReturnType<ReposCitas['citas']['persona']>>>;
  function activa<P extends Persona>(p: P | undefined, rol: Rol, mensaje: string, campo: string): P {
    if (!p || p.rol !== rol || !p.estado) throw regla(mensaje, campo);
    return p;
  }
  const personaActiva = async (id: number, rol: Rol, mensaje: string, campo: string) =>
    activa(await repo.persona(id), rol, mensaje, campo);

  /** Who may see an appointment: its patient, its doctor, assistants and administrators. */
  function puedeVer(actor: Actor, c: { paciente_id: number; doctor_id: number }) {
    if (actor.rol === 'asistente' || actor.rol === 'administrador') return true;
    if (actor.rol === 'doctor') return c.doctor_id === actor.id;
    return c.paciente_id === actor.id;
  }

  /**
   * A page of the staff list without dates (issue 27.13): the nearest upcoming appointment first, then the past
   * ones, the most recent first. Two index range scans on citas.inicio, one each side of now, never a sort of
   * every appointment: the upcoming part of the page, then, when it runs short, the past part from where the
   * upcoming ones end. Only a page past every upcoming one counts them, and at most up to its offset.
   */
  async function proximasPrimero(f: Omit<FiltroCitas, 'limite' | 'offset' | 'orden'>, limite: number, offset: number) {
    const ahora = calendario.ahora();
    const venideras = await repo.listar({ ...f, desde: ahora, limite, offset, orden: 'cronologico' });
    if (venideras.length === limite) return venideras;
    // How many upcoming ones come before this page's past ones: all of them end on this page or before it.
    const antes =
      venideras.length > 0 || offset === 0
        ? offset + venideras.length
        : await repo.contar({ ...f, desde: ahora }, offset);
    const pasadas = await repo.listar({
      ...f,
      hasta: ahora,
      limite: limite - venideras.length,
      offset: Math.max(0, offset - antes),
      orden: 'reciente',
    });
    return [...venideras, ...pasadas];
  }

  async function cargar(actor: Actor, id: number): Promise<CitaDetalle> {
    const c = await repo.buscar(id);
    // Someone else's appointment answers like a missing one: its existence is private.
    if (!c || !puedeVer(actor, c)) throw noEncontrado(M.noEncontrada);
    return c;
  }

  /** An appointment's audit event (written by `auditar`, or by the booking's own statement). */
  const eventoCita = (actor: Actor, accion: string, id: number, detalle: string, origen: Origen) => ({
    usuarioId: actor.id,
    accion,
    recurso: 'cita',
    recursoId: id,
    resultado: 'exito' as const,
    ip: origen.ip,
    agente: origen.agente,
    detalle,
  });
  const auditar = (tx: ReposCitas, actor: Actor, accion: string, id: number, detalle: string, origen: Origen) =>
    tx.auditoria.registrar(eventoCita(actor, accion, id, detalle, origen));

  /**
   * Writes `cambios` to the appointment `c` was read as; 409 if someone changed its state in the meantime. Every
   * change of an existing appointment passes here, so here its doctors' open screens learn of it (issue 27.14): the
   * one it had and, if it moved, the one it has, whether or not a notification tells them. A new appointment needs
   * no such push: it always notifies its doctor, and a notification about an appointment refreshes her screens.
   */
  async function cambiarFila(tx: ReposCitas, c: CitaDetalle, cambios: CambiosCita, ahora: Date) {
    if (!(await tx.citas.actualizar(c.id, cambios, ahora, c.estado))) {
      throw new AppError('CONFLICTO', 409, M.cambiadaMientras);
    }
    const otro = cambios.doctor_id !== undefined && cambios.doctor_id !== c.doctor_id ? [cambios.doctor_id] : [];
    await tx.encolar('cita.cambio', { doctorIds: [c.doctor_id, ...otro], citaId: c.id });
  }

  /**
   * What marking `c` realizada still needs, in the order cambiarEstado refuses it: the details screen shows the same
   * list beside its button (issue 27.9), so the two cannot disagree. The note and consent are read only when the
   * appointment is still open.
   */
  async function faltasParaRealizada(actor: Actor, c: CitaDetalle): Promise<FaltaRealizada[]> {
    const faltan: FaltaRealizada[] = [];
    if (c.estado === 'pendiente') faltan.push({ requisito: 'confirmada', mensaje: M_SIN_CONFIRMAR });
    if (actor.id !== c.doctor_id) faltan.push({ requisito: 'doctor', mensaje: M_SOLO_SU_DOCTOR });
    if (c.inicio.getTime() > calendario.ahora().getTime()) faltan.push({ requisito: 'inicio', mensaje: M_NO_EMPIEZA });
    const [nota, consentimiento] = await Promise.all([
      notaFirmada(c.id),
      c.tipo === 'procedimiento' ? consentimientoVigente(c.id) : true,
    ]);
    // DOMAIN.md "Clinical notes": a visit is done only once its note is signed (a signed note never changes).
    if (!nota) faltan.push({ requisito: 'nota', mensaje: M_NOTA_SIN_FIRMAR });
    // Ley 23 de 1981, DOMAIN.md: a procedure is done only with the patient's signed consent for it.
    if (!consentimiento) faltan.push({ requisito: 'consentimiento', mensaje: M_CONSENTIMIENTO_SIN_FIRMAR });
    return faltan;
  }
  /** The refusal of a missing requirement, with the status each has always had. */
  const negativaRealizada = (f: FaltaRealizada): AppError => {
    if (f.requisito === 'doctor') return prohibido(f.mensaje);
    if (f.requisito === 'nota' || f.requisito === 'consentimiento') return new AppError('CONFLICTO', 409, f.mensaje);
    return regla(f.mensaje, 'estado');
  };

  /** Exclusion violations become the 409 a person can act on. */
  async function conCruces<T>(
    trabajo: () => Promise<T>,
    c: { doctorId: number; inicio: Date; duracion: number; margen: number; pacienteId: number; excepto?: number },
  ): Promise<T> {
    try {
      return await trabajo();
    } catch (err) {
      if (isExclusionViolation(err, CRUCE_DOCTOR))
        throw await ocupado(c.doctorId, c.inicio, c.duracion, c.margen, c.pacienteId, c.excepto);
      if (isExclusionViolation(err, CRUCE_PACIENTE)) {
        throw new AppError('HORARIO_OCUPADO', 409, M_CRUCE_PACIENTE, undefined, {
          siguientes: [],
        });
      }
      throw err;
    }
  }

  /** Every rule of a new appointment, in the order a person would fix them; nothing is written. */
  async function preparar(actor: Actor, datos: DatosNuevaCita): Promise<CitaPreparada> {
    let pacienteId: number;
    if (actor.rol === 'paciente') {
      if (datos.paciente_id !== undefined && datos.paciente_id !== actor.id) throw prohibido(M.soloPropia);
      pacienteId = actor.id;
      // One patient cannot hoard a doctor's agenda (issue 21, item 2): a few appointments to come at a time.
      const porVenir = await repo.citasPorVenir(pacienteId, calendario.ahora());
      if (porVenir >= deps.citasPorVenirMax) throw regla(mensajeCitasPorVenir(deps.citasPorVenirMax));
    } else {
      if (!datos.paciente_id) throw regla(M.pacienteRequerido, 'paciente_id');
      pacienteId = datos.paciente_id;
    }
    // One round trip for the people, the doctor's hours that day and blocks within a day of the time (longer than
    // any appointment with its margin); the checks below run in the same order as before.
    const inicio = new Date(datos.inicio);
    const contexto = await repo.contextoReserva({
      pacienteId,
      doctorId: datos.doctor_id,
      diaSemana: diaDeSemana(calendario.fechaDe(inicio)),
      desde: inicio,
      hasta: new Date(inicio.getTime() + 24 * 60 * MIN),
    });
    const paciente = activa(
      contexto.paciente,
      'paciente',
      'La paciente no existe o su cuenta está inactiva.',
      'paciente_id',
    );
    const doctor = activa(contexto.doctor, 'doctor', 'Ese doctor no existe o no está activo.', 'doctor_id');

    // A patient booking with a cart and no type asks for an evaluation of what is in the cart.
    const delCarrito =
      actor.rol === 'paciente' && !datos.tipo
        ? (await repos.carrito.listar(actor.id)).map((i) => i.procedimiento_id)
        : [];
    const tipo: TipoCita = datos.tipo ?? 'evaluacion';
    const { duracion, margen, proc } = await duracionDe(tipo, datos.procedimiento_id);
    await revisarHorario(datos.doctor_id, inicio, duracion, margen, contexto);
    if (proc) await revisarProcedimiento(paciente, proc, calendario.fechaDe(inicio));
    return {
      ids: { cita: contexto.citaId, avisos: contexto.avisoIds },
      pacienteId,
      pacienteNombre: paciente.nombre,
      pacienteCorreo: paciente.correo,
      doctorId: datos.doctor_id,
      doctorNombre: doctor.nombre,
      procedimientoNombre: proc?.nombre ?? null,
      tipo,
      procedimientoId: tipo === 'procedimiento' ? (datos.procedimiento_id ?? null) : null,
      inicio,
      fin: new Date(inicio.getTime() + duracion * MIN),
      duracion,
      margen,
      delCarrito,
      motivo: datos.motivo || null,
    };
  }

  /**
   * Everything a new appointment writes, composed before anything is written (under the ids preparar reserved):
   * the row, its audit, both notifications (DOMAIN.md texts), and as effects their live pushes, the reminder and
   * the patient's e-mail.
   */
  function componerReserva(actor: Actor, p: CitaPreparada, origen: Origen) {
    const id = p.ids.cita;
    const ahora = calendario.ahora();
    const cuando = `${fechaCorta.format(p.inicio)} a las ${hora.format(p.inicio)}`;
    const avisos = [
      aviso(p.doctorId, 'cita.nueva', id, `Nueva cita con ${p.pacienteNombre} el ${cuando} (${NOMBRE_TIPO[p.tipo]})`),
      aviso(p.pacienteId, 'cita.nueva', id, `Tu cita de ${NOMBRE_TIPO[p.tipo]} quedó agendada para el ${cuando}`),
    ].map((a, i) => ({ ...a, id: p.ids.avisos[i]!, creada_en: ahora }));
    // contextoReserva takes one id per notification: a new one here needs one more there.
    if (p.ids.avisos.length !== avisos.length) throw new Error('faltan ids reservados para las notificaciones');
    const efectos = deps.efectosDeAvisos(avisos.map((a) => ({ ...a, leida: false, archivada: false })));
    const r = recordatorio(id, p.inicio);
    if (r) efectos.push(r);
    const correo = deps.correos.componer('creada', {
      id,
      inicio: p.inicio,
      fin: p.fin,
      tipo: p.tipo,
      estado: 'pendiente',
      paciente_nombre: p.pacienteNombre,
      paciente_correo: p.pacienteCorreo,
      doctor_nombre: p.doctorNombre,
      procedimiento_nombre: p.procedimientoNombre,
      secuencia_calendario: 0,
      motivo_cancelacion: null,
    });
    // A patient without an e-mail (decision 0048) has her in-app notification only.
    if (correo) efectos.push({ tipo: 'correo', carga: correo });
    const reserva: Reserva = {
      cita: {
        id,
        paciente_id: p.pacienteId,
        doctor_id: p.doctorId,
        tipo: p.tipo,
        estado: 'pendiente',
        inicio: p.inicio,
        fin: p.fin,
        ocupado_hasta: new Date(p.fin.getTime() + p.margen * MIN),
        procedimiento_id: p.procedimientoId,
        procedimientos_solicitados: p.delCarrito,
        motivo: p.motivo,
        creada_por: actor.id,
      },
      auditoria: eventoCita(
        actor,
        'cita.crear',
        id,
        `tipo=${p.tipo}; paciente=${p.pacienteId}; doctor=${p.doctorId}; inicio=${p.inicio.toISOString()}`,
        origen,
      ),
      notificaciones: avisos,
    };
    return { reserva, efectos };
  }

  /** A prepared appointment written in the caller's transaction, its effects enqueued there (the follow-up series). */
  async function insertar(tx: ReposCitas, actor: Actor, p: CitaPreparada, origen: Origen): Promise<number> {
    const { reserva, efectos } = componerReserva(actor, p, origen);
    await tx.citas.reservar(reserva);
    for (const e of efectos) {
      await tx.encolar(e.tipo as TipoBandeja, e.carga as never, e.disponibleEn ? { disponibleEn: e.disponibleEn } : {});
    }
    return p.ids.cita;
  }

  const texto = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

  /**
   * The follow-up series (decision 0017): for each session, the free slot of the doctor closest to the target
   * date at the preferred hour (the original appointment's): that very slot if free; else the closest free one that
   * day; else the first free one on the following days (up to DIAS_BUSQUEDA_SERIE). Sundays, holidays, blocks, the
   * doctor's and the patient's appointments, and the series' own earlier sessions are all avoided. Nothing is written.
   */
  async function proponerSerie(o: {
    doctorId: number;
    pacienteId: number;
    procedimientoId: number;
    hora: string;
    objetivos: { sesion: number; fecha: Fecha }[];
  }): Promise<SesionSerie[]> {
    const { duracion, margen } = await duracionDe('procedimiento', o.procedimientoId);
    const hoy = calendario.hoy();
    const tomados: { inicio: number; hasta: number }[] = [];
    const resultado: SesionSerie[] = [];
    for (const obj of o.objetivos) {
      const desde = obj.fecha < hoy ? hoy : obj.fecha;
      const libres = (
        await espacios({
          doctorIds: [o.doctorId],
          desde,
          hasta: sumarDias(desde, DIAS_BUSQUEDA_SERIE),
          duracion,
          margen,
          pacienteId: o.pacienteId,
        })
      ).filter((e) => !tomados.some((t) => e.inicio.getTime() < t.hasta && e.fin.getTime() + margen * MIN > t.inicio));
      const preferido = calendario.instante(obj.fecha, o.hora).getTime();
      const delDia = libres
        .filter((e) => calendario.fechaDe(e.inicio) === obj.fecha)
        .sort((a, b) => Math.abs(a.inicio.getTime() - preferido) - Math.abs(b.inicio.getTime() - preferido));
      const elegido = delDia[0] ?? libres.find((e) => calendario.fechaDe(e.inicio) > obj.fecha);
      const dia = texto(fechaCorta.format(calendario.instante(obj.fecha, '12:00')));
      let choque: string | null = null;
      if (obj.fecha < hoy) choque = `El ${dia} ya pasó.`;
      else if (diaDeSemana(obj.fecha) === 0) choque = `El ${dia} es domingo; la clínica no atiende.`;
      else if (esFestivo(obj.fecha)) choque = mensajeFestivo(dia);
      else if (elegido && calendario.fechaDe(elegido.inicio) === obj.fecha) {
        if (elegido.inicio.getTime() !== preferido)
          choque = `A las ${texto(hora.format(new Date(preferido)))} del ${dia} no hay un espacio libre en la agenda.`;
      } else choque = `El ${dia} no quedan espacios libres en la agenda.`;
      if (!elegido) {
        resultado.push({
          sesion: obj.sesion,
          objetivo: obj.fecha,
          inicio: null,
          fin: null,
          choque:
            `${choque ?? ''} No hay espacios libres en los ${DIAS_BUSQUEDA_SERIE} días siguientes: agenda esta sesión a mano o cambia el plan.`.trim(),
        });
        continue;
      }
      tomados.push({ inicio: elegido.inicio.getTime(), hasta: elegido.fin.getTime() + margen * MIN });
      resultado.push({ sesion: obj.sesion, objetivo: obj.fecha, inicio: elegido.inicio, fin: elegido.fin, choque });
    }
    return resultado;
  }

  const horasHasta = (inicio: Date) => (inicio.getTime() - calendario.ahora().getTime()) / (60 * MIN);

  /** A new appointment (crear); a patient's run one at a time (enFilaDePaciente). */
  async function crearReserva(
    actor: Actor,
    datos: DatosNuevaCita,
    origen: Origen,
    claveIdempotencia?: string,
  ): Promise<Cita> {
    const huella = createHash('sha256').update(JSON.stringify(datos)).digest('hex');
    if (claveIdempotencia) {
      const previa = await repo.idempotencia(actor.id, claveIdempotencia);
      if (previa) {
        if (previa.huella !== huella) throw new AppError('IDEMPOTENCIA_DISTINTA', 422, M.idempotenciaDistinta);
        // A replay answers only what the caller may still see (issue 21, item 9): the appointment may have moved
        // to another doctor since.
        return toCitaWire(await cargar(actor, previa.cita_id));
      }
    }
    const p = await preparar(actor, datos);
    const { reserva, efectos } = componerReserva(actor, p, origen);
    // One statement (decision 0031): the cart items the evaluation covers and the idempotency key go with it.
    if (p.delCarrito.length) reserva.carrito = { usuarioId: actor.id, procedimientoIds: p.delCarrito };
    if (claveIdempotencia) reserva.idempotencia = { usuario_id: actor.id, clave: claveIdempotencia, huella };
    const escribir = async () => {
      try {
        return await deps.escribirReserva(reserva, efectos);
      } catch (err) {
        // The same key sent twice at once: the first commit wins. Its appointment takes the slot, so the second
        // fails on the overlap (or on the key itself) and answers with the first one's appointment.
        if (
          claveIdempotencia &&
          (isExclusionViolation(err) || isUniqueViolation(err, 'idempotencia_usuario_id_clave_pk'))
        ) {
          const previa = await repo.idempotencia(actor.id, claveIdempotencia);
          if (previa) {
            if (previa.huella !== huella) throw new AppError('IDEMPOTENCIA_DISTINTA', 422, M.idempotenciaDistinta);
            return cargar(actor, previa.cita_id);
          }
        }
        throw err;
      }
    };
    const fila = await conCruces(escribir, p);
    return toCitaWire(fila);
  }

  return {
    espacios,

    async disponibilidad(
      q: {
        doctor_id?: number | undefined;
        procedimiento_id?: number | undefined;
        tipo?: TipoCita | undefined;
        desde: Fecha;
        hasta: Fecha;
      },
      actor?: Actor,
    ): Promise<Espacio[]> {
      const dias = (calendario.instante(q.hasta).getTime() - calendario.instante(q.desde).getTime()) / (1440 * MIN);
      if (dias > DIAS_MAX_DISPONIBILIDAD) {
        throw regla(`Consulta como máximo ${DIAS_MAX_DISPONIBILIDAD} días de disponibilidad a la vez.`, 'hasta');
      }
      // Nothing is offered past the booking horizon (crear refuses it).
      const limite = sumarDias(calendario.hoy(), DIAS_MAXIMOS_ANTICIPACION);
      if (q.desde > limite) return [];
      const tipo = q.tipo ?? (q.procedimiento_id ? 'procedimiento' : 'evaluacion');
      const { duracion, margen } = await duracionDe(tipo, q.procedimiento_id);
      const doctorIds = q.doctor_id
        ? [(await personaActiva(q.doctor_id, 'doctor', 'Ese doctor no existe o no está activo.', 'doctor_id')).id]
        : (await repo.doctoresActivos()).map((d) => d.id);
      return espacios({
        doctorIds,
        desde: q.desde,
        hasta: q.hasta > limite ? limite : q.hasta,
        duracion,
        margen,
        pacienteId: actor?.rol === 'paciente' ? actor.id : undefined,
      });
    },

    doctores: () => repo.doctoresActivos(),

    async crear(actor: Actor, datos: DatosNuevaCita, origen: Origen, claveIdempotencia?: string): Promise<Cita> {
      if (actor.rol === 'paciente')
        return enFilaDePaciente(actor.id, () => crearReserva(actor, datos, origen, claveIdempotencia));
      return crearReserva(actor, datos, origen, claveIdempotencia);
    },

    // ---- the follow-up series (issue 9, item 4; decision 0017): the same checks and writes as `crear` ----
    /** Every rule of a new appointment, checked before anything is written. */
    preparar,
    /** Writes a prepared appointment in the caller's transaction (row, audit, notifications, reminder). */
    insertar,
    /** The 409 a person can act on for an exclusion violation of this prepared appointment; null for other errors. */
    async conflictoDe(err: unknown, p: CitaPreparada): Promise<AppError | null> {
      try {
        await conCruces(() => Promise.reject(err), p);
        return null;
      } catch (e) {
        return e instanceof AppError && e.code === 'HORARIO_OCUPADO' ? e : null;
      }
    },
    /** Whether the patient may have this procedure at all (Ley 1799, evaluation first): the reason, or null. */
    async impedimento(pacienteId: number, procedimientoId: number, fecha: Fecha): Promise<string | null> {
      try {
        const paciente = await personaActiva(
          pacienteId,
          'paciente',
          'La paciente no existe o su cuenta está inactiva.',
          'paciente_id',
        );
        const { proc } = await duracionDe('procedimiento', procedimientoId);
        await revisarProcedimiento(paciente, proc!, fecha);
        return null;
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 422) return err.message;
        throw err;
      }
    },
    proponerSerie,

    async buscar(actor: Actor, id: number): Promise<Cita> {
      return toCitaWire(await cargar(actor, id));
    },

    /**
     * The details screen's answer (issue 27.9): for staff, what realizada still needs (the rules cambiarEstado
     * enforces); for the appointment's doctor, the patient's allergies and alert flags (a read of her record,
     * audited by the records feature).
     */
    async detalle(actor: Actor, id: number, origen: Origen): Promise<DetalleCita> {
      const c = await cargar(actor, id);
      const abierta = c.estado === 'pendiente' || c.estado === 'confirmada';
      const [faltan, alertas] = await Promise.all([
        actor.rol !== 'paciente' && abierta ? faltasParaRealizada(actor, c) : null,
        actor.rol === 'doctor' && actor.id === c.doctor_id ? deps.alertasPaciente(actor, c.paciente_id, origen) : null,
      ]);
      return { ...toCitaWire(c), realizada: faltan ? { faltan } : null, alertas_paciente: alertas };
    },

    /** SPEC 7: a patient's appointments, newest first. Staff: any; a doctor: only patients they see. */
    async citasUsuario(actor: Actor, usuarioId: number): Promise<Cita[]> {
      if (actor.rol === 'paciente' && actor.id !== usuarioId) throw prohibido('Solo puedes ver tus propias citas.');
      if (actor.rol === 'doctor' && !(await repo.doctorAtiende(actor.id, usuarioId))) {
        throw prohibido('Solo puedes ver las citas de tus pacientes.');
      }
      const filas = await repo.listar({
        pacienteId: usuarioId,
        doctorId: actor.rol === 'doctor' ? actor.id : undefined,
        limite: 500,
        orden: 'reciente',
      });
      return filas.map(toCitaWire);
    },

    /** The caller's own: a patient's appointments, or a doctor's agenda. */
    async misCitas(actor: Actor): Promise<Cita[]> {
      const filas = await repo.listar({
        ...(actor.rol === 'doctor' ? { doctorId: actor.id } : { pacienteId: actor.id }),
        limite: 500,
        orden: 'reciente',
      });
      return filas.map(toCitaWire);
    },

    async listar(
      actor: Actor,
      f: {
        doctorId?: number | undefined;
        estado?: EstadoCita | undefined;
        tipo?: TipoCita | undefined;
        desde?: Fecha | undefined;
        hasta?: Fecha | undefined;
        buscar?: string | undefined;
        pagina: number;
        porPagina: number;
      },
    ): Promise<{ items: Cita[]; total: number; totalExacto: boolean; pagina: number; porPagina: number }> {
      const condiciones = {
        // A doctor lists their own agenda only.
        doctorId: actor.rol === 'doctor' ? actor.id : f.doctorId,
        estado: f.estado,
        tipo: f.tipo,
        desde: f.desde ? calendario.instante(f.desde) : undefined,
        hasta: f.hasta ? calendario.instante(sumarDias(f.hasta, 1)) : undefined,
        buscar: f.buscar || undefined,
      };
      const tope = condiciones.buscar ? TOPE_CONTEO_BUSQUEDA : TOPE_CONTEO_CITAS;
      const limite = f.porPagina;
      const offset = (f.pagina - 1) * f.porPagina;
      const [filas, total] = await Promise.all([
        f.desde || f.hasta
          ? repo.listar({ ...condiciones, limite, offset, orden: 'cronologico' })
          : proximasPrimero(condiciones, limite, offset),
        repo.contar(condiciones, tope),
      ]);
      return {
        items: filas.map(toCitaWire),
        total: Math.min(total, tope),
        totalExacto: total <= tope,
        pagina: f.pagina,
        porPagina: f.porPagina,
      };
    },

    pacientesDoctor: (actor: Actor) => repo.pacientesDe(actor.id),

    async reagendar(actor: Actor, id: number, nuevoInicio: string, origen: Origen): Promise<Cita> {
      const c = await cargar(actor, id);
      if (c.estado === 'cancelada') throw new AppError('CITA_CANCELADA', 409, M.cancelada);
      if (c.estado === 'realizada') throw regla('Una cita realizada no se puede reagendar.');
      if (await notaFirmada(id)) throw regla(M_CON_NOTA_FIRMADA);
      if (actor.rol === 'paciente' && horasHasta(c.inicio) < HORAS_MINIMAS_CAMBIO_PACIENTE)
        throw regla(M.tardeReagendar);
      const { duracion, margen, proc } = await duracionDe(c.tipo, c.procedimiento_id);
      const inicio = new Date(nuevoInicio);
      await revisarHorario(c.doctor_id, inicio, duracion, margen);
      // Ley 1799: the age counts on the new day (a patient under age then cannot be moved there).
      if (proc) {
        const paciente = await repo.persona(c.paciente_id);
        await revisarProcedimiento(
          { id: c.paciente_id, fecha_nacimiento: paciente?.fecha_nacimiento ?? null },
          proc,
          calendario.fechaDe(inicio),
        );
      }
      const fin = new Date(inicio.getTime() + duracion * MIN);
      await conCruces(
        () =>
          transaccion(async (tx) => {
            await cambiarFila(
              tx,
              c,
              { inicio, fin, ocupado_hasta: new Date(fin.getTime() + margen * MIN) },
              calendario.ahora(),
            );
            await auditar(
              tx,
              actor,
              'cita.reagendar',
              id,
              `${c.inicio.toISOString()} -> ${inicio.toISOString()}`,
              origen,
            );
            // The other party learns of it.
            const cuando = `${fechaCorta.format(inicio)} a las ${hora.format(inicio)}`;
            if (actor.id !== c.paciente_id) {
              await avisar(tx, c.paciente_id, 'cita.reagendada', id, `Tu cita fue reagendada para el ${cuando}`);
            }
            if (actor.id !== c.doctor_id) {
              await avisar(
                tx,
                c.doctor_id,
                'cita.reagendada',
                id,
                `La cita de ${c.paciente_nombre} fue reagendada para el ${cuando}`,
              );
            }
            await programarRecordatorio(tx, id, inicio);
            await correoAlPaciente(tx, id, 'reagendada');
          }),
        { doctorId: c.doctor_id, inicio, duracion, margen, pacienteId: c.paciente_id, excepto: id },
      );
      return toCitaWire((await repo.buscar(id))!);
    },

    async cancelar(actor: Actor, id: number, motivo: string, origen: Origen): Promise<Cita> {
      const c = await cargar(actor, id);
      if (c.estado === 'cancelada') throw new AppError('CITA_CANCELADA', 409, M.cancelada);
      if (c.estado === 'realizada') throw regla('Una cita realizada no se puede cancelar.');
      if (await notaFirmada(id)) throw regla(M_CON_NOTA_FIRMADA);
      if (actor.rol === 'paciente' && horasHasta(c.inicio) < HORAS_MINIMAS_CAMBIO_PACIENTE) throw regla(M.tarde);
      await transaccion(async (tx) => {
        await cambiarFila(tx, c, { estado: 'cancelada', motivo_cancelacion: motivo }, calendario.ahora());
        await auditar(tx, actor, 'cita.cancelar', id, `${c.estado} -> cancelada`, origen);
        if (actor.id !== c.paciente_id) {
          await avisar(
            tx,
            c.paciente_id,
            'cita.cancelada',
            id,
            `Tu cita del ${fechaCorta.format(c.inicio)} fue cancelada: ${motivo}`,
          );
        }
        if (actor.id !== c.doctor_id) {
          await avisar(
            tx,
            c.doctor_id,
            'cita.cancelada',
            id,
            `La cita de ${c.paciente_nombre} del ${fechaCorta.format(c.inicio)} a las ${hora.format(c.inicio)} fue cancelada: ${motivo}`,
          );
        }
        await correoAlPaciente(tx, id, 'cancelada');
      });
      return toCitaWire((await repo.buscar(id))!);
    },

    async cambiarEstado(actor: Actor, id: number, estado: EstadoCita, origen: Origen): Promise<Cita> {
      const c = await cargar(actor, id);
      if (c.estado === 'cancelada') throw new AppError('CITA_CANCELADA', 409, M.cancelada);
      if (estado === 'cancelada')
        throw regla('Para cancelar una cita usa la opción Cancelar e indica el motivo.', 'estado');
      if (!TRANSICIONES[c.estado].includes(estado)) {
        throw regla(`Una cita ${c.estado} no puede pasar a ${estado}.`, 'estado');
      }
      if (estado === 'realizada') {
        // Only the appointment's doctor: checked before reading its note and consent.
        if (actor.id !== c.doctor_id) throw prohibido(M_SOLO_SU_DOCTOR);
        const [falta] = await faltasParaRealizada(actor, c);
        if (falta) throw negativaRealizada(falta);
      }
      if (actor.rol === 'paciente')
        throw prohibido('Solo el personal de la clínica puede cambiar el estado de una cita.');
      await transaccion(async (tx) => {
        await cambiarFila(tx, c, { estado }, calendario.ahora());
        await auditar(tx, actor, 'cita.estado', id, `${c.estado} -> ${estado}`, origen);
        if (estado === 'confirmada') {
          await avisar(
            tx,
            c.paciente_id,
            'cita.confirmada',
            id,
            `Tu cita del ${fechaCorta.format(c.inicio)} fue confirmada`,
          );
          await correoAlPaciente(tx, id, 'confirmada');
        }
      });
      return toCitaWire((await repo.buscar(id))!);
    },

    /** Staff: doctor, time, type, procedure, motivo, observaciones. SPEC 4: a cancelled one cannot be edited. */
    async editar(
      actor: Actor,
      id: number,
      cambios: {
        doctor_id?: number | undefined;
        inicio?: string | undefined;
        tipo?: TipoCita | undefined;
        procedimiento_id?: number | null | undefined;
        motivo?: string | null | undefined;
        observaciones?: string | null | undefined;
      },
      origen: Origen,
    ): Promise<Cita> {
      const c = await cargar(actor, id);
      if (c.estado === 'cancelada') throw new AppError('CITA_CANCELADA', 409, M.cancelada);
      const doctorId = cambios.doctor_id ?? c.doctor_id;
      const tipo = cambios.tipo ?? c.tipo;
      const procedimientoId = cambios.procedimiento_id === undefined ? c.procedimiento_id : cambios.procedimiento_id;
      const inicio = cambios.inicio ? new Date(cambios.inicio) : c.inicio;
      const otroDoctor = doctorId !== c.doctor_id;
      const otraHora = inicio.getTime() !== c.inicio.getTime();
      const otroServicio = tipo !== c.tipo || (tipo === 'procedimiento' && procedimientoId !== c.procedimiento_id);
      const mueve = otroDoctor || otraHora || otroServicio;
      // A visit that happened stays where it happened; only its notes may change.
      if (mueve && c.estado === 'realizada') {
        throw regla('Una cita realizada no se puede mover ni cambiar de doctor, tipo o procedimiento.');
      }
      if (mueve && (await notaFirmada(id))) throw regla(M_CON_NOTA_FIRMADA);
      const { duracion, margen, proc } = await duracionDe(tipo, procedimientoId);
      if (mueve) {
        // Moving to another doctor goes through the same rules as booking with them: active, their hours and
        // blocks, not in the past; the overlap (with their margins) is the database's to refuse.
        if (otroDoctor) await personaActiva(doctorId, 'doctor', 'Ese doctor no existe o no está activo.', 'doctor_id');
        await revisarHorario(doctorId, inicio, duracion, margen);
        // Ley 1799: the age counts on the appointment's day, so a new date is checked like a new procedure.
        if (proc && (otroServicio || otraHora)) {
          const paciente = await repo.persona(c.paciente_id);
          await revisarProcedimiento(
            { id: c.paciente_id, fecha_nacimiento: paciente?.fecha_nacimiento ?? null },
            proc,
            calendario.fechaDe(inicio),
          );
        }
      }
      const fin = new Date(inicio.getTime() + duracion * MIN);
      const nuevoDoctor = otroDoctor ? await repo.persona(doctorId) : undefined;
      const antes = [
        otroDoctor ? `doctor=${c.doctor_id}->${doctorId}` : '',
        otraHora ? `inicio=${c.inicio.toISOString()}->${inicio.toISOString()}` : '',
        tipo !== c.tipo ? `tipo=${c.tipo}->${tipo}` : '',
      ].filter(Boolean);
      await conCruces(
        () =>
          transaccion(async (tx) => {
            await cambiarFila(
              tx,
              c,
              {
                doctor_id: doctorId,
                tipo,
                procedimiento_id: tipo === 'procedimiento' ? procedimientoId : null,
                inicio,
                fin,
                ocupado_hasta: new Date(fin.getTime() + margen * MIN),
                ...(cambios.motivo !== undefined ? { motivo: cambios.motivo || null } : {}),
                ...(cambios.observaciones !== undefined ? { observaciones: cambios.observaciones || null } : {}),
              },
              calendario.ahora(),
            );
            await auditar(
              tx,
              actor,
              'cita.editar',
              id,
              [`campos=${Object.keys(cambios).join(',')}`, ...antes].join('; '),
              origen,
            );
            const cuando = `${fechaCorta.format(inicio)} a las ${hora.format(inicio)}`;
            if (otroDoctor) {
              // The new doctor gets it as a new appointment; the previous one learns it left their agenda.
              await avisar(
                tx,
                doctorId,
                'cita.nueva',
                id,
                `Nueva cita con ${c.paciente_nombre} el ${cuando} (${NOMBRE_TIPO[tipo]})`,
              );
              if (actor.id !== c.doctor_id) {
                await avisar(
                  tx,
                  c.doctor_id,
                  'cita.reasignada',
                  id,
                  `La cita de ${c.paciente_nombre} del ${fechaCorta.format(c.inicio)} a las ${hora.format(c.inicio)} pasó a ${nuevoDoctor?.nombre ?? 'otro doctor'}`,
                );
              }
            }
            if (otraHora || otroDoctor) {
              await avisar(
                tx,
                c.paciente_id,
                'cita.reagendada',
                id,
                otraHora
                  ? `Tu cita fue reagendada para el ${cuando}${otroDoctor ? ` con ${nuevoDoctor?.nombre ?? 'otro doctor'}` : ''}`
                  : `Tu cita del ${cuando} ahora es con ${nuevoDoctor?.nombre ?? 'otro doctor'}`,
              );
            }
            // A new time or doctor is on the patient's calendar: the reminder follows the new time (the old one
            // finds the appointment moved and sends nothing) and the patient gets the update.
            if (otraHora) await programarRecordatorio(tx, id, inicio);
            if (otraHora || otroDoctor) await correoAlPaciente(tx, id, 'reagendada');
          }),
        { doctorId, inicio, duracion, margen, pacienteId: c.paciente_id, excepto: id },
      );
      return toCitaWire((await repo.buscar(id))!);
    },

    /** Outbox handler: the reminder of an appointment that still stands at the time it was queued for. */
    async recordar({ citaId, inicio }: { citaId: number; inicio: string }): Promise<void> {
      const c = await repo.buscar(citaId);
      // Cancelled, done or moved (a move queued its own reminder): nothing to send.
      if (!c || (c.estado !== 'pendiente' && c.estado !== 'confirmada') || c.inicio.getTime() !== Date.parse(inicio)) {
        return;
      }
      const mensaje = `Recordatorio: mañana a las ${hora.format(c.inicio)} tienes tu cita de ${NOMBRE_TIPO[c.tipo]}`;
      await transaccion(async (tx) => {
        await avisar(tx, c.paciente_id, 'cita.recordatorio', c.id, mensaje);
        await correoAlPaciente(tx, c.id, 'recordatorio');
      });
    },

    // ---- doctors' hours and blocks: staff for anyone, a doctor for themself ----
    horarios: leerHorarios,

    async reemplazarHorarios(
      actor: Actor,
      doctorId: number,
      horarios: { dia_semana: number; hora_inicio: string; hora_fin: string }[],
      origen: Origen,
    ) {
      puedeGestionarAgenda(actor, doctorId);
      await personaActiva(doctorId, 'doctor', 'Ese doctor no existe o no está activo.', 'doctorId');
      const porDia = new Map<number, { inicio: string; fin: string }[]>();
      for (const h of [...horarios].sort((a, b) => a.hora_inicio.localeCompare(b.hora_inicio))) {
        const dia = porDia.get(h.dia_semana) ?? [];
        const previa = dia.at(-1);
        if (previa && h.hora_inicio < previa.fin)
          throw regla('Las franjas de un mismo día no pueden cruzarse.', 'horarios');
        dia.push({ inicio: h.hora_inicio, fin: h.hora_fin });
        porDia.set(h.dia_semana, dia);
      }
      await transaccion(async (tx) => {
        await tx.citas.reemplazarHorarios(doctorId, horarios);
        await tx.auditoria.registrar({
          usuarioId: actor.id,
          accion: 'agenda.horarios',
          recurso: 'doctor',
          recursoId: doctorId,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
          detalle: `franjas=${horarios.length}`,
        });
      });
      return leerHorarios(actor, doctorId);
    },

    async bloqueos(actor: Actor, doctorId: number, desde: Fecha, hasta: Fecha) {
      puedeGestionarAgenda(actor, doctorId);
      return repo.bloqueos([doctorId], calendario.instante(desde), calendario.instante(sumarDias(hasta, 1)));
    },

    async crearBloqueo(
      actor: Actor,
      doctorId: number,
      b: { inicio: string; fin: string; motivo: string },
      origen: Origen,
    ) {
      puedeGestionarAgenda(actor, doctorId);
      await personaActiva(doctorId, 'doctor', 'Ese doctor no existe o no está activo.', 'doctorId');
      // A block never hides appointments already booked in it (issue 21, item 9): staff move or cancel them first.
      const choques = await repo.ocupadoDoctores([doctorId], new Date(b.inicio), new Date(b.fin));
      if (choques.length) throw new AppError('CONFLICTO', 409, bloqueoConCitas(choques.map((c) => c.inicio)));
      try {
        return await transaccion(async (tx) => {
          const fila = await tx.citas.crearBloqueo({
            doctor_id: doctorId,
            inicio: new Date(b.inicio),
            fin: new Date(b.fin),
            motivo: b.motivo,
            creado_por: actor.id,
          });
          await tx.auditoria.registrar({
            usuarioId: actor.id,
            accion: 'agenda.bloqueo.crear',
            recurso: 'bloqueo',
            recursoId: fila.id,
            resultado: 'exito',
            ip: origen.ip,
            agente: origen.agente,
          });
          return fila;
        });
      } catch (err) {
        if (isExclusionViolation(err, 'bloqueos_sin_cruce')) {
          throw new AppError('CONFLICTO', 409, 'Ya hay un bloqueo de la agenda en ese horario.');
        }
        throw err;
      }
    },

    async eliminarBloqueo(actor: Actor, doctorId: number, id: number, origen: Origen) {
      puedeGestionarAgenda(actor, doctorId);
      await transaccion(async (tx) => {
        if (!(await tx.citas.eliminarBloqueo(doctorId, id))) throw noEncontrado('Ese bloqueo no existe.');
        await tx.auditoria.registrar({
          usuarioId: actor.id,
          accion: 'agenda.bloqueo.eliminar',
          recurso: 'bloqueo',
          recursoId: id,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
        });
      });
      return { mensaje: 'Bloqueo eliminado.' };
    },
  };

  async function leerHorarios(actor: Actor, doctorId: number) {
    puedeGestionarAgenda(actor, doctorId);
    await personaActiva(doctorId, 'doctor', 'Ese doctor no existe o no está activo.', 'doctorId');
    return (await repo.horarios([doctorId])).map(({ doctor_id: _d, ...resto }) => resto);
  }

  function puedeGestionarAgenda(actor: Actor, doctorId: number) {
    if (actor.rol === 'asistente' || actor.rol === 'administrador') return;
    if (actor.rol === 'doctor' && actor.id === doctorId) return;
    throw prohibido('Solo puedes gestionar tu propia agenda.');
  }
}
export type CitasService = ReturnType<typeof createCitasService>;
