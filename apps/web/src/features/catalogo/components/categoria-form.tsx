// Create/edit form of a procedure category: nombre, descripción, activa. Validated with the shared schema
// before sending; the server's field messages land on the matching field.
import { crearCategoriaSchema } from '@clinica/contracts/catalogo';
import { Paper, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { BotonesFormulario } from '../../../lib/forms/botones-formulario.tsx';
import { useFormulario } from '../use-formulario.ts';

export type CategoriaFormValues = { nombre: string; descripcion: string; activa: boolean };
export type CategoriaPayload = { nombre: string; descripcion: string | null; activa: boolean };

type Props = {
  initial?: Partial<CategoriaFormValues>;
  submitLabel: string;
  cancelTo: string;
  /** Sends the payload; a thrown ApiClientError with issues marks the fields. */
  onSubmit: (payload: CategoriaPayload) => Promise<unknown>;
};

export function CategoriaForm({ initial, submitLabel, cancelTo, onSubmit }: Props) {
  const { enviando, textProps, checkProps, submit } = useFormulario({
    initialValues: {
      nombre: initial?.nombre ?? '',
      descripcion: initial?.descripcion ?? '',
      activa: initial?.activa ?? true,
    },
    schema: crearCategoriaSchema,
    toInput: (v) => ({ ...v, descripcion: v.descripcion.trim() ? v.descripcion : null }),
    send: (d) => onSubmit({ nombre: d.nombre, descripcion: d.descripcion ?? null, activa: d.activa }),
    tituloError: 'No pudimos guardar la categoría',
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720} bg="var(--clinica-superficie)">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Nombre"
            description="Cómo la verán los pacientes, por ejemplo «Tratamientos faciales»."
            required
            maxLength={80}
            {...textProps('nombre')}
          />
          <Textarea
            label="Descripción"
            description="Opcional. Hasta 500 caracteres."
            autosize
            minRows={3}
            maxLength={500}
            {...textProps('descripcion')}
          />
          <Switch
            label="Categoría activa"
            description="Las categorías inactivas y sus procedimientos no se muestran en el sitio público."
            {...checkProps('activa')}
          />
          <BotonesFormulario cancelarA={cancelTo} enviando={enviando} mt="sm">
            {submitLabel}
          </BotonesFormulario>
        </Stack>
      </form>
    </Paper>
  );
}
