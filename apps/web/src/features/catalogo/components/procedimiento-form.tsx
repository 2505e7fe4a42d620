// Create/edit form of a procedure: every field of DOMAIN's procedimientos. Price is whole Colombian pesos with
// thousands separators; minimum age defaults to 18 (Ley 1799 de 2016). Validated with the shared schema before
// sending; the server's field messages land on the matching field.
import { crearProcedimientoSchema, type CategoriaWire } from '@clinica/contracts/catalogo';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CrearProcedimientoBody } from '../api/procedimientos-api.ts';
import { avisarErrorDeFormulario, zodFieldErrors, type FieldErrors } from '../form-errors.ts';

export type ProcedimientoFormValues = {
  nombre: string;
  descripcion: string;
  precio: number | string;
  duracion_minutos: number | string;
  requiere_evaluacion: boolean;
  recomendaciones_previas: string;
  examenes_requeridos: string;
  edad_minima: number | string;
  categoria_id: number | null;
  activo: boolean;
};

export type ProcedimientoPayload = Required<
  Omit<CrearProcedimientoBody, 'recomendaciones_previas' | 'examenes_requeridos'>
> & {
  recomendaciones_previas: string | null;
  examenes_requeridos: string | null;
};

type Props = {
  initial?: Partial<ProcedimientoFormValues>;
  categorias: CategoriaWire[];
  submitLabel: string;
  cancelTo: string;
  onSubmit: (payload: ProcedimientoPayload) => Promise<unknown>;
};

const numero = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v));
const textoONull = (v: string) => (v.trim() ? v : null);

export function ProcedimientoForm({ initial, categorias, submitLabel, cancelTo, onSubmit }: Props) {
  const [values, setValues] = useState<ProcedimientoFormValues>({
    nombre: '',
    descripcion: '',
    precio: '',
    duracion_minutos: '',
    requiere_evaluacion: false,
    recomendaciones_previas: '',
    examenes_requeridos: '',
    edad_minima: 18,
    categoria_id: null,
    activo: true,
    ...initial,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [enviando, setEnviando] = useState(false);
  const set = <K extends keyof ProcedimientoFormValues>(k: K, v: ProcedimientoFormValues[K]) => {
    setValues((prev) => ({ ...prev, [k]: v }));
    setErrors((prev) => (prev[k] ? { ...prev, [k]: '' } : prev));
  };
  const err = (k: keyof ProcedimientoFormValues) => errors[k] || undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = crearProcedimientoSchema.safeParse({
      nombre: values.nombre,
      descripcion: values.descripcion,
      precio: numero(values.precio),
      duracion_minutos: numero(values.duracion_minutos),
      requiere_evaluacion: values.requiere_evaluacion,
      recomendaciones_previas: textoONull(values.recomendaciones_previas),
      examenes_requeridos: textoONull(values.examenes_requeridos),
      edad_minima: numero(values.edad_minima),
      categoria_id: values.categoria_id ?? undefined,
      activo: values.activo,
    });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setEnviando(true);
    try {
      const d = parsed.data;
      await onSubmit({
        ...d,
        recomendaciones_previas: d.recomendaciones_previas ?? null,
        examenes_requeridos: d.examenes_requeridos ?? null,
      });
    } catch (error) {
      setErrors(avisarErrorDeFormulario(error, 'No pudimos guardar el procedimiento'));
    } finally {
      setEnviando(false);
    }
  };

  const opciones = categorias.map((c) => ({ value: c.id, label: c.activa ? c.nombre : `${c.nombre} (inactiva)` }));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} bg="var(--clinica-superficie)">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Nombre"
              required
              maxLength={120}
              value={values.nombre}
              error={err('nombre')}
              onChange={(e) => set('nombre', e.currentTarget.value)}
            />
            <Select<number>
              label="Categoría"
              required
              placeholder="Elige una categoría"
              data={opciones}
              value={values.categoria_id}
              error={err('categoria_id')}
              searchable
              nothingFoundMessage="No hay categorías con ese nombre"
              allowDeselect={false}
              onChange={(v) => set('categoria_id', v)}
            />
          </SimpleGrid>
          <Textarea
            label="Descripción"
            description="Qué es, para quién y qué resultado esperar. Se muestra en la página del servicio."
            required
            autosize
            minRows={4}
            maxLength={4000}
            value={values.descripcion}
            error={err('descripcion')}
            onChange={(e) => set('descripcion', e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <NumberInput
              label="Precio (COP)"
              required
              prefix="$ "
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              allowNegative={false}
              hideControls
              min={1}
              max={1_000_000_000}
              inputMode="numeric"
              value={values.precio}
              error={err('precio')}
              onChange={(v) => set('precio', v)}
            />
            <NumberInput
              label="Duración (minutos)"
              required
              allowDecimal={false}
              allowNegative={false}
              min={5}
              max={600}
              step={5}
              inputMode="numeric"
              value={values.duracion_minutos}
              error={err('duracion_minutos')}
              onChange={(v) => set('duracion_minutos', v)}
            />
            <NumberInput
              label="Edad mínima (años)"
              description="18 por defecto (Ley 1799 de 2016)."
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              allowDecimal={false}
              allowNegative={false}
              min={0}
              max={120}
              inputMode="numeric"
              value={values.edad_minima}
              error={err('edad_minima')}
              onChange={(v) => set('edad_minima', v)}
            />
          </SimpleGrid>
          <Textarea
            label="Recomendaciones previas"
            description="Opcional. Cómo prepararse: sol, medicamentos, maquillaje…"
            autosize
            minRows={2}
            maxLength={4000}
            value={values.recomendaciones_previas}
            error={err('recomendaciones_previas')}
            onChange={(e) => set('recomendaciones_previas', e.currentTarget.value)}
          />
          <Textarea
            label="Exámenes requeridos"
            description="Opcional. Déjalo vacío si no se necesitan."
            autosize
            minRows={2}
            maxLength={2000}
            value={values.examenes_requeridos}
            error={err('examenes_requeridos')}
            onChange={(e) => set('examenes_requeridos', e.currentTarget.value)}
          />
          <Checkbox
            label="Requiere valoración médica previa"
            description="El paciente tendrá una cita de valoración antes del procedimiento."
            checked={values.requiere_evaluacion}
            error={err('requiere_evaluacion')}
            onChange={(e) => set('requiere_evaluacion', e.currentTarget.checked)}
          />
          <Switch
            label="Procedimiento activo"
            description="Los procedimientos inactivos no se muestran en el sitio público ni se pueden agregar al carrito."
            checked={values.activo}
            error={err('activo')}
            onChange={(e) => set('activo', e.currentTarget.checked)}
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
