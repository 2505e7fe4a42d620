// Changes to an existing appointment (DOMAIN.md "Rules"; issue 8): reschedule, cancel, change of state, and the staff's
// edit (doctor, time, type, procedure, notes), each by who may do it. Every change passes through `cambiarFila` (a
// 409 if someone changed the appointment meanwhile; its doctors' screens learn of it), is audited in its transaction,
// tells the other party, and e-mails the patient what her calendar must take.
import {
  HORAS_MINIMAS_CAMBIO_PACIENTE,
  MENSAJES_CITAS as M,
  type Cita,
  type DestinoAnticipo,
  type EstadoCita,
  type TipoCita,
} from '@clinica/contracts/citas';
import { AppError, noEncontrado, prohibido } from '../../lib/app-error.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { AvisosCita } from './avisos.ts';
import { NOMBRE_TIPO } from './citas-correos.ts';
import type { CambiosCita, CitaDetalle } from './citas.repository.ts';
import { toCitaWire } from './consultas.service.ts';
import { MIN } from './disponibilidad.ts';
import { MOTIVO_INASISTENCIA, type Anticipos, type DecisionAnticipo } from './anticipos.ts';
import { formatoPesos } from '@clinica/contracts/dinero';
import type { createRecordatorios } from './recordatorio.ts';
import { M_SOLO_SU_DOCTOR, regla, type DepsCitas, type FranjaPedida, type Reglas, type ReposCitas } from './reglas.ts';

/** A signed note records a visit that happened (issue 21, item 8): its appointment stays where it is. */
export const M_CON_NOTA_FIRMADA =
  'Esta cita ya tiene su nota de evolución firmada: no se puede cancelar, mover ni cambiar de doctor. Márcala como realizada.';

/** How a patient answers outside the app (issue 25, item 3): a reminder e-mail's link or a WhatsApp button. */
export type ViaPaciente = 'correo' | 'whatsapp';
const NOMBRE_VIA: Record<ViaPaciente, string> = { correo: 'el correo', whatsapp: 'WhatsApp' };

/** What a patient's answer did: `cambio` false when the appointment already was so (nothing written, no one told). */
export type RespuestaPaciente = {
  cita: Cita;
  cambio: boolean;
  /** A cancellation's deposit as the policy decided it (null: none paid, or nothing changed). */
  anticipo: { destino: Exclude<DecisionAnticipo['destino'], null>; monto: number } | null;
};

/**
 * Options of a patient's answer: the deposit's destination when it is refundable, and a step of the caller's to run
 * first in the answer's transaction (a link marks itself used there, so a refused change leaves it unused).
 */
export type OpcionesRespuesta<Tx> = {
  destino?: DestinoAnticipo | undefined;
  enTransaccion?: ((tx: Tx) => Promise<void>) | undefined;
};

export const MENSAJES_RESPUESTA = {
  anticipoSinPagar: (monto: string, hasta: string) =>
    `Tu cita tiene un anticipo de ${monto} sin pagar. Págalo en la clínica antes del ${hasta} para conservar tu horario; la cita se confirma cuando el anticipo esté pagado.`,
  realizada: 'Esta cita ya se realizó: no se puede confirmar ni cancelar.',
  yaEmpezo: 'La hora de esta cita ya pasó: para cualquier cambio, comunícate con la clínica.',
} as const;

/** Allowed moves (DOMAIN.md): pendiente -> confirmada -> realizada; pendiente|confirmada -> cancelada. */
const TRANSICIONES: Record<EstadoCita, readonly EstadoCita[]> = {
  pendiente: ['confirmada', 'cancelada'],
  confirmada: ['realizada', 'cancelada'],
  realizada: [],
  cancelada: [],
};

/** A cancelled appointment takes no change (SPEC 4). */
function noCancelada(c: CitaDetalle) {
  if (c.estado === 'cancelada') throw new AppError('CITA_CANCELADA', 409, M.cancelada);
}

/** The columns of a time: start, end, and busy up to the end of the margin. */
const franja = (inicio: Date, duracion: number, margen: number) => {
  const fin = new Date(inicio.getTime() + duracion * MIN);
  return { inicio, fin, ocupado_hasta: new Date(fin.getTime() + margen * MIN) };
};

export function createCambiosService<Tx extends ReposCitas>(
  deps: DepsCitas<Tx>,
  reglas: Reglas,
  avisos: AvisosCita<Tx>,
  recordatorios: ReturnType<typeof createRecordatorios<Tx>>,
  anticipos: Anticipos<Tx>,
) {
  const { calendario, transaccion, notaFirmada } = deps;
  const repo = deps.repos.citas;
  const { avisar, auditar, correoAlPaciente, fechaCorta, cuando } = avisos;
  const horasHasta = (inicio: Date) => (inicio.getTime() - calendario.ahora().getTime()) / (60 * MIN);
  /** The appointment as it now is, for the answer. */
  const comoQuedo = async (id: number) => toCitaWire((await repo.buscar(id))!);

  /**
   * Writes `cambios` to the appointment `c` was read as; 409 if someone changed its state in the meantime. Every
   * change of an existing appointment passes here, so here its doctors' open screens learn of it (issue 27.14): the
   * one it had and, if it moved, the one it has, whether or not a notification tells them. A new appointment needs
   * no such push: it always notifies its doctor, and a notification about an appointment refreshes her screens.
   */
  async function cambiarFila(tx: Tx, c: CitaDetalle, cambios: CambiosCita) {
    if (!(await tx.citas.actualizar(c.id, cambios, calendario.ahora(), c.estado))) {
      throw new AppError('CONFLICTO', 409, M.cambiadaMientras);
    }
    const otro = cambios.doctor_id !== undefined && cambios.doctor_id !== c.doctor_id ? [cambios.doctor_id] : [];
    await tx.encolar('cita.cambio', { doctorIds: [c.doctor_id, ...otro], citaId: c.id });
  }

  /** A move to a new time (and maybe doctor): written in one transaction, an overlap answered with the next free
   *  times of `a`; the appointment as it now is. */
  async function mover(c: CitaDetalle, a: FranjaPedida, escribir: (tx: Tx) => Promise<void>) {
    await reglas.conCruces(() => transaccion(escribir), { ...a, pacienteId: c.paciente_id, excepto: c.id });
    return comoQuedo(c.id);
  }

  /**
   * An unpaid deposit's hold never reaches past the start (a check constraint): a move to an earlier time brings it
   * to the new start and queues its expiry there.
   */
  // A confirmed appointment may owe its deposit too (its payment voided, anticipos.ts anticipoAnulado): the same
  // bound; only a pending one has an expiry to queue.
  const reservaHasta = (c: CitaDetalle, inicio: Date) =>
    c.reserva_vence_en && c.reserva_vence_en.getTime() > inicio.getTime() ? { reserva_vence_en: inicio } : {};
  async function seguirReserva(tx: Tx, c: CitaDetalle, inicio: Date) {
    if (c.estado === 'pendiente' && 'reserva_vence_en' in reservaHasta(c, inicio))
      await tx.encolar('reserva.vence', { citaId: c.id }, { disponibleEn: inicio });
  }

  /** The change of a time may not reach an appointment that happened or whose visit is already recorded. */
  async function sinNotaFirmada(id: number) {
    if (await notaFirmada(id)) throw regla(M_CON_NOTA_FIRMADA);
  }

  /**
   * THE cancellation of an appointment, whoever asks (the app's Cancelar, a reminder's link, a WhatsApp button):
   * the state, the deposit's destination by the policy, the audit, the other party told, the patient's e-mail. The
   * caller checked who may and when. A hook for what a freed slot starts (the waitlist) belongs here.
   */
  async function cancelarCita(
    actor: Actor,
    c: CitaDetalle,
    motivo: string,
    origen: Origen,
    opciones: OpcionesRespuesta<Tx>,
  ): Promise<DecisionAnticipo> {
    const id = c.id;
    return transaccion(async (tx) => {
      if (opciones.enTransaccion) await opciones.enTransaccion(tx);
      const decision = await anticipos.decidir(tx, c, opciones.destino, false);
      const causa = actor.id === c.paciente_id ? 'paciente' : 'personal';
      await cambiarFila(tx, c, { estado: 'cancelada', motivo_cancelacion: motivo, causa_cancelacion: causa });
      await auditar(tx, actor, 'cita.cancelar', id, `${c.estado} -> cancelada; causa=${causa}`, origen);
      await anticipos.aplicar(tx, actor, c, decision, origen);
      if (actor.id !== c.paciente_id) {
        const mensaje = `Tu cita del ${fechaCorta.format(c.inicio)} fue cancelada: ${motivo}`;
        await avisar(tx, c.paciente_id, 'cita.cancelada', id, mensaje);
      }
      if (actor.id !== c.doctor_id) {
        const mensaje = `La cita de ${c.paciente_nombre} del ${cuando(c.inicio)} fue cancelada: ${motivo}`;
        await avisar(tx, c.doctor_id, 'cita.cancelada', id, mensaje);
      }
      await correoAlPaciente(tx, id, 'cancelada');
      return decision;
    });
  }

  /**
   * The appointment a patient answers about outside the app (no session: the caller authenticated her by a signed
   * link or her verified WhatsApp number), with the patient as the actor.
   */
  async function paraRespuesta(id: number) {
    const c = await repo.buscar(id);
    if (!c) throw noEncontrado(M.noEncontrada);
    const actor: Actor = { id: c.paciente_id, rol: 'paciente' };
    return { c, actor };
  }
  /** Done, begun or cancelled (for a confirmation): nothing to answer. */
  function respondible(c: CitaDetalle) {
    if (c.estado === 'realizada') throw regla(MENSAJES_RESPUESTA.realizada);
    if (c.inicio.getTime() <= calendario.ahora().getTime()) throw regla(MENSAJES_RESPUESTA.yaEmpezo);
  }

  return {
    async reagendar(actor: Actor, id: number, nuevoInicio: string, origen: Origen): Promise<Cita> {
      const c = await reglas.cargar(actor, id);
      noCancelada(c);
      if (c.estado === 'realizada') throw regla('Una cita realizada no se puede reagendar.');
      await sinNotaFirmada(id);
      if (actor.rol === 'paciente' && horasHasta(c.inicio) < HORAS_MINIMAS_CAMBIO_PACIENTE)
        throw regla(M.tardeReagendar);
      const { duracion, margen, proc } = await reglas.duracionDe(c.tipo, c.procedimiento_id);
      const inicio = new Date(nuevoInicio);
      await reglas.revisarHorario(c.doctor_id, inicio, duracion, margen);
      // Ley 1799: the age counts on the new day (a patient under age then cannot be moved there).
      if (proc) await reglas.revisarProcedimientoDe(c.paciente_id, proc, inicio);
      return mover(c, { doctorId: c.doctor_id, inicio, duracion, margen }, async (tx) => {
        await cambiarFila(tx, c, { ...franja(inicio, duracion, margen), ...reservaHasta(c, inicio) });
        await seguirReserva(tx, c, inicio);
        await auditar(tx, actor, 'cita.reagendar', id, `${c.inicio.toISOString()} -> ${inicio.toISOString()}`, origen);
        // The other party learns of it.
        if (actor.id !== c.paciente_id) {
          await avisar(tx, c.paciente_id, 'cita.reagendada', id, `Tu cita fue reagendada para el ${cuando(inicio)}`);
        }
        if (actor.id !== c.doctor_id) {
          const mensaje = `La cita de ${c.paciente_nombre} fue reagendada para el ${cuando(inicio)}`;
          await avisar(tx, c.doctor_id, 'cita.reagendada', id, mensaje);
        }
        await recordatorios.programar(tx, id, inicio);
        await correoAlPaciente(tx, id, 'reagendada');
      });
    },

    /**
     * Cancels (causa paciente when she does it, personal when staff do). A paid deposit follows the policy
     * (anticipos.ts): `destino` is the patient's choice, needed when it is refundable.
     */
    async cancelar(
      actor: Actor,
      id: number,
      motivo: string,
      origen: Origen,
      destino?: DestinoAnticipo | undefined,
    ): Promise<Cita> {
      const c = await reglas.cargar(actor, id);
      noCancelada(c);
      if (c.estado === 'realizada') throw regla('Una cita realizada no se puede cancelar.');
      await sinNotaFirmada(id);
      if (actor.rol === 'paciente' && horasHasta(c.inicio) < HORAS_MINIMAS_CAMBIO_PACIENTE) throw regla(M.tarde);
      await cancelarCita(actor, c, motivo, origen, { destino });
      return comoQuedo(id);
    },

    async cambiarEstado(actor: Actor, id: number, estado: EstadoCita, origen: Origen): Promise<Cita> {
      const c = await reglas.cargar(actor, id);
      noCancelada(c);
      if (estado === 'cancelada')
        throw regla('Para cancelar una cita usa la opción Cancelar e indica el motivo.', 'estado');
      if (!TRANSICIONES[c.estado].includes(estado)) {
        throw regla(`Una cita ${c.estado} no puede pasar a ${estado}.`, 'estado');
      }
      if (estado === 'realizada') {
        // Only the appointment's doctor: checked before reading its note and consent.
        if (actor.id !== c.doctor_id) throw prohibido(M_SOLO_SU_DOCTOR);
        const [falta] = await reglas.faltasParaRealizada(actor, c);
        if (falta) throw reglas.negativaRealizada(falta);
      }
      if (actor.rol === 'paciente')
        throw prohibido('Solo el personal de la clínica puede cambiar el estado de una cita.');
      // Issue 23.2: an appointment stays pendiente until its deposit is paid.
      if (estado === 'confirmada' && c.anticipo_monto && c.reserva_vence_en)
        throw regla(M.anticipoSinPagar(formatoPesos(c.anticipo_monto)), 'estado');
      await transaccion(async (tx) => {
        // Issue 25.3: how it was confirmed; the staff's change of state is the desk's confirmation.
        const confirmacion =
          estado === 'confirmada' ? { confirmada_via: 'mostrador' as const, confirmada_en: calendario.ahora() } : {};
        await cambiarFila(tx, c, { estado, ...confirmacion });
        const via = estado === 'confirmada' ? '; via=mostrador' : '';
        await auditar(tx, actor, 'cita.estado', id, `${c.estado} -> ${estado}${via}`, origen);
        // Issue 23.4: a procedure done uses a session of the patient's package, committed with the state or not at all.
        if (estado === 'realizada') await deps.consumirSesion(tx, actor, c, origen);
        if (estado === 'confirmada') {
          const mensaje = `Tu cita del ${fechaCorta.format(c.inicio)} fue confirmada`;
          await avisar(tx, c.paciente_id, 'cita.confirmada', id, mensaje);
          await correoAlPaciente(tx, id, 'confirmada');
        }
      });
      return comoQuedo(id);
    },

    /**
     * The patient confirms her appointment from a reminder (its e-mail link, a WhatsApp button; issue 25.3): the
     * rules of a confirmation (not cancelled, not done, not begun, no unpaid deposit), audited with her as the actor
     * and the via, her doctor told, her e-mail sent. Confirming a confirmed one answers it as it is, telling no one.
     */
    async confirmarPorPaciente(
      id: number,
      via: ViaPaciente,
      origen: Origen,
      opciones: OpcionesRespuesta<Tx> = {},
    ): Promise<RespuestaPaciente> {
      const { c, actor } = await paraRespuesta(id);
      noCancelada(c);
      respondible(c);
      if (c.estado === 'confirmada') {
        if (opciones.enTransaccion) await transaccion(opciones.enTransaccion);
        return { cita: toCitaWire(c), cambio: false, anticipo: null };
      }
      // Issue 23.2: an appointment stays pendiente until its deposit is paid.
      if (c.anticipo_monto && c.reserva_vence_en)
        throw regla(MENSAJES_RESPUESTA.anticipoSinPagar(formatoPesos(c.anticipo_monto), cuando(c.reserva_vence_en)));
      await transaccion(async (tx) => {
        if (opciones.enTransaccion) await opciones.enTransaccion(tx);
        await cambiarFila(tx, c, { estado: 'confirmada', confirmada_via: via, confirmada_en: calendario.ahora() });
        await auditar(tx, actor, 'cita.estado', id, `${c.estado} -> confirmada; via=${via}`, origen);
        const mensaje = `${c.paciente_nombre} confirmó por ${NOMBRE_VIA[via]} su cita del ${cuando(c.inicio)}`;
        await avisar(tx, c.doctor_id, 'cita.confirmada', id, mensaje);
        await correoAlPaciente(tx, id, 'confirmada');
      });
      return { cita: await comoQuedo(id), cambio: true, anticipo: null };
    },

    /**
     * The patient cancels her appointment from a reminder (issue 25.3): the app's cancellation (`cancelarCita`, causa
     * paciente), up to the start. The reminder's link exists for the last day, so the 24 h of the app's own Cancelar
     * do not refuse it; the deposit policy applies (paid and cancelled inside CANCELACION_HORAS_AVISO: retained;
     * earlier: `destino` is needed). Cancelling a cancelled one answers it as it is.
     */
    async cancelarPorPaciente(
      id: number,
      via: ViaPaciente,
      origen: Origen,
      opciones: OpcionesRespuesta<Tx> = {},
    ): Promise<RespuestaPaciente> {
      const { c, actor } = await paraRespuesta(id);
      if (c.estado === 'cancelada') {
        if (opciones.enTransaccion) await transaccion(opciones.enTransaccion);
        return { cita: toCitaWire(c), cambio: false, anticipo: null };
      }
      respondible(c);
      await sinNotaFirmada(id);
      const motivo = `La paciente la canceló desde el recordatorio por ${NOMBRE_VIA[via]}.`;
      const decision = await cancelarCita(actor, c, motivo, origen, opciones);
      const anticipo = decision.destino === null ? null : { destino: decision.destino, monto: decision.monto };
      return { cita: await comoQuedo(id), cambio: true, anticipo };
    },

    /**
     * Staff mark a missed appointment, after its start, as a no-show: cancelled with causa inasistencia (the spec's
     * four states stay); a paid deposit is retained.
     */
    async marcarInasistencia(actor: Actor, id: number, motivo: string | undefined, origen: Origen): Promise<Cita> {
      const c = await reglas.cargar(actor, id);
      noCancelada(c);
      anticipos.revisarInasistencia(actor, c);
      const texto = motivo || MOTIVO_INASISTENCIA;
      await transaccion(async (tx) => {
        const decision = await anticipos.decidir(tx, c, undefined, true);
        await cambiarFila(tx, c, { estado: 'cancelada', motivo_cancelacion: texto, causa_cancelacion: 'inasistencia' });
        await auditar(tx, actor, 'cita.inasistencia', id, `${c.estado} -> cancelada; causa=inasistencia`, origen);
        await anticipos.aplicar(tx, actor, c, decision, origen);
        const mensaje = `No registramos tu asistencia a la cita del ${fechaCorta.format(c.inicio)}${
          decision.destino === 'retenido' ? `: el anticipo de ${formatoPesos(decision.monto)} queda retenido` : ''
        }`;
        await avisar(tx, c.paciente_id, 'cita.inasistencia', id, mensaje);
      });
      return comoQuedo(id);
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
      const c = await reglas.cargar(actor, id);
      noCancelada(c);
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
      if (mueve) await sinNotaFirmada(id);
      const { duracion, margen, proc } = await reglas.duracionDe(tipo, procedimientoId);
      if (mueve) {
        // Moving to another doctor goes through the same rules as booking with them: active, their hours and
        // blocks, not in the past; the overlap (with their margins) is the database's to refuse.
        if (otroDoctor) await reglas.doctorActivo(doctorId);
        await reglas.revisarHorario(doctorId, inicio, duracion, margen);
        // Ley 1799: the age counts on the appointment's day, so a new date is checked like a new procedure.
        if (proc && (otroServicio || otraHora)) await reglas.revisarProcedimientoDe(c.paciente_id, proc, inicio);
      }
      const nuevoDoctor = otroDoctor ? ((await repo.persona(doctorId))?.nombre ?? 'otro doctor') : '';
      const antes = [
        otroDoctor ? `doctor=${c.doctor_id}->${doctorId}` : '',
        otraHora ? `inicio=${c.inicio.toISOString()}->${inicio.toISOString()}` : '',
        tipo !== c.tipo ? `tipo=${c.tipo}->${tipo}` : '',
      ].filter(Boolean);
      return mover(c, { doctorId, inicio, duracion, margen }, async (tx) => {
        await cambiarFila(tx, c, {
          doctor_id: doctorId,
          tipo,
          procedimiento_id: tipo === 'procedimiento' ? procedimientoId : null,
          ...franja(inicio, duracion, margen),
          ...reservaHasta(c, inicio),
          ...(cambios.motivo !== undefined ? { motivo: cambios.motivo || null } : {}),
          ...(cambios.observaciones !== undefined ? { observaciones: cambios.observaciones || null } : {}),
        });
        await seguirReserva(tx, c, inicio);
        const detalle = [`campos=${Object.keys(cambios).join(',')}`, ...antes].join('; ');
        await auditar(tx, actor, 'cita.editar', id, detalle, origen);
        if (otroDoctor) {
          // The new doctor gets it as a new appointment; the previous one learns it left their agenda.
          const mensaje = `Nueva cita con ${c.paciente_nombre} el ${cuando(inicio)} (${NOMBRE_TIPO[tipo]})`;
          await avisar(tx, doctorId, 'cita.nueva', id, mensaje);
          if (actor.id !== c.doctor_id) {
            const dejo = `La cita de ${c.paciente_nombre} del ${cuando(c.inicio)} pasó a ${nuevoDoctor}`;
            await avisar(tx, c.doctor_id, 'cita.reasignada', id, dejo);
          }
        }
        if (otraHora || otroDoctor) {
          const mensaje = otraHora
            ? `Tu cita fue reagendada para el ${cuando(inicio)}${otroDoctor ? ` con ${nuevoDoctor}` : ''}`
            : `Tu cita del ${cuando(inicio)} ahora es con ${nuevoDoctor}`;
          await avisar(tx, c.paciente_id, 'cita.reagendada', id, mensaje);
        }
        // A new time or doctor is on the patient's calendar: the reminder follows the new time (the old one
        // finds the appointment moved and sends nothing) and the patient gets the update.
        if (otraHora) await recordatorios.programar(tx, id, inicio);
        if (otraHora || otroDoctor) await correoAlPaciente(tx, id, 'reagendada');
      });
    },
  };
}
