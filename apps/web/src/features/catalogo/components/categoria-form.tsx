// Create/edit form of a procedure category: nombre, descripción, activa. Validated with the shared schema
// before sending; the server's field messages land on the matching field.
import { crearCategoriaSchema } from '@clinica/contracts/catalogo';
import { Switch, TextInput } from '@mantine/core';
import { useForm, type TransformedValues } from '@mantine/form';
import { TextoLargo } from '../../../lib/forms/texto-largo.tsx';
import { showServerErrors, zodFormOptions } from '../../../lib/forms/zod-form.ts';
import { avisarErrorDeFormulario } from '../form-errors.ts';
import { MarcoFormulario } from './marco-formulario.tsx';

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
    <MarcoFormulario form={form} enviar={enviar} submitLabel={submitLabel} cancelTo={cancelTo} maw={720}>
      <TextInput
        label="Nombre"
        description="Cómo la verán los pacientes, por ejemplo «Tratamientos faciales»."
        required
        maxLength={80}
        {...form.getInputProps('nombre')}
      />
      <TextoLargo
        label="Descripción"
        description="Opcional. Hasta 500 caracteres."
        filas={3}
        maximo={500}
        {...form.getInputProps('descripcion')}
      />
      <Switch
        label="Categoría activa"
        description="Las categorías inactivas y sus procedimientos no se muestran en el sitio público."
        {...form.getInputProps('activa', { type: 'checkbox' })}
      />
    </MarcoFormulario>
  );
}
