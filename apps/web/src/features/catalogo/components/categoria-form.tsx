// Create/edit form of a procedure category: nombre, descripción, activa. Validated with the shared schema
// before sending; the server's field messages land on the matching field.
import { crearCategoriaSchema } from '@clinica/contracts/catalogo';
import { Paper, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm, type TransformedValues } from '@mantine/form';
import { useRef } from 'react';
import { BotonesFormulario } from '../../../lib/forms/botones-formulario.tsx';
import { focusFirstInvalid, showServerErrors, zodFormOptions } from '../../../lib/forms/zod-form.ts';
import { avisarErrorDeFormulario } from '../form-errors.ts';

export type CategoriaFormValues = { nombre: string; descripcion: string; activa: boolean };
export type CategoriaPayload = { nombre: string; descripcion: string | null; activa: boolean };

type Props = {
  initial?: Partial<CategoriaFormValues>;
  submitLabel: string;
  cancelTo: string;
  /** Sends the payload; a thrown ApiClientError with issues marks the fields. */
  onSubmit: (payload: CategoriaPayload) => Promise<unknown>;
};

const aEntrada = (v: CategoriaFormValues) => ({ ...v, descripcion: v.descripcion.trim() ? v.descripcion : null });

export function CategoriaForm({ initial, submitLabel, cancelTo, onSubmit }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm({
    initialValues: {
      nombre: initial?.nombre ?? '',
      descripcion: initial?.descripcion ?? '',
      activa: initial?.activa ?? true,
    },
    ...zodFormOptions({ schema: crearCategoriaSchema, toInput: aEntrada }),
  });

  // Returning the promise keeps form.submitting true until the server answers.
  const enviar = (d: TransformedValues<typeof form>) =>
    onSubmit({ nombre: d.nombre, descripcion: d.descripcion ?? null, activa: d.activa }).catch((error: unknown) => {
      showServerErrors(form, error);
      avisarErrorDeFormulario(error, 'No pudimos guardar la categoría');
    });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720} bg="var(--clinica-superficie)">
      <form
        ref={formRef}
        onSubmit={(e) => form.onSubmit(enviar, () => focusFirstInvalid(formRef.current))(e)}
        noValidate
      >
        <Stack gap="md">
          <TextInput
            label="Nombre"
            description="Cómo la verán los pacientes, por ejemplo «Tratamientos faciales»."
            required
            maxLength={80}
            {...form.getInputProps('nombre')}
          />
          <Textarea
            label="Descripción"
            description="Opcional. Hasta 500 caracteres."
            autosize
            minRows={3}
            maxLength={500}
            {...form.getInputProps('descripcion')}
          />
          <Switch
            label="Categoría activa"
            description="Las categorías inactivas y sus procedimientos no se muestran en el sitio público."
            {...form.getInputProps('activa', { type: 'checkbox' })}
          />
          <BotonesFormulario cancelarA={cancelTo} enviando={form.submitting} mt="sm">
            {submitLabel}
          </BotonesFormulario>
        </Stack>
      </form>
    </Paper>
  );
}
