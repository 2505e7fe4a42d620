// The card every catalogue create/edit form sits in: its fields, then 'Cancelar' (back to `cancelTo`) and the
// submit button. The browser's own checks are off (the shared schema speaks instead); when they fail, focus goes
// to the first field to fix.
import { Paper, Stack } from '@mantine/core';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { BotonesFormulario } from '../../../lib/forms/botones-formulario.tsx';
import { focusFirstInvalid } from '../../../lib/forms/zod-form.ts';

/** What the card needs of a Mantine form: its check-then-send handler and whether a send is under way. */
type Formulario<T> = {
  onSubmit(enviar: (datos: T) => Promise<unknown>, noValido: () => void): (e: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
};

type Props<T> = {
  form: Formulario<T>;
  /** Sends the checked values; its promise keeps the submit button loading until the server answers. */
  enviar: (datos: T) => Promise<unknown>;
  submitLabel: string;
  cancelTo: string;
  maw?: number;
  children: ReactNode;
};

export function MarcoFormulario<T>({ form, enviar, submitLabel, cancelTo, maw, children }: Props<T>) {
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={maw} bg="var(--clinica-superficie)">
      <form
        ref={formRef}
        onSubmit={(e) => form.onSubmit(enviar, () => focusFirstInvalid(formRef.current))(e)}
        noValidate
      >
        <Stack gap="md">
          {children}
          <BotonesFormulario cancelarA={cancelTo} enviando={form.submitting} mt="sm">
            {submitLabel}
          </BotonesFormulario>
        </Stack>
      </form>
    </Paper>
  );
}
