// Reads of appointments (SPEC 5, 7; issue 8): one appointment and its details screen, a patient's appointments, a
// doctor's agenda and patients, the staff's paginated list, the free slots a screen offers and the active doctors.
// Who may read what is checked here; nothing is written (the details' alert flags are audited by the records feature).
import {
  DIAS_MAX_DISPONIBILIDAD,
  DIAS_MAXIMOS_ANTICIPACION,
  TOPE_CONTEO_BUSQUEDA,
  TOPE_CONTEO_CITAS,
  type AnticipoCita,
  type Cita,
  type DetalleCita,
  type EstadoAnticipo,
  type EstadoCita,
  type TipoCita,
} from '@clinica/contracts/citas';
import { sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import { prohibido } from '../../lib/app-error.ts';
import { desplazamiento, paginaConTope } from '../../lib/paginas.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { CitaDetalle, FiltroCitas } from './citas.repository.ts';
import { MIN, type Espacio } from './disponibilidad.ts';
import { regla, type DepsCitas, type Reglas } from './reglas.ts';

/** Where the deposit stands, from the row and its refund (docs/dinero.md "Anticipos y política de cancelación"). */
export function anticipoDe(d: CitaDetalle): AnticipoCita | null {
  if (d.anticipo_monto === null) return null;
  const estado: EstadoAnticipo =
    d.causa_cancelacion === 'reserva_vencida'
      ? 'vencido'
      : d.reserva_vence_en !== null
        ? d.estado === 'cancelada'
          ? 'no_pagado'
          : 'pendiente'
        : d.anticipo_destino === 'devolucion'
          ? d.devolucion_pagada
            ? 'devuelto'
            : 'devolucion_pendiente'
          : d.anticipo_destino === 'saldo_a_favor' || d.anticipo_destino === 'retenido'
            ? d.anticipo_destino
            : d.estado === 'cancelada'
              ? 'retenido'
              : 'pagado';
  // A confirmed appointment owing its deposit again (its payment voided) holds its slot by the confirmation, not
  // until a deadline: no hold's end to show.
  const reserva = estado === 'pendiente' && d.estado === 'pendiente' ? d.reserva_vence_en : null;
  return { monto: d.anticipo_monto, estado, reserva_vence_en: reserva };
}

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
    causa_cancelacion: d.causa_cancelacion,
    anticipo: anticipoDe(d),
    creada_en: d.creada_en,
    actualizada_en: d.actualizada_en,
  };
}

export function createConsultasService(
  deps: Pick<DepsCitas, 'repos' | 'calendario' | 'alertasPaciente'>,
  reglas: Reglas,
) {
  const { calendario } = deps;
  const repo = deps.repos.citas;
  /** A page of at most 500, newest first: a patient's appointments or a doctor's agenda. */
  const recientes = async (f: Pick<FiltroCitas, 'pacienteId' | 'doctorId'>) =>
    (await repo.listar({ ...f, limite: 500, orden: 'reciente' })).map(toCitaWire);

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

  return {
    /** Free slots for a screen: one doctor or every active one, within the booking horizon. */
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
      const { duracion, margen } = await reglas.duracionDe(tipo, q.procedimiento_id);
      const doctorIds = q.doctor_id
        ? [(await reglas.doctorActivo(q.doctor_id)).id]
        : (await repo.doctoresActivos()).map((d) => d.id);
      return reglas.espacios({
        doctorIds,
        desde: q.desde,
        hasta: q.hasta > limite ? limite : q.hasta,
        duracion,
        margen,
        pacienteId: actor?.rol === 'paciente' ? actor.id : undefined,
      });
    },

    doctores: () => repo.doctoresActivos(),

    async buscar(actor: Actor, id: number): Promise<Cita> {
      return toCitaWire(await reglas.cargar(actor, id));
    },

    /**
     * The details screen's answer (issue 27.9): for staff, what realizada still needs (the rules cambiarEstado
     * enforces); for the appointment's doctor, the patient's allergies and alert flags (a read of her record,
     * audited by the records feature).
     */
    async detalle(actor: Actor, id: number, origen: Origen): Promise<DetalleCita> {
      const c = await reglas.cargar(actor, id);
      const abierta = c.estado === 'pendiente' || c.estado === 'confirmada';
      const [faltan, alertas] = await Promise.all([
        actor.rol !== 'paciente' && abierta ? reglas.faltasParaRealizada(actor, c) : null,
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
      return recientes({ pacienteId: usuarioId, doctorId: actor.rol === 'doctor' ? actor.id : undefined });
    },

    /** The caller's own: a patient's appointments, or a doctor's agenda. */
    misCitas: (actor: Actor): Promise<Cita[]> =>
      recientes(actor.rol === 'doctor' ? { doctorId: actor.id } : { pacienteId: actor.id }),

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
      const offset = desplazamiento(f);
      const [filas, total] = await Promise.all([
        f.desde || f.hasta
          ? repo.listar({ ...condiciones, limite, offset, orden: 'cronologico' })
          : proximasPrimero(condiciones, limite, offset),
        repo.contar(condiciones, tope),
      ]);
      return paginaConTope(filas.map(toCitaWire), total, tope, f);
    },

    pacientesDoctor: (actor: Actor) => repo.pacientesDe(actor.id),
  };
}
