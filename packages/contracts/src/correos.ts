// The administrators' view of outgoing e-mail (issue 10.6): every e-mail the outbox holds, newest first, with its
// delivery state. Without SMTP_URL this is where e-mail can be read; recovery links are never shown.
import { z } from 'zod';
import { fechaHora, paginacionQuery, paginado } from './common.ts';
import { endpoint } from './endpoint.ts';
import { correosRutas } from './rutas.ts';

/** pendiente: not delivered yet; enviado: handed to the SMTP server (or appended to the day's mailbox in DATA_DIR/correos);
 * fallido: the last attempt failed and it will be retried. */
export const estadosCorreo = ['pendiente', 'enviado', 'fallido'] as const;
export type EstadoCorreo = (typeof estadosCorreo)[number];

export const correoBandejaSchema = z.object({
  id: z.number().int(),
  para: z.string(),
  asunto: z.string(),
  estado: z.enum(estadosCorreo),
  intentos: z.number().int(),
  creado_en: fechaHora,
  enviado_en: fechaHora.nullable(),
  /** The start of the text body, with any recovery link masked. */
  vista_previa: z.string(),
  /**
   * The whole HTML part as sent (recovery links masked), or null for a text-only message. Untrusted markup: the
   * web shows it only inside a sandboxed iframe (no scripts, no same origin).
   */
  html: z.string().nullable(),
  /** File names of the attachments (an appointment's calendar: cita.ics). */
  adjuntos: z.array(z.string()),
  /** Why the last attempt failed (never the message itself). */
  ultimo_error: z.string().nullable(),
});
export type CorreoBandejaWire = z.input<typeof correoBandejaSchema>;

export const bandejaCorreosQuery = paginacionQuery;

export const bandejaCorreosSchema = paginado(correoBandejaSchema).extend({
  /** smtp: delivered through SMTP_URL; archivo: appended to DATA_DIR/correos/AAAA-MM-DD.mbox. */
  modo: z.enum(['smtp', 'archivo']),
});

export const correosEndpoints = {
  bandeja: endpoint(correosRutas.bandeja, {
    querystring: bandejaCorreosQuery,
    response: { 200: bandejaCorreosSchema },
  }),
};

export { correosPaths, correosRutas } from './rutas.ts';
