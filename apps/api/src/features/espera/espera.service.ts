// The waitlist (issue 25, item 1; docs/espera.md; decision 0068-lista-de-espera).
//   - A patient joins for herself (or the desk for her): an evaluation or a procedure, maybe one doctor, a range of
//     clinic days and times of day. One active entry per patient and thing waited for.
//   - Every change that frees a doctor's time queues `espera.hueco` in its own transaction (features/citas avisos.ts
//     huecoLiberado). Its handler (`ofrecerHuecos`) reads the doctor's free slots in that window and offers each to the
//     first matching entry in order of joining that still qualifies (the booking's own rules: active patient, age and
//     "evaluation first" on the slot's day); one open offer per slot: the next entry gets it only when this one ends.
//   - An offer holds ESPERA_RESERVA_MIN minutes (never past the slot's start): its expiry is a delayed outbox row
//     (`espera.vence`), which ends it and queues the slot again for the next entry. Declining or withdrawing does too.
//   - Accepting books through the normal booking path (every rule, the deposit, notifications, e-mail) in one
//     transaction with the offer (aceptada, the booking's value), the entry (atendida) and the other open offers of the
//     slot (tomada, each told). The appointments' exclusion constraint makes a second booking of the slot impossible.
//   - The desk may offer a free slot by hand, to several waiting patients at once: the first to accept books it.
import {
  DIAS_MAX_ESPERA,
  HORA_FIN_MANANA,
  MENSAJES_ESPERA as M,
  type EntradaEspera,
  type ListarEsperaQuery,
  type OfertaEspera,
  type OfrecerEsperaBody,
  type UnirseEsperaBody,
} from '@clinica/contracts/espera';
import type { Cita, TipoCita } from '@clinica/contracts/citas';
import { formatoPesos } from '@clinica/contracts/dinero';
import { horaEsCo, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError, isUniqueViolation, noEncontrado, prohibido } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { auditarExito, type AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { Encolar } from '../../platform/bandeja.service.ts';
import type { PlantillasCorreo } from '../../platform/plantillas-correo.ts';
import type { EntradaDetalle, EntradaFila, EsperaRepository, OfertaDetalle, OfertaFila } from './espera.repository.ts';

/** Where the patient answers her offers (web: Mis citas). */
export const RUTA_MIS_CITAS = '/miscitas';
const MIN = 60_000;

/** A free slot of one doctor. */
type Espacio = { inicio: Date; fin: Date; doctor_id: number };
/** What a booking takes (the booking engine's own type, features/citas reserva.service DatosNuevaCita). */
type DatosNuevaCita = {
  doctor_id: number;
  inicio: string;
  tipo?: TipoCita | undefined;
  procedimiento_id?: number | undefined;
};
/** What the booking rules answer of a procedure (features/citas reglas.ts). */
type ProcReglas = { id: number; nombre: string; precio: number; edad_minima: number; requiere_evaluacion: boolean };
type Duracion = { duracion: number; margen: number; proc: ProcReglas | undefined };

const regla = (mensaje: string, campo?: string) =>
  new AppError('REGLA_NEGOCIO', 422, mensaje, campo ? [{ campo, mensaje }] : undefined);

export type ReposEspera = {
  espera: EsperaRepository;
  /** The appointments' reads the offers need (features/citas citas.repository.ts). */
  citas: {
    persona(id: number): Promise<{ nombre: string; rol: string; estado: boolean } | undefined>;
    ocupadoDoctores(doctorIds: number[], desde: Date, hasta: Date): Promise<unknown[]>;
  };
  auditoria: AuditoriaRepository;
  caja: { consultaDeValoracion(): Promise<{ nombre: string; precio: number } | undefined> };
  encolar: Encolar;
};
type Aviso = { usuario_id: number; tipo: string; mensaje: string; ruta: string };

/**
 * What the waitlist takes from the booking engine (features/citas citas.service `espera`, given by the composition
 * root): the booking rules, the free slots, and booking with the waitlist's own writes in its transaction.
 */
export type AgendaParaEspera<Tx> = {
  duracionDe(tipo: TipoCita, procedimientoId: number | null | undefined): Promise<Duracion>;
  espacios(o: {
    doctorIds: number[];
    desde: Fecha;
    hasta: Fecha;
    duracion: number;
    margen: number;
    pacienteId?: number | undefined;
  }): Promise<Espacio[]>;
  revisarHorario(doctorId: number, inicio: Date, duracion: number, margen: number): Promise<void>;
  revisarProcedimientoDe(
    pacienteId: number,
    proc: { edad_minima: number; requiere_evaluacion: boolean },
    inicio: Date,
  ): Promise<void>;
  doctorActivo(id: number, campo?: string): Promise<unknown>;
  pacienteActiva(id: number): Promise<unknown>;
  reservarCon(
    actor: Actor,
    datos: DatosNuevaCita,
    origen: Origen,
    enTransaccion: (tx: Tx, citaId: number) => Promise<void>,
    ocupada: string,
  ): Promise<Cita>;
};

const esPersonal = (actor: Actor) => actor.rol === 'asistente' || actor.rol === 'administrador';

export function createEsperaService<Tx extends ReposEspera>(deps: {
  repos: ReposEspera;
  transaccion: Transaccion<Tx>;
  calendario: Calendario;
  agenda: AgendaParaEspera<Tx>;
  notificar: (tx: Tx, v: Aviso | readonly Aviso[]) => Promise<void>;
  plantillas: PlantillasCorreo;
  urlPublica: string;
  /** config.esperaReservaMin: minutes an offer holds its slot. */
  reservaMin: number;
  log: { warn(o: object, m: string): void };
}) {
  const { repos, transaccion, calendario, agenda, notificar } = deps;
  const repo = repos.espera;
  const fechaCorta = new Intl.DateTimeFormat('es-CO', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: calendario.zona,
  });
  const hora = { format: (d: Date) => horaEsCo(d, calendario.zona) };
  /** '03/12/2026 a las 9:00 a. m.', as the appointments' messages write it. */
  const cuando = (d: Date) => `${fechaCorta.format(d)} a las ${hora.format(d)}`;
  const texto = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

  const ofertaWire = (o: OfertaDetalle): OfertaEspera => ({
    id: o.id,
    lista_espera_id: o.lista_espera_id,
    estado: o.estado,
    doctor: { id: o.doctor_id, nombre: o.doctor_nombre },
    inicio: o.inicio,
    fin: o.fin,
    vence_en: o.vence_en,
    ofrecida_por: o.ofrecida_por ? { id: o.ofrecida_por, nombre: o.ofrecida_por_nombre ?? '' } : null,
    creada_en: o.creada_en,
    respondida_en: o.respondida_en,
    cita_id: o.cita_id,
    valor: o.valor,
  });

  async function conOfertas(entradas: EntradaDetalle[]): Promise<EntradaEspera[]> {
    const ofertas = await repo.ofertasDe(entradas.map((e) => e.id));
    return entradas.map((e) => ({
      id: e.id,
      paciente: {
        id: e.paciente_id,
        nombre: e.paciente_nombre,
        telefono: e.paciente_telefono,
        correo: e.paciente_correo,
      },
      tipo: e.tipo,
      procedimiento:
        e.procedimiento_id !== null ? { id: e.procedimiento_id, nombre: e.procedimiento_nombre ?? '' } : null,
      doctor: e.doctor_id !== null ? { id: e.doctor_id, nombre: e.doctor_nombre ?? '' } : null,
      desde: e.desde,
      hasta: e.hasta,
      franjas: e.franjas,
      nota: e.nota,
      estado: e.estado,
      creada_en: e.creada_en,
      cita_id: e.cita_id,
      ofertas: ofertas.filter((o) => o.lista_espera_id === e.id).map(ofertaWire),
    }));
  }
  async function detalle(id: number): Promise<EntradaEspera> {
    const [e] = await conOfertas(await repo.porId(id));
    if (!e) throw noEncontrado(M.noEncontrada);
    return e;
  }

  /** The entry the actor may touch: her own (a patient) or any (the desk); someone else's answers like a missing one. */
  async function entradaDe(actor: Actor, id: number): Promise<EntradaFila> {
    const e = await repo.entrada(id);
    if (!e || (actor.rol === 'paciente' && e.paciente_id !== actor.id)) throw noEncontrado(M.noEncontrada);
    return e;
  }
  /** The patient's own offer; someone else's answers like a missing one. */
  async function ofertaDe(actor: Actor, id: number): Promise<OfertaFila> {
    const o = await repo.oferta(id);
    if (!o || o.paciente_id !== actor.id) throw noEncontrado(M.ofertaNoEncontrada);
    return o;
  }

  /** What the patient waits for, in words: 'evaluación', or the procedure's name. */
  const servicio = (proc: { nombre: string } | undefined) => (proc ? proc.nombre : 'evaluación');
  const franjaDe = (inicio: Date) => (calendario.horaDe(inicio) < HORA_FIN_MANANA ? 'manana' : 'tarde');

  /** An offer's hold: ESPERA_RESERVA_MIN from now, never past the slot's start. */
  const vencimiento = (inicio: Date) =>
    new Date(Math.min(calendario.ahora().getTime() + deps.reservaMin * MIN, inicio.getTime()));

  /**
   * Writes an offer in the caller's transaction, tells the patient (in-app `espera.oferta`, which other channels
   * follow, and an e-mail when she has one) and queues its expiry. Answers undefined when the entry already has an
   * open offer or was offered this slot before (the unique indexes; the caller moves on).
   */
  async function escribirOferta(
    tx: Tx,
    e: EntradaFila,
    slot: Espacio,
    procNombre: string | undefined,
    ofrecidaPor: number | null,
  ): Promise<OfertaFila | undefined> {
    const venceEn = vencimiento(slot.inicio);
    let o: OfertaFila;
    try {
      o = await tx.espera.crearOferta({
        lista_espera_id: e.id,
        paciente_id: e.paciente_id,
        doctor_id: slot.doctor_id,
        inicio: slot.inicio,
        fin: slot.fin,
        vence_en: venceEn,
        ofrecida_por: ofrecidaPor,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'ofertas_espera_una_abierta')) throw new AppError('CONFLICTO', 409, M.conOferta);
      if (isUniqueViolation(err, 'ofertas_espera_entrada_hueco')) throw new AppError('CONFLICTO', 409, M.yaOfrecido);
      throw err;
    }
    const doctor = (await tx.citas.persona(slot.doctor_id))?.nombre ?? 'la doctora o el doctor';
    const nombre = servicio(procNombre ? { nombre: procNombre } : undefined);
    const mensaje = texto(
      `Se liberó un horario de ${nombre} con ${doctor} el ${cuando(slot.inicio)}. Te lo guardamos hasta las ${hora.format(venceEn)}: acéptalo en Mis citas.`,
    );
    await notificar(tx, { usuario_id: e.paciente_id, tipo: 'espera.oferta', mensaje, ruta: RUTA_MIS_CITAS });
    const contacto = await tx.espera.contacto(e.paciente_id);
    if (contacto?.correo) {
      const correo = deps.plantillas.componer({
        asunto: `Se liberó un horario para ti: ${nombre}`,
        titulo: 'Se liberó un horario',
        saludo: `Hola, ${contacto.nombre}:`,
        bloques: [
          {
            tipo: 'parrafo',
            texto: 'Estabas en nuestra lista de espera y se liberó un horario que coincide con lo que pediste.',
          },
          {
            tipo: 'detalles',
            filas: [
              ['Servicio', nombre],
              ['Con', doctor],
              ['Cuándo', texto(cuando(slot.inicio))],
              ['Guardado hasta', texto(cuando(venceEn))],
            ],
          },
          { tipo: 'boton', texto: 'Ver la oferta', url: `${deps.urlPublica}${RUTA_MIS_CITAS}` },
          {
            tipo: 'nota',
            texto:
              'Si no respondes a tiempo, el horario pasa a la siguiente persona de la lista y sigues en espera. El primero en aceptarlo lo agenda.',
          },
        ],
      });
      await tx.encolar('correo', { para: contacto.correo, ...correo });
    }
    await tx.encolar('espera.vence', { ofertaId: o.id }, { disponibleEn: venceEn });
    return o;
  }

  /** Whether the entry's patient may book this slot now (the booking's own checks); the refusal's message if not. */
  async function califica(e: EntradaFila, proc: Duracion['proc'], inicio: Date): Promise<string | null> {
    try {
      await agenda.pacienteActiva(e.paciente_id);
      if (proc) await agenda.revisarProcedimientoDe(e.paciente_id, proc, inicio);
      return null;
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 422) return err.message;
      throw err;
    }
  }

  /** A free slot of this doctor: no live appointment and no open offer crossing it (read in the caller's tx). */
  async function sigueLibre(tx: Tx, doctorId: number, inicio: Date, ocupaHasta: Date, fin: Date) {
    const [citas, abiertas] = await Promise.all([
      tx.citas.ocupadoDoctores([doctorId], inicio, ocupaHasta),
      tx.espera.abiertasQueCruzan(doctorId, inicio, fin),
    ]);
    return citas.length === 0 && abiertas.length === 0;
  }

  /**
   * Outbox handler of `espera.hueco`: the free slots of the doctor in [desde, hasta), each offered to the first
   * matching active entry in order of joining that still qualifies. Slots and candidates are read first; each offer is
   * written in its own short transaction under the doctor's lock, after checking the slot is still free of
   * appointments and open offers, so two handlers at once never offer one slot twice. Safe to run again.
   */
  async function ofrecerHuecos(h: { doctorId: number; desde: string; hasta: string }): Promise<void> {
    const ahora = calendario.ahora();
    const desde = new Date(Math.max(new Date(h.desde).getTime(), ahora.getTime()));
    const hasta = new Date(h.hasta);
    if (hasta.getTime() <= desde.getTime()) return;
    const doctor = await repos.citas.persona(h.doctorId);
    if (!doctor || doctor.rol !== 'doctor' || !doctor.estado) return;
    const diaDesde = calendario.fechaDe(desde);
    const diaHasta = calendario.fechaDe(new Date(hasta.getTime() - 1));
    /** Slots offered by this run: a later entry never gets one crossing them. */
    const ofrecidos: { inicio: number; fin: number }[] = [];
    for (const e of await repo.candidatas(h.doctorId, diaDesde, diaHasta)) {
      let duracion: Duracion;
      try {
        duracion = await agenda.duracionDe(e.tipo as TipoCita, e.procedimiento_id);
      } catch {
        continue; // the procedure is no longer offered
      }
      const yaOfrecidas = await repo.yaOfrecidas(e.id, h.doctorId);
      const libres = await agenda.espacios({
        doctorIds: [h.doctorId],
        desde: (e.desde > diaDesde ? e.desde : diaDesde) as Fecha,
        hasta: (e.hasta < diaHasta ? e.hasta : diaHasta) as Fecha,
        duracion: duracion.duracion,
        margen: duracion.margen,
        pacienteId: e.paciente_id,
      });
      const posibles = libres.filter(
        (s) =>
          s.inicio.getTime() < hasta.getTime() &&
          s.fin.getTime() > desde.getTime() &&
          (e.franjas.length === 0 || e.franjas.includes(franjaDe(s.inicio))) &&
          !yaOfrecidas.has(s.inicio.getTime()) &&
          !ofrecidos.some((x) => x.inicio < s.fin.getTime() && x.fin > s.inicio.getTime()),
      );
      for (const slot of posibles) {
        // The patient must still qualify on the slot's day (age; evaluation first): else she is skipped.
        if (await califica(e, duracion.proc, slot.inicio)) break;
        const escrita = await transaccion(async (tx) => {
          await tx.espera.bloquearDoctor(h.doctorId);
          const ocupa = new Date(slot.fin.getTime() + duracion.margen * MIN);
          if (!(await sigueLibre(tx, h.doctorId, slot.inicio, ocupa, slot.fin))) return undefined;
          return escribirOferta(tx, e, slot, duracion.proc?.nombre, null);
        }).catch((err: unknown) => {
          // Another run offered her something meanwhile (the unique indexes): she is served; the next entry goes on.
          if (err instanceof AppError && err.statusCode === 409) return null;
          throw err;
        });
        if (escrita === null) break;
        if (escrita) {
          ofrecidos.push({ inicio: slot.inicio.getTime(), fin: slot.fin.getTime() });
          break;
        }
      }
    }
  }

  /** The slot of an ended offer goes back to the matcher (the next entry in order), after this transaction commits. */
  const devolverHueco = (tx: Tx, o: Pick<OfertaFila, 'doctor_id' | 'inicio' | 'fin'>) =>
    tx.encolar('espera.hueco', {
      doctorId: o.doctor_id,
      desde: o.inicio.toISOString(),
      hasta: o.fin.toISOString(),
    });

  /** Outbox handler of `espera.vence`: an unanswered offer past its hold expires; its slot goes to the next entry. */
  async function vencerOferta({ ofertaId }: { ofertaId: number }): Promise<void> {
    await transaccion(async (tx) => {
      const o = await tx.espera.cerrarOferta(ofertaId, 'vencida', calendario.ahora(), { vencida: true });
      if (!o) {
        // Answered already, or its hold is not over (a clock behind): a pending one is checked again at its time.
        const actual = await tx.espera.oferta(ofertaId);
        if (actual?.estado === 'ofrecida')
          await tx.encolar('espera.vence', { ofertaId }, { disponibleEn: actual.vence_en });
        return;
      }
      await notificar(tx, {
        usuario_id: o.paciente_id,
        tipo: 'espera.vencida',
        mensaje: texto(
          `La oferta del horario del ${cuando(o.inicio)} venció sin respuesta. Sigues en la lista de espera.`,
        ),
        ruta: RUTA_MIS_CITAS,
      });
      await devolverHueco(tx, o);
    });
  }

  /** A 409 for an offer that is no longer open, by what became of it. */
  const noAbierta = (o: Pick<OfertaFila, 'estado' | 'vence_en'>) => {
    const ahora = calendario.ahora().getTime();
    if (o.estado === 'ofrecida' && o.vence_en.getTime() <= ahora)
      return new AppError('CONFLICTO', 409, M.ofertaVencida);
    const mensaje =
      o.estado === 'vencida'
        ? M.ofertaVencida
        : o.estado === 'tomada'
          ? M.ofertaTomada
          : o.estado === 'anulada'
            ? M.ofertaAnulada
            : M.ofertaRespondida;
    return new AppError('CONFLICTO', 409, mensaje);
  };

  return {
    ofrecerHuecos,
    vencerOferta,

    async unirse(actor: Actor, b: UnirseEsperaBody, origen: Origen): Promise<EntradaEspera> {
      let pacienteId: number;
      if (actor.rol === 'paciente') {
        if (b.paciente_id !== undefined && b.paciente_id !== actor.id) throw prohibido(M.soloPropia);
        pacienteId = actor.id;
      } else {
        if (!b.paciente_id) throw regla(M.pacienteRequerida, 'paciente_id');
        pacienteId = b.paciente_id;
      }
      await agenda.pacienteActiva(pacienteId);
      if (b.tipo === 'procedimiento') await agenda.duracionDe('procedimiento', b.procedimiento_id);
      if (b.doctor_id) await agenda.doctorActivo(b.doctor_id);
      const hoy = calendario.hoy();
      if (b.hasta < hoy) throw regla(M.rangoPasado, 'hasta');
      if (b.hasta > sumarDias(hoy, DIAS_MAX_ESPERA)) throw regla(M.rangoLejano, 'hasta');
      const desde = b.desde < hoy ? hoy : b.desde;
      try {
        const e = await transaccion(async (tx) => {
          const fila = await tx.espera.crearEntrada({
            paciente_id: pacienteId,
            tipo: b.tipo,
            procedimiento_id: b.tipo === 'procedimiento' ? (b.procedimiento_id ?? null) : null,
            doctor_id: b.doctor_id ?? null,
            desde,
            hasta: b.hasta,
            franjas: [...new Set(b.franjas ?? [])],
            nota: b.nota || null,
            creada_por: actor.id,
          });
          const detalleAudit = `paciente=${pacienteId}; tipo=${b.tipo}; procedimiento=${fila.procedimiento_id ?? '-'}; doctor=${fila.doctor_id ?? '-'}; ${desde}..${b.hasta}`;
          await auditarExito(tx, actor, 'espera.unirse', 'lista_espera', fila.id, detalleAudit, origen);
          return fila;
        });
        return detalle(e.id);
      } catch (err) {
        if (isUniqueViolation(err, 'lista_espera_una_activa'))
          throw new AppError('CONFLICTO', 409, actor.rol === 'paciente' ? M.yaInscrita : M.yaInscritaPersonal);
        throw err;
      }
    },

    async mias(actor: Actor): Promise<EntradaEspera[]> {
      return conOfertas(await repo.dePaciente(actor.id));
    },

    async listar(actor: Actor, q: ListarEsperaQuery): Promise<EntradaEspera[]> {
      return conOfertas(
        await repo.listar({
          estado: q.estado ?? 'activa',
          fecha: q.fecha,
          tipo: q.tipo,
          procedimientoId: q.procedimiento_id,
          // A doctor reads the entries that may be hers: hers by name, or any doctor's.
          doctorId: actor.rol === 'doctor' ? actor.id : undefined,
        }),
      );
    },

    async retirar(actor: Actor, id: number, origen: Origen): Promise<EntradaEspera> {
      const e = await entradaDe(actor, id);
      if (e.estado !== 'activa') throw new AppError('CONFLICTO', 409, M.noActiva);
      await transaccion(async (tx) => {
        const ahora = calendario.ahora();
        if (!(await tx.espera.cerrarEntrada(id, 'retirada', ahora))) throw new AppError('CONFLICTO', 409, M.noActiva);
        const abierta = await tx.espera.abiertaDe(id);
        if (abierta && (await tx.espera.cerrarOferta(abierta.id, 'anulada', ahora))) await devolverHueco(tx, abierta);
        const quien = actor.id === e.paciente_id ? 'paciente' : 'personal';
        await auditarExito(tx, actor, 'espera.retirar', 'lista_espera', id, `por=${quien}`, origen);
      });
      return detalle(id);
    },

    /**
     * The desk offers a free slot by hand: the entry active and without an open offer, the slot within the doctor's
     * hours and blocks and free of appointments, the patient qualifying (the booking's rules). Several patients may be
     * offered the same slot by hand: the first to accept books it.
     */
    async ofrecer(actor: Actor, id: number, b: OfrecerEsperaBody, origen: Origen): Promise<OfertaEspera> {
      if (!esPersonal(actor)) throw prohibido('Solo la recepción ofrece horarios de la lista de espera.');
      const e = await entradaDe(actor, id);
      if (e.estado !== 'activa') throw new AppError('CONFLICTO', 409, M.noActiva);
      await agenda.doctorActivo(b.doctor_id);
      const { duracion, margen, proc } = await agenda.duracionDe(e.tipo as TipoCita, e.procedimiento_id);
      const inicio = new Date(b.inicio);
      await agenda.revisarHorario(b.doctor_id, inicio, duracion, margen);
      const negada = await califica(e, proc, inicio);
      if (negada) throw regla(negada);
      const fin = new Date(inicio.getTime() + duracion * MIN);
      const ocupa = new Date(fin.getTime() + margen * MIN);
      const o = await transaccion(async (tx) => {
        await tx.espera.bloquearDoctor(b.doctor_id);
        if ((await tx.citas.ocupadoDoctores([b.doctor_id], inicio, ocupa)).length)
          throw new AppError('CONFLICTO', 409, M.horarioNoLibre);
        const escrita = await escribirOferta(tx, e, { inicio, fin, doctor_id: b.doctor_id }, proc?.nombre, actor.id);
        const detalleAudit = `entrada=${id}; paciente=${e.paciente_id}; doctor=${b.doctor_id}; inicio=${inicio.toISOString()}`;
        await auditarExito(tx, actor, 'espera.ofrecer', 'oferta_espera', escrita!.id, detalleAudit, origen);
        return escrita!;
      });
      const [fila] = (await repo.ofertasDe([id])).filter((x) => x.id === o.id);
      return ofertaWire(fila!);
    },

    /**
     * The patient accepts: booked through the normal booking path (every rule; the deposit), in one transaction with
     * the offer (aceptada, the booking's value), the entry (atendida) and the slot's other open offers (tomada, each
     * told). A slot someone else booked first is a 409 and ends this offer as taken; she stays on the list.
     */
    async aceptar(actor: Actor, id: number, origen: Origen): Promise<Cita> {
      const o = await ofertaDe(actor, id);
      if (o.estado !== 'ofrecida' || o.vence_en.getTime() <= calendario.ahora().getTime()) throw noAbierta(o);
      const e = (await repo.entrada(o.lista_espera_id))!;
      if (e.estado !== 'activa') throw new AppError('CONFLICTO', 409, M.noActiva);
      const { proc } = await agenda.duracionDe(e.tipo as TipoCita, e.procedimiento_id);
      const valor = proc ? proc.precio : ((await repos.caja.consultaDeValoracion())?.precio ?? null);
      /** Why the offer could not be taken in the booking's transaction (it rolls the booking back). */
      let cerrada: OfertaFila | undefined;
      try {
        return await agenda.reservarCon(
          actor,
          {
            doctor_id: o.doctor_id,
            inicio: o.inicio.toISOString(),
            tipo: e.tipo as TipoCita,
            ...(e.procedimiento_id ? { procedimiento_id: e.procedimiento_id } : {}),
          },
          origen,
          async (tx, citaId) => {
            const ahora = calendario.ahora();
            const aceptada = await tx.espera.cerrarOferta(id, 'aceptada', ahora, { citaId, valor, vigente: true });
            if (!aceptada) {
              cerrada = await tx.espera.oferta(id);
              throw noAbierta(cerrada ?? o);
            }
            await tx.espera.cerrarEntrada(e.id, 'atendida', ahora, citaId);
            for (const otra of await tx.espera.tomarOtras(o.doctor_id, o.inicio, o.fin, id, ahora)) {
              await notificar(tx, {
                usuario_id: otra.paciente_id,
                tipo: 'espera.tomada',
                mensaje: texto(
                  `Otra persona tomó primero el horario del ${cuando(otra.inicio)}. Sigues en la lista de espera y te avisaremos del próximo.`,
                ),
                ruta: RUTA_MIS_CITAS,
              });
            }
            const detalleAudit = `oferta=${id}; cita=${citaId}; valor=${valor ?? '-'}${valor ? ` (${formatoPesos(valor)})` : ''}`;
            await auditarExito(tx, actor, 'espera.aceptar', 'lista_espera', e.id, detalleAudit, origen);
          },
          M.ofertaTomada,
        );
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode !== 409 || cerrada) throw err;
        // The slot was booked (by someone else, or by this very offer in a request a moment before).
        const actual = await repo.oferta(id);
        if (actual?.estado === 'aceptada') throw new AppError('CONFLICTO', 409, M.ofertaRespondida);
        await transaccion(async (tx) => {
          await tx.espera.cerrarOferta(id, 'tomada', calendario.ahora());
        });
        throw err;
      }
    },

    async rechazar(actor: Actor, id: number, origen: Origen): Promise<OfertaEspera> {
      const o = await ofertaDe(actor, id);
      if (o.estado !== 'ofrecida') throw noAbierta(o);
      await transaccion(async (tx) => {
        const r = await tx.espera.cerrarOferta(id, 'rechazada', calendario.ahora());
        if (!r) throw noAbierta((await tx.espera.oferta(id)) ?? o);
        await devolverHueco(tx, r);
        await auditarExito(tx, actor, 'espera.rechazar', 'lista_espera', o.lista_espera_id, `oferta=${id}`, origen);
      });
      const [fila] = (await repo.ofertasDe([o.lista_espera_id])).filter((x) => x.id === id);
      return ofertaWire(fila!);
    },
  };
}
export type EsperaService = ReturnType<typeof createEsperaService>;
