// A form the page checks itself (noValidate: the contracts' Spanish messages on the fields, not the browser's
// bubbles), sent through @mantine/form: the valid values go to `enviar`, a refused check to `envio.noValido`, which
// puts the focus on the first field to fix through `envio.formRef` (useEnvioFormulario gives both).
//   <FormularioConEnvio form={form} envio={envio} enviar={enviar} aria-label="Cambiar correo">…</FormularioConEnvio>
import type { ReactNode, RefObject, SyntheticEvent } from 'react';

export type FormularioConEnvioProps<T> = {
  /** A @mantine/form form whose values, once valid, are `T`. */
  form: {
    onSubmit: (enviar: (datos: T) => void, noValido: () => void) => (e?: SyntheticEvent<HTMLFormElement>) => void;
  };
  envio: { formRef: RefObject<HTMLFormElement | null>; noValido: () => void };
  enviar: (datos: T) => void;
  id?: string;
  children: ReactNode;
} & ({ 'aria-label': string } | { 'aria-labelledby': string });

export function FormularioConEnvio<T>({
  form,
  envio: { formRef, noValido },
  enviar,
  children,
  ...atributos
}: FormularioConEnvioProps<T>) {
  return (
    // Built on each submit, not in render: noValido reads a ref (react-hooks/refs).
    <form ref={formRef} onSubmit={(e) => form.onSubmit(enviar, noValido)(e)} noValidate {...atributos}>
      {children}
    </form>
  );
}
