// How the catalogue screens tell a failure: a red toast, and for forms the server's field messages too.
import { notifications } from '@mantine/notifications';
import { ApiClientError } from '../../lib/api-client.ts';
import { mensajeDeError, serverFieldErrors } from '../../lib/forms/field-errors.ts';

/** A red toast saying what failed, in the server's words when there are some. */
export function avisarError(titulo: string, error: unknown) {
  notifications.show({ color: 'red', title: titulo, message: mensajeDeError(error) });
}

/** After a failed submit, a toast saying what happened; the form marks the fields (showServerErrors). */
export function avisarErrorDeFormulario(error: unknown, titulo: string) {
  const hayCampos = Object.keys(serverFieldErrors(error)).length > 0;
  notifications.show({
    color: 'red',
    title: titulo,
    message:
      hayCampos && error instanceof ApiClientError && error.code === 'VALIDACION'
        ? 'Revisa los campos marcados.'
        : mensajeDeError(error),
  });
}
