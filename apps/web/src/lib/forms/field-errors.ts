// Field messages for every form: from the shared zod schemas before sending, and from the server's
// { error, code, issues: [{ campo, mensaje }] } after (the server stays the judge).
import type { ErrorCode } from '@clinica/contracts/errors';
import type { z } from 'zod';
import { ApiClientError } from '../api-client.ts';

export type FieldErrors = Record<string, string | undefined>;

const MENSAJE_INESPERADO = 'Ocurrió un error inesperado. Inténtalo de nuevo.';

// A 409 carries no issues[]; these conflicts are still about one field, so they are shown on it.
const CAMPO_DEL_CONFLICTO: Partial<Record<ErrorCode, string>> = {
  CORREO_DUPLICADO: 'correo',
  DOCUMENTO_DUPLICADO: 'numerodocumento',
  CATEGORIA_DUPLICADA: 'nombre',
};

/** First message per top-level field of a failed zod parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    out[key] ??= issue.message;
  }
  return out;
}

/** Field messages of a failed request: its issues ('body.nombre' and 'nombre' both land on 'nombre'), then its conflict code. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!(error instanceof ApiClientError)) return out;
  for (const issue of error.body.issues ?? []) {
    const campo = issue.campo.replace(/^(body|querystring|params)\./, '').split('.')[0] ?? issue.campo;
    out[campo] ??= issue.mensaje;
  }
  const campo = CAMPO_DEL_CONFLICTO[error.code as ErrorCode];
  if (campo) out[campo] ??= error.body.error;
  return out;
}

/** The Spanish message to show for any failure: the server's own words when there are some. */
export function mensajeDeError(error: unknown, porDefecto = MENSAJE_INESPERADO): string {
  if (error instanceof ApiClientError) return error.body.error || porDefecto;
  return porDefecto;
}
