// The reminder's confirm and cancel links (issue 25, item 3; docs/decisions/0067-enlaces-recordatorio.md): schemas and
// endpoints of the public page's two calls, and the texts the API answers with.
import { z } from 'zod';
import { destinosAnticipo, estadoCitaSchema, tipoCitaSchema } from './citas.ts';
import { fechaHora } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { enlacesCitaRutas } from './enlaces-cita-rutas.ts';

export const accionesEnlaceCita = ['confirmar', 'cancelar'] as const;
export type AccionEnlaceCita = (typeof accionesEnlaceCita)[number];

const token = z
  .string({ message: 'Falta el código del enlace' })
  .trim()
  .min(1, 'Falta el código del enlace')
  .max(300, 'El enlace no es válido');

export const verEnlaceCitaSchema = z.object({ token });
export type VerEnlaceCitaInput = z.input<typeof verEnlaceCitaSchema>;

export const usarEnlaceCitaSchema = z.object({
  token,
  /** A paid deposit cancelled with enough notice: refund or credit, the patient's choice (as in the app). */
  anticipo: z.enum(destinosAnticipo, { message: 'Elige devolución o saldo a favor' }).optional(),
});
export type UsarEnlaceCitaInput = z.input<typeof usarEnlaceCitaSchema>;

/**
 * What cancelling now does with the deposit: `sin_pagar` (an unpaid one is simply not owed), `retenido` (paid, less
 * notice than the policy's hours), `elegir` (paid, enough notice: refund or credit, her choice).
 */
export const anticipoAlCancelar = ['sin_pagar', 'retenido', 'elegir'] as const;

export const enlaceCitaSchema = z.object({
  accion: z.enum(accionesEnlaceCita),
  cita: z.object({
    inicio: fechaHora,
    fin: fechaHora,
    tipo: tipoCitaSchema,
    estado: estadoCitaSchema,
    procedimiento: z.string().nullable(),
    doctor: z.string(),
  }),
  /** The clinic's notice for a refundable deposit (GET /apicitas/politica) and the policy as the screens state it. */
  politica: z.object({ cancelacion_horas_aviso: z.number().int(), texto: z.string() }),
  /** The appointment's deposit, if it has one. */
  anticipo: z
    .object({
      monto: z.number().int(),
      pagado: z.boolean(),
      al_cancelar: z.enum(anticipoAlCancelar),
    })
    .nullable(),
});
export type EnlaceCita = z.output<typeof enlaceCitaSchema>;

export const resultadoEnlaceCitaSchema = z.object({
  accion: z.enum(accionesEnlaceCita),
  estado: estadoCitaSchema,
  /** False: the appointment already was so (nothing changed, no one told again). */
  cambio: z.boolean(),
  mensaje: z.string(),
});
export type ResultadoEnlaceCita = z.output<typeof resultadoEnlaceCitaSchema>;

const errores = { 400: errorSchema, 409: errorSchema, 410: errorSchema, 422: errorSchema, 429: errorSchema };

export const enlacesCitaEndpoints = {
  ver: endpoint(enlacesCitaRutas.ver, { body: verEnlaceCitaSchema, response: { 200: enlaceCitaSchema, ...errores } }),
  usar: endpoint(enlacesCitaRutas.usar, {
    body: usarEnlaceCitaSchema,
    response: { 200: resultadoEnlaceCitaSchema, ...errores },
  }),
};

export const MENSAJES_ENLACE_CITA = {
  invalido: 'Este enlace no es válido. Abre el enlace completo del correo de recordatorio o comunícate con la clínica.',
  vencido: 'Este enlace venció: servía hasta la hora de la cita. Para cualquier cambio, comunícate con la clínica.',
  usado: 'Este enlace ya se usó. Puedes ver cómo quedó tu cita en «Mis citas» o comunicarte con la clínica.',
  movida:
    'Esta cita cambió de fecha u hora después de que te enviamos este enlace, así que ya no sirve. Revisa el correo más reciente de la clínica o «Mis citas».',
  cancelada: 'Esta cita ya está cancelada: no hay nada que confirmar ni cancelar.',
  realizada: 'Esta cita ya se realizó.',
  confirmada: 'Listo: confirmaste tu cita. Te esperamos.',
  yaConfirmada: 'Tu cita ya estaba confirmada. Te esperamos.',
  cancelada_ok: 'Listo: cancelamos tu cita. Liberamos el horario para otra persona.',
  yaCancelada: 'Tu cita ya estaba cancelada.',
  retenido: (monto: string) => ` Según la política de cancelación, la clínica retiene el anticipo de ${monto}.`,
  devolucion: (monto: string) => ` Te devolveremos el anticipo de ${monto}: la clínica te contactará para hacerlo.`,
  saldo: (monto: string) => ` El anticipo de ${monto} queda como saldo a favor para tu próxima cita.`,
} as const;

export { enlacesCitaPaths, enlacesCitaRutas, PAGINA_ENLACE_CITA } from './enlaces-cita-rutas.ts';
