// Field errors for the catalogue forms: from the shared zod schemas before sending, and from the
// server's { issues: [{ campo, mensaje }] } after (the server stays the judge).
import { notifications } from '@mantine/notifications';
import type { ZodError } from 'zod';
import { ApiClientError } from '../../lib/api-client.ts';

export type FieldErrors = Record<string, string>;

/** First message per top-level field of a failed zod parse. */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const campo = String(issue.path[0] ?? 'formulario');
    out[campo] ??= issue.message;
  }
  return out;
}

/** Field messages of a 400 from the server; 'body.nombre' and 'nombre' both land on 'nombre'. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!(error instanceof ApiClientError)) return out;
  for (const issue of error.body.issues ?? []) {
    const campo = issue.campo.replace(/^(body|querystring|params)\./, '').split('.')[0] ?? issue.campo;
    out[campo] ??= issue.mensaje;
  }
  return out;
}

/** The Spanish message to show in a toast for any failure. */
export function mensajeDeError(
  error: unknown,
  porDefecto = 'Ocurrió un error inesperado. Inténtalo de nuevo.',
): string {
  if (error instanceof ApiClientError) return error.body.error || porDefecto;
  return porDefecto;
}

/** After a failed submit: field messages for the form, and a toast saying what happened. */
export function avisarErrorDeFormulario(
  error: unknown,
  titulo: string,
  porCodigo: Record<string, string> = {},
): FieldErrors {
  const campos = serverFieldErrors(error);
  // Conflicts that belong to one field (e.g. a duplicate name) are shown on it too.
  if (error instanceof ApiClientError && porCodigo[error.code] && !campos[porCodigo[error.code]!]) {
    campos[porCodigo[error.code]!] = error.message;
  }
  const hayCampos = Object.keys(campos).length > 0;
  notifications.show({
    color: 'red',
    title: titulo,
    message:
      hayCampos && error instanceof ApiClientError && error.code === 'VALIDACION'
        ? 'Revisa los campos marcados.'
        : mensajeDeError(error),
  });
  return campos;
}
