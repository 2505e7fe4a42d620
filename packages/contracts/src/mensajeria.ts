// How the clinic reaches a patient (issue 25, items 2 and 4; docs/mensajeria.md): schemas of her channels, her
// WhatsApp number and its verification code, and the Spanish messages the API answers with.
import { z } from 'zod';
import { camposNoPermitidos, fechaHora } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { LARGO_CODIGO_WHATSAPP, mensajeriaRutas } from './mensajeria-rutas.ts';

export const CANALES = ['correo', 'whatsapp', 'ambos'] as const;
export type Canal = (typeof CANALES)[number];
export const NOMBRE_CANAL: Record<Canal, string> = {
  correo: 'Solo correo',
  whatsapp: 'Solo WhatsApp',
  ambos: 'Correo y WhatsApp',
};

export const MENSAJES_MENSAJERIA = {
  canalApagado: 'La clínica todavía no envía mensajes por WhatsApp: por ahora te escribimos al correo.',
  sinNumeroVerificado: 'Para recibir mensajes por WhatsApp, primero verifica tu número con el código que te enviamos.',
  numeroInvalido: 'Escribe un número de celular válido, por ejemplo 300 123 4567 o +57 300 123 4567.',
  aceptaRequerida: 'Para verificar tu número debes aceptar la autorización de mensajes por WhatsApp.',
  demasiadosCodigos: 'Pediste varios códigos seguidos. Espera un rato antes de pedir otro.',
  sinCodigo: 'No hay un código pendiente: pide uno nuevo.',
  codigoVencido: 'El código venció. Pide uno nuevo.',
  codigoAgotado: 'Escribiste mal el código demasiadas veces. Pide uno nuevo.',
  codigoIncorrecto: 'El código no coincide. Revisa el mensaje de WhatsApp e inténtalo de nuevo.',
  sinAutorizacion: 'No tienes mensajes de WhatsApp activos.',
  firmaInvalida: 'Notificación no válida.',
} as const;

/** Her channels as the profile shows them. */
export const preferenciasSchema = z.object({
  /** Whether the clinic has WhatsApp set up at all (without it, e-mail carries everything). */
  whatsapp_disponible: z.boolean(),
  canal: z.enum(CANALES),
  /** Her verified number (E.164 digits without the plus), or null. */
  whatsapp_numero: z.string().nullable(),
  whatsapp_verificado_en: fechaHora.nullable(),
  /** Her WhatsApp opt-in stands (last record for this number is an «alta»). */
  whatsapp_autorizado: z.boolean(),
  /** The number a code was just sent to and still waits to be typed, if any. */
  numero_pendiente: z.string().nullable(),
});
export type PreferenciasWire = z.input<typeof preferenciasSchema>;

export const guardarPreferenciasBody = z.strictObject(
  { canal: z.enum(CANALES, { message: 'Elige correo, WhatsApp o ambos' }) },
  { error: camposNoPermitidos() },
);
export type GuardarPreferenciasBody = z.input<typeof guardarPreferenciasBody>;

export const numeroBody = z.strictObject(
  {
    numero: z
      .string({ message: 'Escribe tu número de WhatsApp' })
      .trim()
      .min(7, MENSAJES_MENSAJERIA.numeroInvalido)
      .max(20, MENSAJES_MENSAJERIA.numeroInvalido)
      .regex(/^\+?[\d\s().-]+$/, MENSAJES_MENSAJERIA.numeroInvalido),
    /** She ticked the authorisation (TEXTO_AUTORIZACION_WHATSAPP). */
    acepta: z.literal(true, { message: MENSAJES_MENSAJERIA.aceptaRequerida }),
  },
  { error: camposNoPermitidos() },
);
export type NumeroBody = z.input<typeof numeroBody>;

export const codigoBody = z.strictObject(
  {
    codigo: z
      .string({ message: 'Escribe el código' })
      .trim()
      .regex(new RegExp(`^\\d{${LARGO_CODIGO_WHATSAPP}}$`), `El código tiene ${LARGO_CODIGO_WHATSAPP} dígitos`),
  },
  { error: camposNoPermitidos() },
);
export type CodigoBody = z.input<typeof codigoBody>;

export const codigoEnviadoSchema = z.object({ numero: z.string(), expira_en: fechaHora });
export type CodigoEnviadoWire = z.input<typeof codigoEnviadoSchema>;

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const mensajeriaEndpoints = {
  preferencias: endpoint(mensajeriaRutas.preferencias, { response: { 200: preferenciasSchema, ...errores } }),
  guardarPreferencias: endpoint(mensajeriaRutas.guardarPreferencias, {
    body: guardarPreferenciasBody,
    response: { 200: preferenciasSchema, ...errores, 422: errorSchema },
  }),
  numero: endpoint(mensajeriaRutas.numero, {
    body: numeroBody,
    response: { 202: codigoEnviadoSchema, ...errores, 422: errorSchema, 429: errorSchema },
  }),
  codigo: endpoint(mensajeriaRutas.codigo, {
    body: codigoBody,
    response: { 200: preferenciasSchema, ...errores, 422: errorSchema },
  }),
  baja: endpoint(mensajeriaRutas.baja, { response: { 200: preferenciasSchema, ...errores, 422: errorSchema } }),
  verificarWebhook: endpoint(mensajeriaRutas.verificarWebhook, {
    querystring: z.object({
      'hub.mode': z.string().optional(),
      'hub.verify_token': z.string().optional(),
      'hub.challenge': z.string().max(200).optional(),
    }),
    response: { 200: z.string(), 403: errorSchema, 404: errorSchema },
  }),
  webhook: endpoint(mensajeriaRutas.webhook, {
    response: { 200: z.object({ ok: z.literal(true) }), 400: errorSchema, 401: errorSchema, 404: errorSchema },
  }),
};

export * from './mensajeria-rutas.ts';
