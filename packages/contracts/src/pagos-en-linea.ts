// Online payment (issue 23, item 3; docs/dinero.md "Pagos en línea"; decision 0059). The body names only the
// appointment: what it owes online (its unpaid deposit, else its balance) is the server's.
import { z } from 'zod';
import { camposNoPermitidos, idEntero } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { pagosEnLineaRutas } from './pagos-en-linea-rutas.ts';
import { conceptosPago, estadosPago } from './pagos.ts';

export const MENSAJES_EN_LINEA = {
  noDisponible:
    'El pago en línea no está disponible en esta clínica. Puedes pagar en la recepción (efectivo, datáfono, transferencia o Nequi/Daviplata).',
  citaNoEncontrada: 'No encontramos esa cita.',
  citaCancelada: 'La cita está cancelada: no recibe pagos en línea.',
  citaPasada: 'La cita ya pasó: su saldo se paga en la recepción.',
  nadaPendiente: 'Esta cita no tiene nada pendiente por pagar.',
  transaccionNoEncontrada: 'No encontramos ese pago en línea.',
  pasarelaNoResponde: 'No pudimos consultar el pago con la pasarela en este momento. Intenta de nuevo en unos minutos.',
  demasiados: 'Iniciaste demasiados pagos en línea seguidos. Espera un minuto e intenta de nuevo.',
  eventoInvalido: 'Evento no válido.',
} as const;

export const configEnLineaSchema = z.object({
  /** False: the settings are missing and the desk records payments. */
  habilitado: z.boolean(),
  proveedor: z.literal('wompi').nullable(),
  ambiente: z.enum(['sandbox', 'produccion']).nullable(),
});
export type ConfigEnLineaWire = z.input<typeof configEnLineaSchema>;

export const iniciarPagoEnLineaSchema = z.strictObject(
  { cita_id: idEntero('La cita') },
  { error: camposNoPermitidos() },
);
export type IniciarPagoEnLineaBody = z.input<typeof iniciarPagoEnLineaSchema>;

export const checkoutSchema = z.object({
  pago_id: z.number().int(),
  /** Our reference, unique per payment attempt (it carries no personal data). */
  referencia: z.string(),
  monto: z.number().int(),
  concepto: z.enum(conceptosPago),
  /** The provider's page with the signed parameters: a top-level navigation. */
  url: z.string(),
});
export type CheckoutWire = z.input<typeof checkoutSchema>;

export const resultadoEnLineaSchema = z.object({
  pago_id: z.number().int(),
  cita_id: z.number().int().nullable(),
  monto: z.number().int(),
  concepto: z.enum(conceptosPago),
  estado: z.enum(estadosPago),
  recibo_numero: z.number().int().nullable(),
});
export type ResultadoEnLineaWire = z.input<typeof resultadoEnLineaSchema>;

/** A provider's transaction id as Wompi writes them ("1234-1610641025-49201"). */
export const transaccionParam = z.object({
  transaccionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'El identificador de la transacción no es válido'),
});

/** The provider's event: its own shape, checked by the adapter after its checksum. */
export const eventoSchema = z.record(z.string(), z.unknown());

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const pagosEnLineaEndpoints = {
  config: endpoint(pagosEnLineaRutas.config, { response: { 200: configEnLineaSchema, ...errores } }),
  iniciar: endpoint(pagosEnLineaRutas.iniciar, {
    body: iniciarPagoEnLineaSchema,
    response: { 201: checkoutSchema, ...errores, 409: errorSchema, 422: errorSchema, 429: errorSchema },
  }),
  eventos: endpoint(pagosEnLineaRutas.eventos, {
    body: eventoSchema,
    response: { 200: z.object({ ok: z.literal(true) }), ...errores, 413: errorSchema, 422: errorSchema },
  }),
  transaccion: endpoint(pagosEnLineaRutas.transaccion, {
    params: transaccionParam,
    response: { 200: resultadoEnLineaSchema, ...errores, 422: errorSchema, 503: errorSchema },
  }),
};
