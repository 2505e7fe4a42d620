// The outbox dispatcher: delivers rows after their transaction committed, retries failures with growing
// waits (never gives up: an effect that was promised is owed), marks them delivered. A transaction that wrote
// effects due now hands the rows it claimed straight to entregarPropias when it commits; every few seconds the timer
// delivers retries, reminders that came due, and rows other instances or a previous run left behind.
import type { NotificacionEvento } from '@clinica/contracts/events';
import type { BandejaRepository, FilaBandeja } from './bandeja.repository.ts';
import { mensajeParaLog } from '../lib/error-log.ts';

/** A file attached to an e-mail, stored whole in the outbox row (text only: calendars). */
export type AdjuntoCorreo = { nombre: string; tipo: string; contenido: string };

/** The effects that leave the database, and what each carries. One handler per type. */
export type EventosBandeja = {
  /** Sessions ended (password change, deactivation): the live connection must drop them on every instance. */
  'sesiones.revocadas': {
    usuarioId: number;
    /** Every session of the user but this one (password change). */
    exceptoSid: string | null;
    /** Only this session (sign-out). */
    sid?: string;
    motivo: 'contrasena' | 'desactivacion' | 'cierre' | 'correo';
  };
  /** An e-mail to one person. */
  correo: {
    para: string;
    asunto: string;
    /** The plain-text part (always sent). */
    texto: string;
    /** The HTML part (platform/plantillas-correo.ts); rows written before it existed have none. */
    html?: string;
    /** Small files sent with the message: an appointment's `.ics` (lib/ics.ts). */
    adjuntos?: AdjuntoCorreo[];
    /**
     * A password-recovery e-mail: the text and the HTML hold MARCA_ENLACE_RECUPERACION, replaced by a freshly
     * signed link only when the message is sent, so no usable link is ever stored in the outbox (decision 0011).
     */
    enlaceRecuperacion?: { usuarioId: number; expira: string };
    /**
     * An appointment's reminder (issue 25.3): the text and the HTML hold MARCA_ENLACE_CONFIRMAR and
     * MARCA_ENLACE_CANCELAR, replaced by signed links to this appointment at its start only when the message is sent.
     */
    enlacesCita?: { citaId: number; inicio: string };
  };
  /** Someone asked for a recovery link: known address or not, the request does the same work (issue 10.7). */
  recuperacion: { correo: string; solicitadaEn: string };
  /** 24 h before an appointment: remind its patient (in-app and e-mail), if it still stands as booked. */
  /** `soloCorreo`: its WhatsApp message failed for a patient on WhatsApp only: now the e-mail alone (issue 25). */
  recordatorio: { citaId: number; inicio: string; soloCorreo?: boolean };
  /** An unpaid deposit's hold ends: cancel the appointment if it is still unpaid (features/citas/anticipos.ts). */
  'reserva.vence': { citaId: number };
  /**
   * A slot of this doctor may have freed in [desde, hasta) (a cancellation, a move, a block removed, a hold released,
   * hours changed): offer what is free there to the first matching waiting patients (features/espera).
   */
  'espera.hueco': { doctorId: number; desde: string; hasta: string };
  /** A waitlist offer's hold ends: unanswered, it expires and the slot passes to the next patient. */
  'espera.vence': { ofertaId: number };
  /** The reports' daily summary run of this clinic day (features/reportes/resumen.service.ts). */
  'reportes.resumir': { turno: string };
  /** A retreatment came due: remind the patient once (features/trazabilidad). */
  'retratamiento.recordar': { retratamientoId: number };
  /** A notification row was committed: push it to its user's live connection(s). */
  notificacion: { usuarioId: number; notificacion: NotificacionEvento };
  /** An appointment of these doctors' agendas changed (issue 27.14): their open screens refetch it. */
  'cita.cambio': { doctorIds: number[]; citaId: number };
  /**
   * A WhatsApp template message to a patient (issue 25; features/mensajeria): her preference, verified number and
   * opt-in are read again when it is sent. The provider's message id goes to the row's externo_id, its statuses to
   * entrega. A verification code is never stored: `codigoId` names its row and the code is derived when sent.
   */
  whatsapp: {
    usuarioId: number;
    clase: 'recordatorio' | 'confirmacion' | 'oferta' | 'retratamiento' | 'codigo';
    /** The in-app notification's text (the template's second variable). */
    mensaje?: string;
    citaId?: number | null;
    codigoId?: number;
  };
};
export type TipoBandeja = keyof EventosBandeja;
/** Each handler gets its row's payload, and the row itself (a provider's message id is written on it). */
export type Manejadores = { [K in TipoBandeja]: (carga: EventosBandeja[K], fila: FilaBandeja) => Promise<void> };

/**
 * Thrown by a handler whose effect can never be delivered as it is (a provider's permanent refusal): the row is
 * closed with the message instead of retried for ever.
 */
export class EfectoImposible extends Error {
  override name = 'EfectoImposible';
}

/** How a transaction adds a row: typed by event. */
export type Encolar = <K extends TipoBandeja>(
  tipo: K,
  carga: EventosBandeja[K],
  opciones?: { disponibleEn?: Date },
) => Promise<void>;

export type DespachadorOpciones = {
  repo: BandejaRepository;
  /** Claims run inside a transaction so the row lock holds until the lease is written. */
  enTransaccion: <T>(fn: (repo: BandejaRepository) => Promise<T>) => Promise<T>;
  manejadores: Manejadores;
  now: () => Date;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
  /** Poll for due retries; 0 turns the timer off (tests call despachar()). */
  intervaloMs?: number;
  /** Rows claimed per transaction. */
  lote?: number;
  /** Handlers in flight at once within a batch. */
  paralelo?: number;
  /** Rows handed over by committed transactions in delivery at once, at most (TOPE_PROPIAS by default). */
  topePropias?: number;
};

/** How long a claim holds before another dispatcher may take the row (a crashed instance's rows). */
export const PLAZO_RECLAMO_MS = 60_000;
/**
 * Rows handed over on commit and still in delivery, at most. Past it, rows are left to their claim: when it lapses
 * the timer delivers them (here or on another instance). Under a burst that the handlers cannot follow (a slow SMTP
 * server), queueing without a limit held them in memory and let a claim lapse while its row still waited, so the
 * timer would have sent it a second time.
 */
export const TOPE_PROPIAS = 1000;
/** Delivered rows (other than e-mails) are kept this long, for support questions, then deleted. */
export const RETENCION_ENTREGADAS_MS = 30 * 24 * 60 * 60_000;
const INTERVALO_PURGA_MS = 60 * 60_000;
/** 1 s, 2 s, 4 s ... up to 10 minutes between attempts. */
export function esperaReintento(intentos: number): number {
  return Math.min(1000 * 2 ** Math.max(0, intentos - 1), 10 * 60_000);
}

export function createDespachador(opts: DespachadorOpciones) {
  const { repo, manejadores, now, log } = opts;
  const lote = opts.lote ?? 100;
  const paralelo = opts.paralelo ?? 8;
  let enCurso: Promise<number> | null = null;
  let otraVez = false;
  let detenido = false;
  let temporizador: NodeJS.Timeout | null = null;

  /** Runs one claimed row's handler; resolves to its id when delivered, null when it failed (and was rescheduled). */
  async function entregar(fila: FilaBandeja): Promise<number | null> {
    const manejador = manejadores[fila.tipo as TipoBandeja] as
      ((c: unknown, f: FilaBandeja) => Promise<void>) | undefined;
    try {
      if (!manejador) throw new Error(`sin manejador para ${fila.tipo}`);
      await manejador(fila.carga, fila);
      return fila.id;
    } catch (err) {
      const mensaje = mensajeParaLog(err);
      if (err instanceof EfectoImposible) {
        log.warn(
          { bandejaId: fila.id, tipo: fila.tipo, intentos: fila.intentos },
          'efecto imposible; no se reintentará',
        );
        await repo.cerrarImposible(fila.id, now(), mensaje);
        return null;
      }
      const espera = esperaReintento(fila.intentos);
      log.warn(
        { bandejaId: fila.id, tipo: fila.tipo, intentos: fila.intentos, esperaMs: espera },
        'efecto no entregado; se reintentará',
      );
      await repo.marcarFallo(fila.id, new Date(now().getTime() + espera), mensaje);
      return null;
    }
  }

  /**
   * Claimed rows: every handler started in row order with at most `paralelo` in flight (live pushes finish at
   * once; e-mails wait on SMTP), then one statement marks the delivered ones. Row by row, each push waited for the
   * previous row's write, and under load the queue grew faster than it drained (bench/results/sockets.md).
   */
  async function entregarFilas(filas: FilaBandeja[]): Promise<void> {
    const entregadas: number[] = [];
    let siguiente = 0;
    const trabajador = async () => {
      while (siguiente < filas.length) {
        const id = await entregar(filas[siguiente++]!);
        if (id !== null) entregadas.push(id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(paralelo, filas.length) }, trabajador));
    await marcarEntregadas(entregadas);
  }

  /**
   * Rows delivered in the same turn of the event loop are marked in one statement: every committed booking hands
   * its own rows over, and under load one UPDATE per booking was as many writes as the bookings themselves.
   * Resolves once these ids are written.
   */
  let porMarcar: number[] = [];
  let marcado: Promise<void> | null = null;
  function marcarEntregadas(ids: number[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    porMarcar.push(...ids);
    marcado ??= new Promise<void>((listo) => setImmediate(listo)).then(() => {
      const lote = porMarcar;
      porMarcar = [];
      marcado = null;
      return repo.marcarEntregadas(lote, now());
    });
    return marcado;
  }

  /** One batch: one claim, then its rows delivered. */
  async function entregarLote(): Promise<number> {
    const ahora = now();
    const filas = await opts.enTransaccion((tx) =>
      tx.reclamar(ahora, new Date(ahora.getTime() + PLAZO_RECLAMO_MS), lote),
    );
    await entregarFilas(filas);
    return filas.length;
  }

  /** At most once an hour, from the timer: delivered rows past the retention go (e-mails stay). */
  let ultimaPurga = 0;
  async function purgarSiToca(): Promise<void> {
    const ahora = now().getTime();
    if (ahora - ultimaPurga < INTERVALO_PURGA_MS) return;
    ultimaPurga = ahora;
    try {
      await repo.purgarEntregadas(new Date(ahora - RETENCION_ENTREGADAS_MS));
    } catch (err) {
      log.warn({ err: mensajeParaLog(err) }, 'no se pudo purgar la bandeja de salida');
    }
  }

  /** Deliveries of rows this instance wrote already claimed (entregarPropias), until they settle. */
  const propiasEnCurso = new Set<Promise<void>>();
  const topePropias = opts.topePropias ?? TOPE_PROPIAS;
  let filasEnCurso = 0;
  let avisadoTope = false;

  /** Rows born claimed by a transaction that just committed: delivered now, without claiming them again. */
  function entregarPropias(filas: FilaBandeja[]): void {
    if (detenido) return;
    if (filasEnCurso + filas.length > topePropias) {
      if (!avisadoTope) {
        avisadoTope = true;
        log.warn(
          { enCurso: filasEnCurso, tope: topePropias },
          'bandeja de salida saturada: se entregará al vencer el reclamo',
        );
      }
      return;
    }
    avisadoTope = false;
    filasEnCurso += filas.length;
    const entrega = entregarFilas(filas)
      // The database may be down: the claim lapses and the timer (here or on another instance) delivers them.
      .catch((err: unknown) => log.error({ err: mensajeParaLog(err) }, 'no se pudo entregar la bandeja de salida'))
      .finally(() => {
        filasEnCurso -= filas.length;
        propiasEnCurso.delete(entrega);
      });
    propiasEnCurso.add(entrega);
  }

  /**
   * Delivers everything due now and waits for deliveries already under way, including those their handlers cause
   * (a recovery request's handler commits the e-mail, which is delivered in turn); resolves to how many rows it
   * claimed. For callers that need everything settled (tests); the timer only delivers what is due, so it
   * never waits behind a stream of commits.
   */
  async function despachar(): Promise<number> {
    let total = 0;
    for (;;) {
      while (propiasEnCurso.size) await Promise.all(propiasEnCurso);
      total += await despacharDebidas();
      if (!propiasEnCurso.size) return total;
    }
  }

  function despacharDebidas(): Promise<number> {
    if (detenido) return Promise.resolve(0);
    if (enCurso) {
      otraVez = true;
      return enCurso;
    }
    enCurso = (async () => {
      let total = 0;
      try {
        do {
          otraVez = false;
          for (let n = await entregarLote(); n > 0 && !detenido; n = await entregarLote()) total += n;
        } while (otraVez && !detenido);
      } catch (err) {
        // The database may be down; the timer tries again.
        log.error({ err: mensajeParaLog(err) }, 'no se pudo leer la bandeja de salida');
      } finally {
        enCurso = null;
      }
      return total;
    })();
    return enCurso;
  }

  return {
    despachar,
    entregarPropias,
    iniciar() {
      const cada = opts.intervaloMs ?? 5000;
      if (cada > 0 && !temporizador) {
        temporizador = setInterval(() => {
          void despacharDebidas();
          void purgarSiToca();
        }, cada);
        temporizador.unref();
      }
      void despacharDebidas();
    },
    async detener() {
      detenido = true;
      if (temporizador) clearInterval(temporizador);
      temporizador = null;
      await Promise.all([enCurso, ...propiasEnCurso]);
    },
  };
}
export type Despachador = ReturnType<typeof createDespachador>;
