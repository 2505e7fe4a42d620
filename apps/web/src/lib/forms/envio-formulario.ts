// What every create/edit form does around its request: a ref to find the first invalid field, the failure shown
// above the fields (AlertaFallo), and a refused write put on the fields the server names, with a toast.
//   const envio = useEnvioFormulario(form, 'No pudimos guardar tus cambios');
//   <form ref={envio.formRef} onSubmit={(e) => form.onSubmit(enviar, envio.noValido)(e)}> … envio.fallar(err)
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { mensajeDeError } from './field-errors.ts';
import { focusFirstInvalid, showServerErrors, type FormWithErrors } from './zod-form.ts';

type Opciones = {
  /** false: when the server's refusal names fields, their messages say it and the form's alert stays empty. */
  alertaConCampos?: boolean;
};

export function useEnvioFormulario(
  form: FormWithErrors,
  tituloFallo: string,
  { alertaConCampos = true }: Opciones = {},
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [fallo, setFallo] = useState<string | null>(null);

  /** The check in the browser failed: no old failure above the fields, focus on the first one to fix. */
  function noValido() {
    setFallo(null);
    focusFirstInvalid(formRef.current);
  }

  /** The request failed: field messages where the server names fields, the alert and a toast with its words. */
  function fallar(err: unknown) {
    const mensaje = mensajeDeError(err);
    const conCampos = Object.keys(showServerErrors(form, err)).length > 0;
    if (conCampos) focusFirstInvalid(formRef.current);
    if (alertaConCampos || !conCampos) setFallo(mensaje);
    notifications.show({ color: 'red', title: tituloFallo, message: mensaje });
  }

  return { formRef, fallo, setFallo, noValido, fallar };
}
