// How the catalogue screens tell a failure: a red toast, and for forms the server's field messages too.
import { notifications } from '@mantine/notifications';
import { ApiClientError } from '../../lib/api-client.ts';
import { mensajeDeError, serverFieldErrors, type FieldErrors } from '../../lib/forms/field-errors.ts';

/** A red toast saying what failed, in the server's words when there are some. */
export function avisarError(titulo: string, error: unknown) {
  notifications.show({ color: 'red', title: titulo, message: mensajeDeError(error) });
}

/** After a failed submit: field messages for the form, and a toast saying what happened. */
export function avisarErrorDeFormulario(error: unknown, titulo: string): FieldErrors {
  const campos = serverFieldErrors(error);
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
