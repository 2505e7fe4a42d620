// The one error envelope every API failure uses, and the machine codes it may carry.
import { z } from 'zod';

export const errorCodes = [
  'VALIDACION', // 400: a body, query or param failed its schema
  'NO_AUTENTICADO', // 401: no token, invalid/expired token or revoked session
  'CREDENCIALES_INVALIDAS', // 401: wrong email or password
  'USUARIO_INACTIVO', // 403: the account is deactivated
  'PROHIBIDO', // 403: the role may not do this
  'NO_ENCONTRADO', // 404
  'CONFLICTO', // 409: unique value already taken, or the row changed since it was read
  'CORREO_DUPLICADO', // 409
  'DOCUMENTO_DUPLICADO', // 409
  'RESPALDO_EN_CURSO', // 409: a backup is already being written (decision 0038)
  'CATEGORIA_DUPLICADA', // 409
  'CATEGORIA_CON_PROCEDIMIENTOS', // 409
  'YA_EN_CARRITO', // 400 (spec 8: the client reads the text 'ya está en el carrito')
  'HORARIO_OCUPADO', // 409: the slot was taken (carries `siguientes`, the next free times)
  'CITA_CANCELADA', // 409: a cancelled appointment cannot change
  'IDEMPOTENCIA_DISTINTA', // 422: an Idempotency-Key reused with another body
  'REGLA_NEGOCIO', // 422
  'PROCEDIMIENTO_NO_DISPONIBLE', // 422
  'ARCHIVO_INVALIDO', // 415: not a file type the upload accepts (checked on its bytes)
  'ARCHIVO_DEMASIADO_GRANDE', // 413: an upload over its bytes, pixels or parts limit
  'FIRMA_INVALIDA', // 422: a drawn signature that is not a usable PNG
  'ENLACE_INVALIDO', // 400: a password-recovery (or reminder) link that was tampered with or already used
  'ENLACE_VENCIDO', // 400: a password-recovery link past its 30 minutes; 410: a reminder link past its appointment's start
  'ENLACE_USADO', // 410: a reminder's confirm or cancel link used already (issue 25.3)
  'DEMASIADOS_INTENTOS', // 429
  'NO_DISPONIBLE', // 503: a dependency (database) does not answer
  'SIN_ESPACIO', // 507: a write failed because the server's disk is full (MENSAJE_SIN_ESPACIO)
  'ERROR_INTERNO', // 500
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** SIN_ESPACIO's text: the user cannot fix it, whoever runs the server can (issue 28, item 4). */
export const MENSAJE_SIN_ESPACIO = 'El servidor se quedó sin espacio en disco. Avísale al administrador.';

export const issueSchema = z.object({ campo: z.string(), mensaje: z.string() });

export const errorSchema = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.array(issueSchema).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;
