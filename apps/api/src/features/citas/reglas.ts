// The booking engine's rules (DOMAIN.md "Rules"; issue 8), shared by its parts: booking (reserva.service.ts),
// changes (cambios.service.ts), reads (consultas.service.ts), the doctors' agendas (horarios.service.ts) and the
// follow-up series (serie.ts). What an appointment lasts, whether a time fits the doctor's hours and blocks, the
// age and "evaluation first" rules of procedures, who may see an appointment, what marking it realizada needs, and
// the 409 a person can act on when the database refuses an overlap. Also the engine's dependencies, given by the
// composition root (services.ts).
import { MENSAJE_SIN_AUTORIZACION_DATOS } from '@clinica/contracts/usuarios';
import {
  DIAS_MAXIMOS_ANTICIPACION,
  DURACION_EVALUACION_MIN,
  MENSAJES_CITAS as M,
  mensajeFestivo,
  mensajeFueraDeTurno,
  type DetalleCita,
  type RequisitoRealizada,
  type TipoCita,
} from '@clinica/contracts/citas';
import { diaDeSemana, esFestivo, horaEsCo, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import type { Rol } from '@clinica/contracts/usuarios';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError, isExclusionViolation, noEncontrado, prohibido } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import { errorParaLog } from '../../lib/error-log.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { EfectoNuevo, FilaBandeja } from '../../platform/bandeja.repository.ts';
import type { Encolar } from '../../platform/bandeja.service.ts';
import type { notificaciones } from '../../db/schema/index.ts';
import type { CorreosCitas } from './citas-correos.ts';
import { CRUCE_DOCTOR, CRUCE_PACIENTE, type CitaDetalle, type CitasRepository } from './citas.repository.ts';
import { encajeEnHorario, espaciosLibres, MIN, type Espacio, type HorarioFila } from './disponibilidad.ts';
import type { HorariosRepository } from './horarios.repository.ts';
import type { ReservasRepository } from './reserva.repository.ts';

/** What booking from the cart needs of the cart: its items (the booking's own statement removes the ones it covers,
 *  reserva.repository reservar). */
export type CarritoParaCitas = {
  listar(usuarioId: number): Promise<{ procedimiento_id: number }[]>;
};
export type ReposCitas = {
  citas: CitasRepository;
  reservas: ReservasRepository;
  horarios: HorariosRepository;
  auditoria: AuditoriaRepository;
  carrito: CarritoParaCitas;
  encolar: Encolar;
};
export type NuevoAviso = { usuario_id: number; tipo: string; mensaje: string; cita_id: number; ruta: string };

/**
 * What the engine is given by the composition root. `Tx`: what its transaction hands (every repository, in
 * services.ts), so that the notifications feature and a follow-up plan get the repositories they name, without casts.
 */
export type DepsCitas<Tx extends ReposCitas = ReposCitas> = {
  repos: ReposCitas;
  transaccion: Transaccion<Tx>;
  calendario: Calendario;
  /** Writes notifications in the caller's transaction and queues their live pushes (the notifications feature). */
  notificar: (tx: Tx, v: NuevoAviso | readonly NuevoAviso[]) => Promise<void>;
  /** Whether the appointment has a signed clinical note (the notes feature, through the composition root). */
  notaFirmada: (citaId: number) => Promise<boolean>;
  /** Whether the appointment has a signed, unrevoked informed consent (the consent feature). */
  consentimientoVigente: (citaId: number) => Promise<boolean>;
  /** The patient's allergies and alert flags for her doctor, the read audited (the records feature). */
  alertasPaciente: (actor: Actor, pacienteId: number, origen: Origen) => Promise<DetalleCita['alertas_paciente']>;
  /**
   * Uses one session of the patient's package for the appointment's procedure, in the transaction that marks it
   * realizada (the packages feature); answers null when she has no usable one (the appointment completes alone).
   */
  consumirSesion: (
    tx: Tx,
    actor: Actor,
    cita: Pick<CitaDetalle, 'id' | 'paciente_id' | 'procedimiento_id' | 'inicio'>,
    origen: Origen,
  ) => Promise<unknown>;
  /** The patient's e-mails with their calendar (citas-correos.ts). */
  correos: CorreosCitas;
  /** The live pushes of written notifications (the notifications feature). */
  efectosDeAvisos: (filas: readonly (typeof notificaciones.$inferSelect)[]) => EfectoNuevo[];
  /**
   * The booking confirmation's WhatsApp row of the patient's notification (features/mensajeria; none while the
   * channel is off). Its handler reads her preference when it sends (a booking is one statement, decision 0031).
   */
  whatsappDeReserva?: (aviso: NuevoAviso) => EfectoNuevo[];
  /** Whether her reminder e-mail is replaced by WhatsApp (she chose WhatsApp only; features/mensajeria). */
  correoPorWhatsapp?: (tx: Tx, pacienteId: number, clase: 'recordatorio') => Promise<boolean>;
  /** Hands the outbox rows a booking's statement wrote already claimed to the dispatcher, which delivers them now
   *  (platform/bandeja.service.ts entregarPropias; `transaccion` does the same after its commit). */
  entregarPropias: (filas: FilaBandeja[]) => void;
  /** config.citasPorVenirMax: appointments to come a patient may book herself. */
  citasPorVenirMax: number;
  /**
   * The clinic's deposit settings (config): hours an unpaid deposit holds a booking, the evaluations' fixed deposit
   * (0: none), the notice that makes a paid deposit refundable, and the packages' grace days (a usable package pays
   * the booking, so it owes no deposit).
   */
  anticipos: { horasReserva: number; evaluacion: number; horasAviso: number; diasGraciaPaquetes: number };
  /**
   * Puts a cancelled appointment's paid deposit in the patient's credit, in the cancellation's transaction (the
   * payments feature: a pagos row of concepto devolucion and metodo saldo_a_favor).
   */
  registrarCredito: (tx: Tx, d: { citaId: number; pacienteId: number; monto: number }) => Promise<unknown>;
  log: { warn(o: object, m: string): void };
};

/**
 * How many "next free times" of a 409 are computed at once in this process. Each reads a fortnight of the doctor's
 * agenda in four queries; when 49 bookings of one slot lose at once they would ask the pool for ~200 connections
 * and wait past its timeout, turning every 409 into a 503 (it happened in CI). The times are a hint: past this
 * many, the 409 goes without them.
 */
export const SUGERENCIAS_SIMULTANEAS = 3;

export const M_NOTA_SIN_FIRMAR = 'Para marcar la cita como realizada, primero escribe y firma su nota de evolución.';
/** The patient already has another appointment then; said of whoever she or he is (issue 27.12), staff or the patient. */
export const M_CRUCE_PACIENTE = 'Ya hay otra cita para la misma persona a esa hora. Elige otro horario.';
export const M_CONSENTIMIENTO_SIN_FIRMAR =
  'Para marcar como realizada una cita de procedimiento, la paciente o el paciente debe firmar antes su consentimiento informado (y no haberlo revocado).';
export const M_SIN_CONFIRMAR = 'Para marcarla como realizada, primero confirma la cita.';
export const M_SOLO_SU_DOCTOR = 'Solo el doctor de la cita puede marcarla como realizada.';
export const M_NO_EMPIEZA = 'La cita aún no ha empezado; podrás marcarla como realizada cuando empiece.';
const M_DOCTOR_INACTIVO = 'Ese doctor no existe o no está activo.';
const M_PACIENTE_INACTIVA = 'La paciente no existe o su cuenta está inactiva.';
type FaltaRealizada = { requisito: RequisitoRealizada; mensaje: string };

export const regla = (mensaje: string, campo?: string) =>
  new AppError('REGLA_NEGOCIO', 422, mensaje, campo ? [{ campo, mensaje }] : undefined);

/** Completed years at a date ('YYYY-MM-DD' strings). */
export function edadEn(nacimiento: string, fecha: Fecha): number {
  const [an, mn, dn] = nacimiento.split('-').map(Number) as [number, number, number];
  const [a, m, d] = fecha.split('-').map(Number) as [number, number, number];
  return a - an - (m < mn || (m === mn && d < dn) ? 1 : 0);
}

/** Who may see an appointment: its patient, its doctor, assistants and administrators. */
export function puedeVer(actor: Actor, c: { paciente_id: number; doctor_id: number }) {
  if (actor.rol === 'asistente' || actor.rol === 'administrador') return true;
  if (actor.rol === 'doctor') return c.doctor_id === actor.id;
  return c.paciente_id === actor.id;
}

type Persona = NonNullable<Awaited<ReturnType<CitasRepository['persona']>>>;
/** The person if active in that role; else the 422 of the field that named her. */
export function activa<P extends Persona>(p: P | undefined, rol: Rol, campo: string): P {
  if (!p || p.rol !== rol || !p.estado) throw regla(rol === 'doctor' ? M_DOCTOR_INACTIVO : M_PACIENTE_INACTIVA, campo);
  return p;
}

/** The doctor's hours that weekday and blocks around the time, when the caller has already read them. */
type AgendaDelDia = { horarios: HorarioFila[]; bloqueos: { inicio: Date; fin: Date }[] };

export function createReglas(
  deps: Pick<DepsCitas, 'repos' | 'calendario' | 'notaFirmada' | 'consentimientoVigente' | 'log'>,
) {
  const { repos, calendario } = deps;
  const repo = repos.citas;
  const fechaLegible = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', timeZone: calendario.zona });

  const personaActiva = async (id: number, rol: Rol, campo: string) => activa(await repo.persona(id), rol, campo);

  /** What an appointment of this type (and procedure) lasts, with the margin after it. */
  async function duracionDe(tipo: TipoCita, procedimientoId: number | null | undefined) {
    if (tipo !== 'procedimiento') return { duracion: DURACION_EVALUACION_MIN, margen: 0, proc: undefined };
    if (!procedimientoId) throw regla(M.procedimientoRequerido, 'procedimiento_id');
    const proc = await repo.procedimiento(procedimientoId);
    if (!proc || !proc.activo) throw regla('El procedimiento no existe o no está disponible.', 'procedimiento_id');
    return { duracion: proc.duracion_minutos, margen: proc.margen_minutos, proc };
  }

  /** Free slots of the doctors in [desde, hasta] (clinic days): the agenda read here, the slots from disponibilidad.ts. */
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
      repos.horarios.horarios(o.doctorIds),
      repo.ocupadoDoctores(o.doctorIds, new Date(inicioRango.getTime() - 240 * MIN), finRango, o.excepto),
      repos.horarios.bloqueos(o.doctorIds, inicioRango, finRango),
      o.pacienteId ? repo.ocupadoPaciente(o.pacienteId, inicioRango, finRango, o.excepto) : Promise.resolve([]),
    ]);
    return espaciosLibres(
      { ...o, ahora: calendario.ahora() },
      { horarios, ocupados, bloqueos, delPaciente },
      calendario,
    );
  }

  /** Refuses a start time with the reason a person understands (the overlap is the database's to refuse). */
  async function revisarHorario(
    doctorId: number,
    inicio: Date,
    duracion: number,
    margen: number,
    leida?: AgendaDelDia,
  ) {
    if (inicio.getTime() <= calendario.ahora().getTime()) throw regla(M.pasado, 'inicio');
    // A year ahead at most: nobody books further, and the holiday tables stop somewhere.
    if (inicio.getTime() > calendario.ahora().getTime() + DIAS_MAXIMOS_ANTICIPACION * 24 * 60 * MIN) {
      throw regla(M.muyLejos, 'inicio');
    }
    const dia = calendario.fechaDe(inicio);
    if (diaDeSemana(dia) === 0) throw regla(M.domingo, 'inicio');
    if (esFestivo(dia)) throw regla(mensajeFestivo(fechaLegible.format(inicio)), 'inicio');
    const t = inicio.getTime();
    const encaje = encajeEnHorario(
      dia,
      t,
      duracion,
      leida?.horarios ?? (await repos.horarios.horarios([doctorId])),
      calendario,
    );
    if (!encaje.dentro) {
      const hora = (d: Date) => horaEsCo(d, calendario.zona);
      if (encaje.cercanas.length) {
        throw regla(
          mensajeFueraDeTurno(
            duracion,
            hora(inicio),
            encaje.cercanas.map((x) => hora(new Date(x))),
          ),
          'inicio',
        );
      }
      throw regla(M.fueraDeHorario, 'inicio');
    }
    const hasta = t + duracion * MIN + margen * MIN;
    const bloqueos = leida
      ? leida.bloqueos.filter((b) => b.inicio.getTime() < hasta && b.fin.getTime() > t)
      : await repos.horarios.bloqueos([doctorId], new Date(t), new Date(hasta));
    if (bloqueos.length) throw regla(M.bloqueado, 'inicio');
  }

  /** 409 with the next free times of that doctor (same length), for the screen to offer. `excepto`: the
   *  appointment being moved, whose own time does not count as taken. */
  let sugerenciasEnCurso = 0;
  /**
   * The doctor's next five free times after `c`, for the 409. A hint only: with SUGERENCIAS_SIMULTANEAS already
   * being computed, or when reading the agenda fails, the refusal goes without them (and the failure is logged),
   * never turned into another error.
   */
  async function siguientesLibres(c: FranjaPedida): Promise<Espacio[]> {
    if (sugerenciasEnCurso >= SUGERENCIAS_SIMULTANEAS) return [];
    sugerenciasEnCurso++;
    try {
      const desde = calendario.fechaDe(c.inicio);
      const libres = await espacios({
        doctorIds: [c.doctorId],
        desde,
        hasta: sumarDias(desde, 13),
        duracion: c.duracion,
        margen: c.margen,
        pacienteId: c.pacienteId,
        excepto: c.excepto,
      });
      return libres.filter((e) => e.inicio.getTime() > c.inicio.getTime()).slice(0, 5);
    } catch (err) {
      deps.log.warn({ err: errorParaLog(err) }, 'no se pudieron calcular los siguientes horarios libres de un 409');
      return [];
    } finally {
      sugerenciasEnCurso--;
    }
  }

  async function ocupado(c: FranjaPedida) {
    return new AppError('HORARIO_OCUPADO', 409, M.ocupado, undefined, { siguientes: await siguientesLibres(c) });
  }

  /** Ley 1799 de 2016 (minimum age) and "evaluation first" for a procedure appointment of this patient. */
  async function revisarProcedimiento(
    paciente: { id: number; fecha_nacimiento: string | null; terminos_aceptados_en: Date | null },
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
    if (!paciente.terminos_aceptados_en) throw regla(MENSAJE_SIN_AUTORIZACION_DATOS, 'paciente_id');
    if (proc.requiere_evaluacion && !(await repo.tieneEvaluacionRealizada(paciente.id))) {
      throw regla(M.requiereEvaluacion, 'procedimiento_id');
    }
  }

  /** Exclusion violations become the 409 a person can act on. */
  async function conCruces<T>(trabajo: () => Promise<T>, c: FranjaPedida): Promise<T> {
    try {
      return await trabajo();
    } catch (err) {
      throw (await cruceDe(err, c)) ?? err;
    }
  }
  /** The 409 of an exclusion violation for this time; null for any other error. */
  async function cruceDe(err: unknown, c: FranjaPedida): Promise<AppError | null> {
    if (isExclusionViolation(err, CRUCE_DOCTOR)) return ocupado(c);
    if (isExclusionViolation(err, CRUCE_PACIENTE)) {
      return new AppError('HORARIO_OCUPADO', 409, M_CRUCE_PACIENTE, undefined, { siguientes: [] });
    }
    return null;
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
      deps.notaFirmada(c.id),
      c.tipo === 'procedimiento' ? deps.consentimientoVigente(c.id) : true,
    ]);
    // DOMAIN.md "Clinical notes": a visit is done only once its note is signed (a signed note never changes).
    if (!nota) faltan.push({ requisito: 'nota', mensaje: M_NOTA_SIN_FIRMAR });
    // Ley 23 de 1981, DOMAIN.md: a procedure is done only with the patient's signed consent for it.
    if (!consentimiento) faltan.push({ requisito: 'consentimiento', mensaje: M_CONSENTIMIENTO_SIN_FIRMAR });
    return faltan;
  }

  return {
    duracionDe,
    espacios,
    revisarHorario,
    revisarProcedimiento,
    conCruces,
    cruceDe,
    faltasParaRealizada,
    /** The refusal of a missing requirement, with the status each has always had. */
    negativaRealizada(f: FaltaRealizada): AppError {
      if (f.requisito === 'doctor') return prohibido(f.mensaje);
      if (f.requisito === 'nota' || f.requisito === 'consentimiento') return new AppError('CONFLICTO', 409, f.mensaje);
      return regla(f.mensaje, 'estado');
    },
    doctorActivo: (id: number, campo = 'doctor_id') => personaActiva(id, 'doctor', campo),
    pacienteActiva: (id: number) => personaActiva(id, 'paciente', 'paciente_id'),
    /** Ley 1799: the age counts on the appointment's day, so an existing appointment's new day is checked anew. */
    async revisarProcedimientoDe(
      pacienteId: number,
      proc: { edad_minima: number; requiere_evaluacion: boolean },
      inicio: Date,
    ) {
      const paciente = await repo.persona(pacienteId);
      await revisarProcedimiento(
        {
          id: pacienteId,
          fecha_nacimiento: paciente?.fecha_nacimiento ?? null,
          terminos_aceptados_en: paciente?.terminos_aceptados_en ?? null,
        },
        proc,
        calendario.fechaDe(inicio),
      );
    },
    /** An appointment the actor may see; someone else's answers like a missing one: its existence is private. */
    async cargar(actor: Actor, id: number): Promise<CitaDetalle> {
      const c = await repo.buscar(id);
      if (!c || !puedeVer(actor, c)) throw noEncontrado(M.noEncontrada);
      return c;
    },
  };
}
export type Reglas = ReturnType<typeof createReglas>;

/** A time asked of a doctor, for the 409 of an overlap (and the next free times it offers). */
export type FranjaPedida = {
  doctorId: number;
  inicio: Date;
  duracion: number;
  margen: number;
  pacienteId?: number | undefined;
  excepto?: number | undefined;
};
