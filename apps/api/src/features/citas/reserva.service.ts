// Booking (issue 8; decision 0031): a new appointment checked against every rule, then composed whole (row, audit,
// notifications, reminder, e-mail) under the ids its one read reserved, and written in one statement. A patient's own
// bookings run one at a time; an Idempotency-Key answers a retry with the first appointment. The follow-up series
// (decision 0017) books through the same preparation and composition, several sessions in one transaction.
import { createHash } from 'node:crypto';
import { montoAnticipo } from '@clinica/contracts/catalogo';
import { MENSAJES_CITAS as M, type Cita, type TipoCita } from '@clinica/contracts/citas';
import { formatoPesos } from '@clinica/contracts/dinero';
import { diaDeSemana, sumarDias } from '@clinica/contracts/tiempo';
import { AppError, isExclusionViolation, isUniqueViolation, prohibido } from '../../lib/app-error.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { conReintentos } from '../../db/transacciones.ts';
import type { FilaBandeja } from '../../platform/bandeja.repository.ts';
import { PLAZO_RECLAMO_MS } from '../../platform/bandeja.service.ts';
import { aviso, eventoCita, type AvisosCita } from './avisos.ts';
import { NOMBRE_TIPO } from './citas-correos.ts';
import type { CitaDetalle } from './citas.repository.ts';
import { toCitaWire } from './consultas.service.ts';
import { recordatorioDeCita } from './recordatorio.ts';
import { vencimientoDeReserva } from './anticipos.ts';
import { MIN } from './disponibilidad.ts';
import { CRUCE_PACIENTE } from './citas.repository.ts';
import { activa, M_CRUCE_PACIENTE, regla, type DepsCitas, type Reglas, type ReposCitas } from './reglas.ts';
import { AVISOS_RESERVA, type IdsReserva, type Reserva } from './reserva.repository.ts';

/** A patient who already has `max` appointments to come (config CITAS_POR_VENIR_MAX). */
export const mensajeCitasPorVenir = (max: number) =>
  `Ya tienes ${max === 1 ? 'una cita' : `${max} citas`} por venir. Para agendar otra, cancela o espera una de ellas, o comunícate con la clínica.`;

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
type CitaPreparada = {
  /** The ids reserved for the appointment and its notifications (reserva.repository contextoReserva). */
  ids: IdsReserva;
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
  /** The deposit it owes (whole COP) and until when it holds the slot unpaid; null: none (docs/dinero.md). */
  anticipo: { monto: number; venceEn: Date } | null;
};

/**
 * A follow-up series to book in one transaction. `enTransaccion` runs the series' own writes there (the plan's lock,
 * its links, its audit); `agendar(sesion)` books that session as any booking (row, audit, notifications, reminder,
 * e-mail) and answers its appointment's id. `ocupada`: the 409's message for a session whose slot was taken.
 */
export type SerieParaAgendar<Tx> = {
  sesiones: readonly { sesion: number; datos: DatosNuevaCita }[];
  ocupada: (sesion: number) => string;
  enTransaccion: (tx: Tx, agendar: (sesion: number) => Promise<number>) => Promise<void>;
};

/**
 * A failure while writing one session, tagged so the 409 can name it. The database's error stays its `cause`, where
 * the transaction's retry (`conReintentos`) looks for a deadlock to run the series again.
 */
class FalloSesion extends Error {
  constructor(
    readonly sesion: number,
    readonly preparada: CitaPreparada,
    override readonly cause: unknown,
  ) {
    super('fallo de sesión', { cause });
  }
}

export function createReservaService<Tx extends ReposCitas>(
  deps: DepsCitas<Tx>,
  reglas: Reglas,
  avisos: AvisosCita<Tx>,
) {
  const { repos, calendario } = deps;
  const repo = repos.reservas;

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

  /** Every rule of a new appointment, in the order a person would fix them; nothing is written. */
  async function preparar(actor: Actor, datos: DatosNuevaCita): Promise<CitaPreparada> {
    let pacienteId: number;
    if (actor.rol === 'paciente') {
      if (datos.paciente_id !== undefined && datos.paciente_id !== actor.id) throw prohibido(M.soloPropia);
      pacienteId = actor.id;
      // One patient cannot hoard a doctor's agenda (issue 21, item 2): a few appointments to come at a time.
      const porVenir = await repos.citas.citasPorVenir(pacienteId, calendario.ahora());
      if (porVenir >= deps.citasPorVenirMax) throw regla(mensajeCitasPorVenir(deps.citasPorVenirMax));
    } else {
      if (!datos.paciente_id) throw regla(M.pacienteRequerido, 'paciente_id');
      pacienteId = datos.paciente_id;
    }
    // One round trip for the people, the doctor's hours that day and blocks within a day of the time (longer than
    // any appointment with its margin), and the booking's ids; the checks below run in the same order as before.
    const inicio = new Date(datos.inicio);
    const contexto = await repo.contextoReserva({
      pacienteId,
      doctorId: datos.doctor_id,
      diaSemana: diaDeSemana(calendario.fechaDe(inicio)),
      desde: inicio,
      hasta: new Date(inicio.getTime() + 24 * 60 * MIN),
    });
    const paciente = activa(contexto.paciente, 'paciente', 'paciente_id');
    const doctor = activa(contexto.doctor, 'doctor', 'doctor_id');

    // A patient booking with a cart and no type asks for an evaluation of what is in the cart.
    const delCarrito =
      actor.rol === 'paciente' && !datos.tipo
        ? (await repos.carrito.listar(actor.id)).map((i) => i.procedimiento_id)
        : [];
    const tipo: TipoCita = datos.tipo ?? 'evaluacion';
    const { duracion, margen, proc } = await reglas.duracionDe(tipo, datos.procedimiento_id);
    await reglas.revisarHorario(datos.doctor_id, inicio, duracion, margen, contexto);
    if (proc) await reglas.revisarProcedimiento(paciente, proc, calendario.fechaDe(inicio));
    const anticipo = await anticipoDe(pacienteId, tipo, proc, inicio);
    return {
      ids: contexto.ids,
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
      anticipo,
    };
  }

  /**
   * The deposit a booking owes, computed here from the catalogue and the clinic's settings (never the client's): a
   * procedure's rule (fixed, or a percentage of its price), an evaluation's setting; none for a control, nor for a
   * procedure a usable package of the patient pays. Unpaid, it holds the slot ANTICIPO_HORAS_RESERVA hours, never
   * past the start.
   */
  async function anticipoDe(
    pacienteId: number,
    tipo: TipoCita,
    proc: Awaited<ReturnType<Reglas['duracionDe']>>['proc'],
    inicio: Date,
  ): Promise<CitaPreparada['anticipo']> {
    const { anticipos } = deps;
    let monto: number | null = null;
    if (tipo === 'evaluacion') monto = anticipos.evaluacion > 0 ? anticipos.evaluacion : null;
    else if (tipo === 'procedimiento' && proc?.anticipo_tipo && proc.anticipo_valor !== null) {
      monto = montoAnticipo({ tipo: proc.anticipo_tipo, valor: proc.anticipo_valor }, proc.precio);
      const usableDesde = sumarDias(calendario.fechaDe(inicio), -anticipos.diasGraciaPaquetes);
      if (monto && (await repos.citas.tienePaqueteVigente(pacienteId, proc.id, usableDesde))) monto = null;
    }
    if (!monto) return null;
    const hasta = calendario.ahora().getTime() + anticipos.horasReserva * 60 * MIN;
    return { monto, venceEn: new Date(Math.min(hasta, inicio.getTime())) };
  }

  /**
   * Everything a new appointment writes, composed before anything is written (under the ids preparar reserved):
   * the row, its audit, one notification per name of AVISOS_RESERVA (DOMAIN.md texts), and as effects their live
   * pushes, the reminder and the patient's e-mail.
   */
  function componerReserva(actor: Actor, p: CitaPreparada, origen: Origen) {
    const id = p.ids.cita;
    const ahora = calendario.ahora();
    const cuando = avisos.cuando(p.inicio);
    const nuevo = (a: (typeof AVISOS_RESERVA)[number], usuarioId: number, mensaje: string) => ({
      ...aviso(usuarioId, 'cita.nueva', id, mensaje),
      id: p.ids.avisos[a],
      creada_en: ahora,
    });
    const notificaciones = {
      doctor: nuevo('doctor', p.doctorId, `Nueva cita con ${p.pacienteNombre} el ${cuando} (${NOMBRE_TIPO[p.tipo]})`),
      paciente: nuevo(
        'paciente',
        p.pacienteId,
        p.anticipo
          ? `Tu cita de ${NOMBRE_TIPO[p.tipo]} del ${cuando} quedó reservada: paga el anticipo de ${formatoPesos(p.anticipo.monto)} antes del ${avisos.cuando(p.anticipo.venceEn)} para conservarla`
          : `Tu cita de ${NOMBRE_TIPO[p.tipo]} quedó agendada para el ${cuando}`,
      ),
    } satisfies Reserva['notificaciones'];
    const efectos = deps.efectosDeAvisos(
      AVISOS_RESERVA.map((a) => ({ ...notificaciones[a], leida: false, archivada: false })),
    );
    // The patient's confirmation by WhatsApp too, when the channel is on (features/mensajeria).
    if (deps.whatsappDeReserva) efectos.push(...deps.whatsappDeReserva(notificaciones.paciente));
    const r = recordatorioDeCita(id, p.inicio, ahora);
    if (r) efectos.push(r);
    // The hold's expiry: a delayed outbox row, so it survives restarts (anticipos.ts vencerReserva).
    if (p.anticipo) efectos.push(vencimientoDeReserva(id, p.anticipo.venceEn));
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
      anticipo_monto: p.anticipo?.monto ?? null,
      reserva_vence_en: p.anticipo?.venceEn ?? null,
    });
    // A patient without an e-mail (decision 0048) has her in-app notification only.
    if (correo) efectos.push({ tipo: 'correo', carga: correo });
    const reserva: Omit<Reserva, 'bandeja'> = {
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
        anticipo_monto: p.anticipo?.monto ?? null,
        reserva_vence_en: p.anticipo?.venceEn ?? null,
      },
      auditoria: eventoCita(
        actor,
        'cita.crear',
        id,
        `tipo=${p.tipo}; paciente=${p.pacienteId}; doctor=${p.doctorId}; inicio=${p.inicio.toISOString()}${
          p.anticipo ? `; anticipo=${p.anticipo.monto}; reserva_vence=${p.anticipo.venceEn.toISOString()}` : ''
        }`,
        origen,
      ),
      notificaciones,
    };
    return { reserva, efectos };
  }

  /** A composed booking with its effects, written claimed by this instance (`reservar` answers their rows). */
  function conEfectos({ reserva, efectos }: ReturnType<typeof componerReserva>): Reserva {
    const ahora = calendario.ahora();
    return { ...reserva, bandeja: { efectos, ahora, reclamadaHasta: new Date(ahora.getTime() + PLAZO_RECLAMO_MS) } };
  }
  /**
   * Writes a booking in its one statement (decision 0031) on `reservas` (the database, or the caller's transaction).
   * Answers the effects written claimed, for the caller to hand to the dispatcher once the write commits, as
   * `transaccion` does with the effects it enqueues.
   */
  async function escribir(reservas: Tx['reservas'], reserva: Reserva) {
    const { cita, bandeja } = await reservas.reservar(reserva);
    return { cita, propias: bandeja.filter((f) => f.reclamada_hasta !== null) };
  }

  /** The first booking made with this key: the same body answers its appointment (as the caller may still see it,
   *  issue 21, item 9: it may have moved to another doctor since), another body is 422. */
  async function repeticion(actor: Actor, clave: string, huella: string): Promise<CitaDetalle | undefined> {
    const previa = await repo.idempotencia(actor.id, clave);
    if (!previa) return undefined;
    if (previa.huella !== huella) throw new AppError('IDEMPOTENCIA_DISTINTA', 422, M.idempotenciaDistinta);
    return reglas.cargar(actor, previa.cita_id);
  }

  /** A new appointment (crear); a patient's run one at a time (enFilaDePaciente). */
  async function crearReserva(actor: Actor, datos: DatosNuevaCita, origen: Origen, clave?: string): Promise<Cita> {
    const huella = createHash('sha256').update(JSON.stringify(datos)).digest('hex');
    const previa = clave ? await repeticion(actor, clave, huella) : undefined;
    if (previa) return toCitaWire(previa);
    const p = await preparar(actor, datos);
    const reserva = conEfectos(componerReserva(actor, p, origen));
    // One statement (decision 0031): the cart items the evaluation covers and the idempotency key go with it.
    if (p.delCarrito.length) reserva.carrito = { usuarioId: actor.id, procedimientoIds: p.delCarrito };
    if (clave) reserva.idempotencia = { usuario_id: actor.id, clave, huella };
    const escribirUna = async () => {
      try {
        // Outside any transaction. Two bookings of one slot at once can deadlock in the exclusion index: the aborted
        // one runs again and meets the other's committed row (a 409), or books if that one was refused.
        const { cita, propias } = await conReintentos(() => escribir(repo, reserva));
        if (propias.length) deps.entregarPropias(propias);
        return cita;
      } catch (err) {
        // The same key sent twice at once: the first commit wins. Its appointment takes the slot, so the second
        // fails on the overlap (or on the key itself) and answers with the first one's appointment.
        if (clave && (isExclusionViolation(err) || isUniqueViolation(err, 'idempotencia_usuario_id_clave_pk'))) {
          const primera = await repeticion(actor, clave, huella);
          if (primera) return primera;
        }
        throw err;
      }
    };
    return toCitaWire(await reglas.conCruces(escribirUna, p));
  }

  return {
    async crear(actor: Actor, datos: DatosNuevaCita, origen: Origen, claveIdempotencia?: string): Promise<Cita> {
      if (actor.rol === 'paciente')
        return enFilaDePaciente(actor.id, () => crearReserva(actor, datos, origen, claveIdempotencia));
      return crearReserva(actor, datos, origen, claveIdempotencia);
    },

    /**
     * Books one appointment exactly as `crear` does (every rule, the deposit, notifications, reminder, e-mail), in a
     * transaction together with the caller's own writes (`enTransaccion`, given the new appointment's id): the
     * waitlist's acceptance (features/espera) marks its offer and entry in the booking's transaction, so both commit or
     * neither does. An overlap is a 409 with `ocupada` (the caller's message), without the next free times.
     */
    async reservarCon(
      actor: Actor,
      datos: DatosNuevaCita,
      origen: Origen,
      enTransaccion: (tx: Tx, citaId: number) => Promise<void>,
      ocupada: string,
    ): Promise<Cita> {
      const p = await preparar(actor, datos);
      let propias: FilaBandeja[] = [];
      try {
        await deps.transaccion(async (tx) => {
          // A transaction run again (deadlock) books anew.
          propias = (await escribir(tx.reservas, conEfectos(componerReserva(actor, p, origen)))).propias;
          await enTransaccion(tx, p.ids.cita);
        });
      } catch (err) {
        if (isExclusionViolation(err, CRUCE_PACIENTE))
          throw new AppError('HORARIO_OCUPADO', 409, M_CRUCE_PACIENTE, undefined, { siguientes: [] });
        if (isExclusionViolation(err)) throw new AppError('HORARIO_OCUPADO', 409, ocupada);
        throw err;
      }
      if (propias.length) deps.entregarPropias(propias);
      return toCitaWire(await reglas.cargar(actor, p.ids.cita));
    },

    /**
     * Books a follow-up series (issue 9, item 4; decision 0017) with the same checks and writes as `crear`: every
     * session is checked first (a broken rule is a 422 naming its session), then all are written in one transaction
     * with the series' own writes. All or nothing: a slot taken since the proposal is a 409 naming the session, with
     * the doctor's next free times. Answers the booked appointments, read after the commit.
     */
    async agendarSerie(actor: Actor, serie: SerieParaAgendar<Tx>, origen: Origen): Promise<Cita[]> {
      const preparadas = new Map<number, CitaPreparada>();
      for (const s of serie.sesiones) {
        try {
          preparadas.set(s.sesion, await preparar(actor, s.datos));
        } catch (err) {
          // The engine's message, said of the session it concerns.
          if (err instanceof AppError && err.statusCode === 422)
            throw new AppError(err.code, 422, `Sesión ${s.sesion}: ${err.message}`, err.issues);
          throw err;
        }
      }
      let ids: number[] = [];
      let propias: FilaBandeja[] = [];
      try {
        await deps.transaccion(async (tx) => {
          // A transaction run again (deadlock) books anew.
          ids = [];
          propias = [];
          await serie.enTransaccion(tx, async (sesion) => {
            const p = preparadas.get(sesion);
            if (!p) throw new Error(`la sesión ${sesion} no se preparó`);
            try {
              propias.push(...(await escribir(tx.reservas, conEfectos(componerReserva(actor, p, origen)))).propias);
            } catch (err) {
              throw new FalloSesion(sesion, p, err);
            }
            ids.push(p.ids.cita);
            return p.ids.cita;
          });
        });
      } catch (err) {
        if (!(err instanceof FalloSesion)) throw err;
        const choque = await reglas.cruceDe(err.cause, err.preparada);
        if (!choque) throw err.cause;
        throw new AppError('HORARIO_OCUPADO', 409, serie.ocupada(err.sesion), undefined, {
          sesion: err.sesion,
          siguientes: choque.extra?.['siguientes'] ?? [],
        });
      }
      if (propias.length) deps.entregarPropias(propias);
      return Promise.all(ids.map(async (id) => toCitaWire(await reglas.cargar(actor, id))));
    },
  };
}
