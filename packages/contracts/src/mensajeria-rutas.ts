// The zod-free half of how the clinic reaches a patient (issue 25, items 2 and 4; docs/mensajeria.md): her channels
// (e-mail, WhatsApp or both), her WhatsApp number verified by a code sent there, her opt-out, and the WhatsApp
// provider's webhook (public: its HMAC signature is the authentication), under /apimensajeria.
// The web imports this module at run time without pulling schemas into its download (decision 0005).
import { ruta } from './rutas.ts';

export const mensajeriaPaths = {
  /** The signed-in patient's channels (GET) and her choice (PUT). */
  preferencias: '/apimensajeria/preferencias',
  /** A number to verify: a 6-digit code goes to it by WhatsApp. */
  numero: '/apimensajeria/whatsapp/numero',
  /** The code she received: the number is verified and her opt-in recorded. */
  codigo: '/apimensajeria/whatsapp/codigo',
  /** She stops WhatsApp messages (opt-out). */
  baja: '/apimensajeria/whatsapp/baja',
  /** Meta's webhook: GET is the verification handshake, POST the signed notifications. */
  webhook: '/apimensajeria/whatsapp/webhook',
} as const;

/** Only the patient chooses her channels; the desk records no opt-in (decision 0069-whatsapp). */
export const mensajeriaRutas = {
  preferencias: ruta('GET', mensajeriaPaths.preferencias, ['paciente'] as const),
  guardarPreferencias: ruta('PUT', mensajeriaPaths.preferencias, ['paciente'] as const),
  numero: ruta('POST', mensajeriaPaths.numero, ['paciente'] as const),
  codigo: ruta('POST', mensajeriaPaths.codigo, ['paciente'] as const),
  baja: ruta('POST', mensajeriaPaths.baja, ['paciente'] as const),
  verificarWebhook: ruta('GET', mensajeriaPaths.webhook, 'publico'),
  webhook: ruta('POST', mensajeriaPaths.webhook, 'publico'),
};

/** Digits of a code sent by WhatsApp. */
export const LARGO_CODIGO_WHATSAPP = 6;
/** Minutes a code is valid. */
export const MINUTOS_CODIGO_WHATSAPP = 10;
/** Wrong attempts a code takes before it is dead. */
export const INTENTOS_CODIGO_WHATSAPP = 5;
/** Codes a patient may ask for in an hour. */
export const CODIGOS_POR_HORA = 3;

/**
 * The authorisation she accepts (Ley 1581 de 2012; Meta's opt-in policy), shown before she asks for the code and
 * stored word for word with her opt-in (autorizaciones_whatsapp.texto).
 */
export const TEXTO_AUTORIZACION_WHATSAPP =
  'Autorizo a la clínica a enviarme por WhatsApp, al número que verifico, recordatorios y confirmaciones de mis citas, ' +
  'ofertas de turnos de la lista de espera y códigos de verificación. Mis datos se tratan según la Ley 1581 de 2012 y ' +
  'la política de tratamiento de datos de la clínica. Puedo retirar esta autorización cuando quiera desde mi perfil ' +
  'o respondiendo BAJA a cualquier mensaje.';
/** What is stored with an opt-out from her profile. */
export const TEXTO_BAJA_PERFIL = 'Retiró la autorización de mensajes por WhatsApp desde su perfil.';
/** Replies that stop WhatsApp messages (upper-cased, without accents or punctuation). */
export const PALABRAS_BAJA = ['BAJA', 'STOP', 'PARAR'] as const;
