// Create/edit form of a procedure category: nombre, descripción, activa. Validated with the shared schema
// before sending; the server's field messages land on the matching field.
import { crearCategoriaSchema } from '@clinica/contracts/catalogo';
import { Button, Group, Paper, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { avisarErrorDeFormulario, zodFieldErrors, type FieldErrors } from '../form-errors.ts';

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
  const [values, setValues] = useState<CategoriaFormValues>({
    nombre: initial?.nombre ?? '',
    descripcion: initial?.descripcion ?? '',
    activa: initial?.activa ?? true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [enviando, setEnviando] = useState(false);
  const set = <K extends keyof CategoriaFormValues>(k: K, v: CategoriaFormValues[K]) => {
    setValues((prev) => ({ ...prev, [k]: v }));
    setErrors((prev) => (prev[k] ? { ...prev, [k]: '' } : prev));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = crearCategoriaSchema.safeParse({
      nombre: values.nombre,
      descripcion: values.descripcion.trim() ? values.descripcion : null,
      activa: values.activa,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setEnviando(true);
    try {
      await onSubmit({
        nombre: parsed.data.nombre,
        descripcion: parsed.data.descripcion ?? null,
        activa: parsed.data.activa,
      });
    } catch (error) {
      setErrors(avisarErrorDeFormulario(error, 'No pudimos guardar la categoría', { CATEGORIA_DUPLICADA: 'nombre' }));
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={720} bg="var(--clinica-superficie)">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Nombre"
            description="Cómo la verán los pacientes, por ejemplo «Tratamientos faciales»."
            required
            maxLength={80}
            value={values.nombre}
            error={errors.nombre || undefined}
            onChange={(e) => set('nombre', e.currentTarget.value)}
          />
          <Textarea
            label="Descripción"
            description="Opcional. Hasta 500 caracteres."
            autosize
            minRows={3}
            maxLength={500}
            value={values.descripcion}
            error={errors.descripcion || undefined}
            onChange={(e) => set('descripcion', e.currentTarget.value)}
          />
          <Switch
            label="Categoría activa"
            description="Las categorías inactivas y sus procedimientos no se muestran en el sitio público."
            checked={values.activa}
            error={errors.activa || undefined}
            onChange={(e) => set('activa', e.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button component={Link} to={cancelTo} variant="default">
              Cancelar
            </Button>
            <Button type="submit" loading={enviando}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
