// Reaching patients where they read (issue 25, items 2-4; docs/mensajeria.md): each patient's channels and her
// WhatsApp number (used only once verified by a code sent there), the append-only record of her WhatsApp opt-in and
// opt-out (Ley 1581 de 2012 and Meta's policy: which number, when, how, the text she was shown), the verification
// codes, the provider's webhook deliveries already handled (a repeated delivery is ignored), and the single-use
// confirm/cancel links of reminders already used.
import { index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ahora, idPropio, instante, instanteFijo, refiere, refiereOpcional, textoFijo } from './columnas.ts';
import { citas } from './citas.ts';
import { usuarios } from './usuarios.ts';

export const CANALES_CONTACTO = ['correo', 'whatsapp', 'ambos'] as const;
export const ACCIONES_AUTORIZACION_WHATSAPP = ['alta', 'baja'] as const;
/** perfil: she, in her profile. mostrador: the desk, with her in front of it. respuesta: she replied (e.g. «BAJA»). */
export const MEDIOS_AUTORIZACION_WHATSAPP = ['perfil', 'mostrador', 'respuesta'] as const;
export const ACCIONES_ENLACE_CITA = ['confirmar', 'cancelar'] as const;

/** A patient's channels. No row: e-mail only (the default, and what every patient had before issue 25). */
export const preferenciasContacto = pgTable('preferencias_contacto', {
  usuario_id: refiere(() => usuarios.id).primaryKey(),
  canal: text({ enum: CANALES_CONTACTO }).notNull().default('correo'),
  /** E.164 without the plus (what the Cloud API takes): 573001234567. */
  whatsapp_numero: text(),
  /** Set when she typed the code sent to that number; cleared when the number changes. */
  whatsapp_verificado_en: instante(),
  actualizado_en: ahora(),
});

/** Append-only: every opt-in and opt-out of WhatsApp messages, with the text she was shown. */
export const autorizacionesWhatsapp = pgTable(
  'autorizaciones_whatsapp',
  {
    id: idPropio(),
    usuario_id: refiere(() => usuarios.id),
    numero: textoFijo(),
    accion: text({ enum: ACCIONES_AUTORIZACION_WHATSAPP }).notNull(),
    medio: text({ enum: MEDIOS_AUTORIZACION_WHATSAPP }).notNull(),
    /** The exact text shown (opt-in) or received (opt-out by reply). */
    texto: textoFijo(),
    /** The desk member, when it was registered at the desk. */
    registrada_por: refiereOpcional(() => usuarios.id),
    creada_en: ahora(),
  },
  (t) => [index('autorizaciones_whatsapp_usuario_idx').on(t.usuario_id, t.id)],
);

/** A code sent by WhatsApp to verify a number; only its hash is kept. */
export const codigosWhatsapp = pgTable(
  'codigos_whatsapp',
  {
    id: idPropio(),
    usuario_id: refiere(() => usuarios.id),
    numero: textoFijo(),
    codigo_hash: textoFijo(),
    expira_en: instanteFijo(),
    intentos: smallint().notNull().default(0),
    usado_en: instante(),
    creada_en: ahora(),
  },
  (t) => [index('codigos_whatsapp_usuario_idx').on(t.usuario_id, t.id)],
);

/** Webhook deliveries already handled (a message's or a status's own id): the provider retries and repeats them. */
export const webhooksWhatsapp = pgTable('webhooks_whatsapp', {
  clave: text().primaryKey(),
  recibido_en: ahora(),
});

/** A reminder's confirm or cancel link already used: each works once. */
export const enlacesCitaUsados = pgTable(
  'enlaces_cita_usados',
  {
    /** SHA-256 of the token (never the token). */
    huella: text().primaryKey(),
    cita_id: refiere(() => citas.id),
    accion: text({ enum: ACCIONES_ENLACE_CITA }).notNull(),
    usado_en: ahora(),
  },
  (t) => [index('enlaces_cita_usados_cita_idx').on(t.cita_id)],
);
