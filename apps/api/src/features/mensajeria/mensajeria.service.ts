// How the clinic reaches a patient (issue 25, items 2 and 4; docs/mensajeria.md; decision 0069-whatsapp):
// - her channels: e-mail (the default), WhatsApp or both; WhatsApp needs her number verified by a code sent there and
//   her opt-in (Ley 1581; Meta's policy), recorded append-only with the exact text she was shown;
// - which notifications also go by WhatsApp: the 24 h reminder (with «Confirmar» / «Cancelar» quick replies), the
//   booking confirmation, the waitlist offer, and the retreatment reminder when its template is set. Never the
//   password-recovery link (it is no notification and has no template);
// - the outbox handler that sends them through the provider, one message every 6 s per number at most;
// - the provider's webhook: statuses onto the outbox row, button replies confirm or cancel as the patient, «BAJA»
//   stops the messages.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CODIGOS_POR_HORA,
  INTENTOS_CODIGO_WHATSAPP,
  MENSAJES_MENSAJERIA as M,
  MINUTOS_CODIGO_WHATSAPP,
  PALABRAS_BAJA,
  TEXTO_AUTORIZACION_WHATSAPP,
  TEXTO_BAJA_PERFIL,
  type preferenciasSchema,
} from '@clinica/contracts/mensajeria';
import type { z } from 'zod';
import type { ConfigWhatsapp } from '../../config.ts';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError, noAutenticado, noEncontrado } from '../../lib/app-error.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { auditarExito, type AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { FilaBandeja } from '../../platform/bandeja.repository.ts';
import { EfectoImposible, type Encolar, type EventosBandeja } from '../../platform/bandeja.service.ts';
import type { Canal, Contacto, Entrega, MensajeriaRepository } from './mensajeria.repository.ts';
import {
  contenidoWebhook,
  ErrorWhatsapp,
  firmaValida,
  type MensajeWebhook,
  type NotificacionWebhook,
  type PlantillaWhatsapp,
  type ProveedorWhatsapp,
} from './whatsapp.ts';

type CargaWhatsapp = EventosBandeja['whatsapp'];
export type ClaseWhatsapp = CargaWhatsapp['clase'];
export type ReposMensajeria = {
  mensajeria: MensajeriaRepository;
  auditoria: Pick<AuditoriaRepository, 'registrar'>;
  encolar: Encolar;
};
/** A notification as the notifications feature writes it. */
type Aviso = { usuario_id: number; tipo: string; mensaje: string; cita_id?: number | null };

/** Which in-app notifications also go by WhatsApp, as which template. */
export const CLASE_DE_NOTIFICACION: Record<string, Exclude<ClaseWhatsapp, 'codigo'>> = {
  'cita.recordatorio': 'recordatorio',
  'cita.nueva': 'confirmacion',
  'espera.oferta': 'oferta',
  'retratamiento.recordatorio': 'retratamiento',
};

/**
 * At most one message every this many ms to one number. Meta's "pair rate limit" is about one message every 6 s to
 * the same number (error 131056 past it); a faster one is retried by the outbox with its backoff.
 */
export const PAUSA_POR_NUMERO_MS = 6_000;
/** Button payloads: the appointment and the action, nothing that grants anything by itself. */
const PAYLOAD_CITA = /^cita:(\d{1,12}):(confirmar|cancelar)$/;
export const payloadCita = (citaId: number, accion: 'confirmar' | 'cancelar') => `cita:${citaId}:${accion}`;

const ENTREGA: Record<string, Entrega> = { sent: 'enviado', delivered: 'entregado', read: 'leido', failed: 'fallido' };

const regla = (mensaje: string, campo?: string) =>
  new AppError('REGLA_NEGOCIO', 422, mensaje, campo ? [{ campo, mensaje }] : undefined);

/**
 * A number as the Cloud API takes it: E.164 digits without the plus. A Colombian mobile written the local way
 * (10 digits starting with 3) gets 57 in front; anything else must come with its country code.
 */
export function normalizarNumero(texto: string): string | null {
  const conMas = texto.trim().startsWith('+');
  const d = texto.replace(/\D/g, '');
  if (!conMas && /^3\d{9}$/.test(d)) return `57${d}`;
  if (/^573\d{9}$/.test(d)) return d;
  if (conMas && /^[1-9]\d{7,14}$/.test(d)) return d;
  return null;
}
/** «+57 300 ••• 4567»: how a number shows in the audit log. */
export const numeroOculto = (n: string) => `+${n.slice(0, n.length - 7)}•••${n.slice(-4)}`;

/** Her channels allow WhatsApp, her number is verified and her opt-in stands. */
export function puedeRecibirWhatsapp(c: Contacto | undefined): c is Contacto & { whatsapp_numero: string } {
  return (
    !!c &&
    c.activo &&
    c.rol === 'paciente' &&
    c.canal !== 'correo' &&
    !!c.whatsapp_numero &&
    !!c.whatsapp_verificado_en &&
    c.ultima_accion === 'alta'
  );
}

export type DepsMensajeria = {
  repos: ReposMensajeria;
  transaccion: Transaccion<ReposMensajeria>;
  /** null: the channel is off (settings missing); e-mail carries everything. */
  config: ConfigWhatsapp | null;
  proveedor: ProveedorWhatsapp | null;
  now: () => Date;
  /** Derives the codes (never stored) and their hashes (config.jwtSecret). */
  secreto: string;
  log: { warn(o: object, m: string): void; info?(o: object, m: string): void };
  /** The appointment's patient (the appointments feature). */
  pacienteDeCita: (citaId: number) => Promise<number | undefined>;
  /** Confirms or cancels the appointment as its patient, from a reminder (via 'whatsapp'). */
  responderRecordatorio: (v: { pacienteId: number; citaId: number; accion: 'confirmar' | 'cancelar' }) => Promise<void>;
  /** Queues the appointment's reminder e-mail that a WhatsApp message had replaced (the appointments feature). */
  correoDelRecordatorio?: (citaId: number) => Promise<void>;
};

export function createMensajeriaService(deps: DepsMensajeria) {
  const { repos, transaccion, config, proveedor, now, log } = deps;
  /** Per number: when this instance last sent to it (the pair rate limit). */
  const ultimoEnvio = new Map<string, number>();

  const plantillaDe = (clase: ClaseWhatsapp): string | null => (config ? (config.plantillas[clase] ?? null) : null);

  /** The code of a row: derived from the server's secret, the patient, the number and the row's instant. */
  function codigoDe(c: { usuario_id: number; numero: string; creada_en: Date }): string {
    const mac = createHmac('sha256', deps.secreto)
      .update(`whatsapp-codigo:${c.usuario_id}:${c.numero}:${c.creada_en.toISOString()}`)
      .digest();
    return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
  }
  const hashCodigo = (c: { usuario_id: number; creada_en: Date }, codigo: string) =>
    createHmac('sha256', deps.secreto)
      .update(`whatsapp-codigo-hash:${c.usuario_id}:${c.creada_en.toISOString()}:${codigo}`)
      .digest('hex');

  async function preferenciasDe(
    r: Pick<ReposMensajeria, 'mensajeria'>,
    usuarioId: number,
  ): Promise<z.output<typeof preferenciasSchema>> {
    const c = await r.mensajeria.contacto(usuarioId);
    if (!c) throw noEncontrado();
    const pendiente = await r.mensajeria.codigoPendiente(usuarioId);
    const vigente =
      pendiente && pendiente.expira_en.getTime() > now().getTime() && pendiente.intentos < INTENTOS_CODIGO_WHATSAPP;
    return {
      whatsapp_disponible: !!config,
      // The channel off: e-mail carries everything, whatever she chose while it was on.
      canal: config ? c.canal : 'correo',
      whatsapp_numero: c.whatsapp_verificado_en ? c.whatsapp_numero : null,
      whatsapp_verificado_en: c.whatsapp_verificado_en,
      whatsapp_autorizado: !!c.whatsapp_verificado_en && c.ultima_accion === 'alta',
      numero_pendiente: vigente ? pendiente.numero : null,
    };
  }

  /**
   * A WhatsApp message failed for good (refused when sent, or reported failed later). A reminder that replaced her
   * e-mail (she chose WhatsApp only) would otherwise reach her nowhere: its e-mail goes after all.
   */
  async function respaldar(carga: CargaWhatsapp) {
    if (carga.clase !== 'recordatorio' || !carga.citaId || !deps.correoDelRecordatorio) return;
    if ((await repos.mensajeria.contacto(carga.usuarioId))?.canal !== 'whatsapp') return;
    await deps.correoDelRecordatorio(carga.citaId);
  }

  /** She stops WhatsApp messages: the record, and her channels back to e-mail. */
  async function darDeBaja(tx: ReposMensajeria, c: Contacto, medio: 'perfil' | 'respuesta', texto: string) {
    await tx.mensajeria.registrarAutorizacion({
      usuario_id: c.usuario_id,
      numero: c.whatsapp_numero!,
      accion: 'baja',
      medio,
      texto,
    });
    if (c.canal !== 'correo') await tx.mensajeria.guardarCanal(c.usuario_id, 'correo', now());
  }

  /** The template message of a row, and the number it goes to; null: nothing to send any more. */
  async function mensajeDe(carga: CargaWhatsapp): Promise<{ numero: string; plantilla: PlantillaWhatsapp } | null> {
    const nombre = plantillaDe(carga.clase);
    if (!nombre) return null;
    if (carga.clase === 'codigo') {
      const c = carga.codigoId ? await repos.mensajeria.codigo(carga.codigoId) : undefined;
      // Used, replaced or expired before it went: sending it would only confuse her.
      if (!c || c.usado_en || c.expira_en.getTime() <= now().getTime()) return null;
      const codigo = codigoDe(c);
      return { numero: c.numero, plantilla: { nombre, variables: [codigo], codigo } };
    }
    const c = await repos.mensajeria.contacto(carga.usuarioId);
    // Her preference, number and opt-in are read again now: she may have opted out since it was queued.
    if (!puedeRecibirWhatsapp(c)) return null;
    const plantilla: PlantillaWhatsapp = {
      nombre,
      variables: [c.nombre.split(/\s+/)[0] ?? c.nombre, carga.mensaje ?? ''],
    };
    if (carga.clase === 'recordatorio' && carga.citaId)
      plantilla.respuestasRapidas = [payloadCita(carga.citaId, 'confirmar'), payloadCita(carga.citaId, 'cancelar')];
    return { numero: c.whatsapp_numero, plantilla };
  }

  async function alBoton(m: MensajeWebhook, payload: string | undefined) {
    const p = payload ? PAYLOAD_CITA.exec(payload) : null;
    if (!p) return;
    const citaId = Number(p[1]);
    const accion = p[2] as 'confirmar' | 'cancelar';
    const pacienteId = await deps.pacienteDeCita(citaId);
    // The reply counts only from the verified number of the appointment's own patient.
    const suyos = await repos.mensajeria.conNumero(m.from);
    if (pacienteId === undefined || !suyos.includes(pacienteId)) {
      log.warn(
        { evento: 'whatsapp.boton_ajeno', citaId },
        'respuesta de WhatsApp de un número que no es el de la cita',
      );
      return;
    }
    try {
      await deps.responderRecordatorio({ pacienteId, citaId, accion });
    } catch (err) {
      // Already cancelled, too late to cancel, moved...: her answer cannot apply; Meta must not retry it for ever.
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      log.warn(
        { evento: 'whatsapp.respuesta_no_aplicada', citaId, codigo: err.code },
        'respuesta de WhatsApp no aplicada',
      );
    }
  }

  async function alTexto(m: MensajeWebhook) {
    const texto = (m.text?.body ?? '').trim();
    const palabra = texto
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase();
    if (!(PALABRAS_BAJA as readonly string[]).includes(palabra)) return;
    for (const id of await repos.mensajeria.conNumero(m.from)) {
      await transaccion(async (tx) => {
        const c = await tx.mensajeria.contacto(id);
        if (!c || c.whatsapp_numero !== m.from || c.ultima_accion !== 'alta') return;
        await darDeBaja(tx, c, 'respuesta', texto.slice(0, 200));
        await auditarExito(
          tx,
          { id },
          'whatsapp.baja',
          'usuario',
          id,
          `medio=respuesta; numero=${numeroOculto(m.from)}`,
          {},
        );
      });
    }
  }

  /** Runs `fn` once per webhook key: a repeated delivery is ignored; a failure frees the key for Meta's retry. */
  async function unaVez(clave: string, fn: () => Promise<void>) {
    if (!(await repos.mensajeria.reclamarWebhook(clave, now()))) return;
    try {
      await fn();
    } catch (err) {
      await repos.mensajeria.soltarWebhook(clave);
      throw err;
    }
  }

  return {
    /** Whether the channel is on (all its settings given). */
    disponible: () => !!config,

    /**
     * In the transaction that writes notifications (the composition root's `notificar`): a WhatsApp row for each
     * one of a kind WhatsApp carries, to a patient whose channels, verified number and opt-in allow it.
     */
    async trasNotificar(tx: Pick<ReposMensajeria, 'mensajeria' | 'encolar'>, avisos: readonly Aviso[]) {
      if (!config) return;
      for (const a of avisos) {
        const clase = CLASE_DE_NOTIFICACION[a.tipo];
        if (!clase || !plantillaDe(clase)) continue;
        if (!puedeRecibirWhatsapp(await tx.mensajeria.contacto(a.usuario_id))) continue;
        await tx.encolar('whatsapp', { usuarioId: a.usuario_id, clase, mensaje: a.mensaje, citaId: a.cita_id ?? null });
      }
    },

    /**
     * The booking's confirmation (a booking is one statement, decision 0031, and reads no preference): the row goes
     * with the booking while the channel is on, and its handler sends it only if her preference allows it then.
     */
    efectoDeReserva(a: Aviso): { tipo: 'whatsapp'; carga: CargaWhatsapp }[] {
      if (!config) return [];
      return [
        {
          tipo: 'whatsapp',
          carga: { usuarioId: a.usuario_id, clase: 'confirmacion', mensaje: a.mensaje, citaId: a.cita_id ?? null },
        },
      ];
    },

    /**
     * Whether an e-mail of this kind is replaced by WhatsApp: only when she chose WhatsApp alone, the channel is on,
     * this kind has a template, and her number is verified and opted in (decision 0069-whatsapp). Otherwise the
     * e-mail goes as always.
     */
    async correoPorWhatsapp(tx: Pick<ReposMensajeria, 'mensajeria'>, usuarioId: number, clase: ClaseWhatsapp) {
      if (!config || !plantillaDe(clase)) return false;
      const c = await tx.mensajeria.contacto(usuarioId);
      return puedeRecibirWhatsapp(c) && c.canal === 'whatsapp';
    },

    /** Outbox handler of 'whatsapp' rows. */
    async enviar(carga: CargaWhatsapp, fila: Pick<FilaBandeja, 'id' | 'externo_id'>): Promise<void> {
      if (!config || !proveedor || fila.externo_id) return;
      const m = await mensajeDe(carga);
      if (!m) return;
      const ahora = now().getTime();
      const ultimo = ultimoEnvio.get(m.numero);
      if (ultimo !== undefined && ahora - ultimo < PAUSA_POR_NUMERO_MS && ahora >= ultimo)
        throw new Error('límite de mensajes por número: se reintentará');
      ultimoEnvio.set(m.numero, ahora);
      try {
        const { id } = await proveedor.enviarPlantilla(m.numero, m.plantilla);
        await repos.mensajeria.marcarExterno(fila.id, id);
      } catch (err) {
        if (err instanceof ErrorWhatsapp && !err.reintentable) {
          await repos.mensajeria.marcarFallida(fila.id, now());
          await respaldar(carga);
          throw new EfectoImposible(err.message);
        }
        throw err;
      }
    },

    async preferencias(actor: Actor) {
      return preferenciasDe(repos, actor.id);
    },

    async guardarPreferencias(actor: Actor, canal: Canal, origen: Origen) {
      return transaccion(async (tx) => {
        if (canal !== 'correo') {
          if (!config) throw regla(M.canalApagado, 'canal');
          if (!puedeRecibirWhatsapp({ ...(await tx.mensajeria.contacto(actor.id))!, canal }))
            throw regla(M.sinNumeroVerificado, 'canal');
        }
        await tx.mensajeria.guardarCanal(actor.id, canal, now());
        await auditarExito(tx, actor, 'mensajeria.canal', 'usuario', actor.id, `canal=${canal}`, origen);
        return preferenciasDe(tx, actor.id);
      });
    },

    /** A code to the number she typed, by WhatsApp; nothing is verified until she types it back. */
    async pedirCodigo(actor: Actor, numeroTexto: string, origen: Origen) {
      if (!config) throw regla(M.canalApagado);
      const numero = normalizarNumero(numeroTexto);
      if (!numero) throw regla(M.numeroInvalido, 'numero');
      const ahora = now();
      if ((await repos.mensajeria.codigosDesde(actor.id, new Date(ahora.getTime() - 3_600_000))) >= CODIGOS_POR_HORA)
        throw new AppError('DEMASIADOS_INTENTOS', 429, M.demasiadosCodigos);
      const expira = new Date(ahora.getTime() + MINUTOS_CODIGO_WHATSAPP * 60_000);
      return transaccion(async (tx) => {
        const base = { usuario_id: actor.id, numero, creada_en: ahora };
        const c = await tx.mensajeria.crearCodigo({
          ...base,
          codigo_hash: hashCodigo(base, codigoDe(base)),
          expira_en: expira,
        });
        await tx.encolar('whatsapp', { usuarioId: actor.id, clase: 'codigo', codigoId: c.id });
        await auditarExito(tx, actor, 'whatsapp.codigo', 'usuario', actor.id, `numero=${numeroOculto(numero)}`, origen);
        return { numero, expira_en: expira };
      });
    },

    /** The code she typed: the number is hers, verified now, and her opt-in is recorded with the text she saw. */
    async confirmarCodigo(actor: Actor, codigo: string, origen: Origen) {
      if (!config) throw regla(M.canalApagado);
      const c = await repos.mensajeria.codigoPendiente(actor.id);
      if (!c) throw regla(M.sinCodigo, 'codigo');
      if (c.expira_en.getTime() <= now().getTime()) throw regla(M.codigoVencido, 'codigo');
      if (c.intentos >= INTENTOS_CODIGO_WHATSAPP) throw regla(M.codigoAgotado, 'codigo');
      const esperado = Buffer.from(c.codigo_hash, 'hex');
      const dado = Buffer.from(hashCodigo(c, codigo), 'hex');
      if (esperado.length !== dado.length || !timingSafeEqual(esperado, dado)) {
        // Counted outside any transaction: the 422 below must not undo it.
        const intentos = await repos.mensajeria.sumarIntento(c.id);
        throw regla(intentos >= INTENTOS_CODIGO_WHATSAPP ? M.codigoAgotado : M.codigoIncorrecto, 'codigo');
      }
      return transaccion(async (tx) => {
        if (!(await tx.mensajeria.usarCodigo(c.id, now()))) throw regla(M.sinCodigo, 'codigo');
        await tx.mensajeria.verificarNumero(actor.id, c.numero, now());
        await tx.mensajeria.registrarAutorizacion({
          usuario_id: actor.id,
          numero: c.numero,
          accion: 'alta',
          medio: 'perfil',
          texto: TEXTO_AUTORIZACION_WHATSAPP,
        });
        await auditarExito(tx, actor, 'whatsapp.alta', 'usuario', actor.id, `numero=${numeroOculto(c.numero)}`, origen);
        return preferenciasDe(tx, actor.id);
      });
    },

    async baja(actor: Actor, origen: Origen) {
      return transaccion(async (tx) => {
        const c = await tx.mensajeria.contacto(actor.id);
        if (!c?.whatsapp_numero || c.ultima_accion !== 'alta') throw regla(M.sinAutorizacion);
        await darDeBaja(tx, c, 'perfil', TEXTO_BAJA_PERFIL);
        await auditarExito(
          tx,
          actor,
          'whatsapp.baja',
          'usuario',
          actor.id,
          `medio=perfil; numero=${numeroOculto(c.whatsapp_numero)}`,
          origen,
        );
        return preferenciasDe(tx, actor.id);
      });
    },

    /** Meta's verification handshake: the challenge back when the token is ours; null otherwise. */
    verificarWebhook(q: {
      'hub.mode'?: string | undefined;
      'hub.verify_token'?: string | undefined;
      'hub.challenge'?: string | undefined;
    }) {
      if (!config) throw noEncontrado();
      const dado = Buffer.from(q['hub.verify_token'] ?? '');
      const nuestro = Buffer.from(config.verifyToken);
      const ok = q['hub.mode'] === 'subscribe' && dado.length === nuestro.length && timingSafeEqual(dado, nuestro);
      return ok ? (q['hub.challenge'] ?? '') : null;
    },

    /**
     * A webhook notification: refused (401, nothing changes) unless signed with the app secret; each status and
     * message handled once (webhooks_whatsapp), in order.
     */
    async recibir(cuerpo: Buffer | undefined, firma: string | undefined) {
      if (!config) throw noEncontrado();
      if (!cuerpo || !firmaValida(cuerpo, firma, config.appSecret)) throw noAutenticado(M.firmaInvalida);
      let n: NotificacionWebhook;
      try {
        n = JSON.parse(cuerpo.toString('utf8')) as NotificacionWebhook;
      } catch {
        throw new AppError('VALIDACION', 400, M.firmaInvalida);
      }
      const { estados, mensajes } = contenidoWebhook(n);
      for (const s of estados) {
        const entrega = ENTREGA[s.status];
        if (!entrega) continue;
        await unaVez(`estado:${s.id}:${s.status}`, async () => {
          const segundos = Number(s.timestamp);
          const en = Number.isFinite(segundos) && segundos > 0 ? new Date(segundos * 1000) : now();
          const cambio = await repos.mensajeria.marcarEntrega(s.id, entrega, en);
          if (entrega === 'fallido') {
            log.warn({ evento: 'whatsapp.fallido', codigo: s.errors?.[0]?.code }, 'WhatsApp no entregó un mensaje');
            const carga = cambio ? await repos.mensajeria.cargaDeExterno(s.id) : undefined;
            if (carga) await respaldar(carga);
          }
        });
      }
      for (const m of mensajes) {
        await unaVez(`mensaje:${m.id}`, async () => {
          if (m.type === 'button') await alBoton(m, m.button?.payload);
          else if (m.type === 'interactive') await alBoton(m, m.interactive?.button_reply?.id);
          else if (m.type === 'text') await alTexto(m);
        });
      }
    },
  };
}
export type MensajeriaService = ReturnType<typeof createMensajeriaService>;
