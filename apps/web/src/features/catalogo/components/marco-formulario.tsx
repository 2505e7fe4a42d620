// The card every catalogue create/edit form sits in: its fields, then 'Cancelar' (back to `cancelTo`) and the
// submit button. The browser's own checks are off (the shared schema speaks instead); when they fail, focus goes
// to the first field to fix.
import { Paper, Stack } from '@mantine/core';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { BotonesFormulario } from '../../../lib/forms/botones-formulario.tsx';
import { focusFirstInvalid } from '../../../lib/forms/zod-form.ts';

type Props = {
  /** Checks and sends the form (Mantine's form.onSubmit); `noValido` is what to do when the check fails. */
  onSubmit: (e: FormEvent<HTMLFormElement>, noValido: () => void) => void;
  enviando: boolean;
  submitLabel: string;
  cancelTo: string;
  maw?: number;
  children: ReactNode;
};

export function MarcoFormulario({ onSubmit, enviando, submitLabel, cancelTo, maw, children }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={maw} bg="var(--clinica-superficie)">
      <form ref={formRef} onSubmit={(e) => onSubmit(e, () => focusFirstInvalid(formRef.current))} noValidate>
        <Stack gap="md">
          {children}
          <BotonesFormulario cancelarA={cancelTo} enviando={enviando} mt="sm">
            {submitLabel}
          </BotonesFormulario>
        </Stack>
      </form>
    </Paper>
  );
}
