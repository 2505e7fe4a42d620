// Password recovery (issue 10.7; QUALITY.md "Password recovery"): ask for a link by e-mail, then set a new password
// with the token the link carries. The request answers the same whether or not the address has an account.
import { z } from 'zod';
import { mensajeSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { recuperacionRutas } from './rutas.ts';
import { contrasenaSchema, correoSchema } from './usuarios.ts';

/** How long a recovery link works, in minutes. */
export const MINUTOS_ENLACE_RECUPERACION = 30;

/** The one answer to every recovery request (known address or not). */
export const MENSAJE_RECUPERACION_SOLICITADA =
  'Si hay una cuenta activa con ese correo, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada y la de correo no deseado: el enlace vence en 30 minutos.';

export const solicitarRecuperacionSchema = z.object({ correo: correoSchema });
export type SolicitarRecuperacionInput = z.input<typeof solicitarRecuperacionSchema>;

export const restablecerContrasenaSchema = z.object({
  token: z
    .string({ message: 'Falta el código del enlace' })
    .trim()
    .min(1, 'Falta el código del enlace')
    .max(300, 'El enlace no es válido'),
  contrasena: contrasenaSchema,
});
export type RestablecerContrasenaInput = z.input<typeof restablecerContrasenaSchema>;

export const recuperacionEndpoints = {
  solicitar: endpoint(recuperacionRutas.solicitar, {
    body: solicitarRecuperacionSchema,
    response: { 202: mensajeSchema },
  }),
  restablecer: endpoint(recuperacionRutas.restablecer, {
    body: restablecerContrasenaSchema,
    response: { 200: mensajeSchema },
  }),
};

export { recuperacionPaths, recuperacionRutas, PAGINA_RESTABLECER_CONTRASENA } from './rutas.ts';
