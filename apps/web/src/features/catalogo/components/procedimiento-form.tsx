// Create/edit form of a procedure: every field of DOMAIN's procedimientos. Price is whole Colombian pesos with
// thousands separators; minimum age defaults to 18 (Ley 1799 de 2016). Validated with the shared schema before
// sending; the server's field messages land on the matching field.
import { crearProcedimientoSchema, type CategoriaWire } from '@clinica/contracts/catalogo';
import { Checkbox, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { BotonesFormulario } from '../../../lib/forms/botones-formulario.tsx';
import { DESCRIPCION_ABAJO } from '../../../lib/forms/use-zod-form.ts';
import type { CrearProcedimientoBody } from '../api/procedimientos-api.ts';
import { useFormulario } from '../use-formulario.ts';

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

const vacio: ProcedimientoFormValues = {
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
};

const numero = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v));
const textoONull = (v: string) => (v.trim() ? v : null);

export function ProcedimientoForm({ initial, categorias, submitLabel, cancelTo, onSubmit }: Props) {
  const { enviando, textProps, checkProps, valueProps, submit } = useFormulario({
    initialValues: { ...vacio, ...initial },
    schema: crearProcedimientoSchema,
    toInput: (v) => ({
      ...v,
      precio: numero(v.precio),
      duracion_minutos: numero(v.duracion_minutos),
      recomendaciones_previas: textoONull(v.recomendaciones_previas),
      examenes_requeridos: textoONull(v.examenes_requeridos),
      edad_minima: numero(v.edad_minima),
      categoria_id: v.categoria_id ?? undefined,
    }),
    send: (d) =>
      onSubmit({
        ...d,
        recomendaciones_previas: d.recomendaciones_previas ?? null,
        examenes_requeridos: d.examenes_requeridos ?? null,
      }),
    tituloError: 'No pudimos guardar el procedimiento',
  });

  const opciones = categorias.map((c) => ({ value: c.id, label: c.activa ? c.nombre : `${c.nombre} (inactiva)` }));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} bg="var(--clinica-superficie)">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Nombre" required maxLength={120} {...textProps('nombre')} />
            <Select<number>
              label="Categoría"
              required
              placeholder="Elige una categoría"
              data={opciones}
              searchable
              nothingFoundMessage="No hay categorías con ese nombre"
              allowDeselect={false}
              {...valueProps('categoria_id')}
            />
          </SimpleGrid>
          <Textarea
            label="Descripción"
            description="Qué es, para quién y qué resultado esperar. Se muestra en la página del servicio."
            required
            autosize
            minRows={4}
            maxLength={4000}
            {...textProps('descripcion')}
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
              {...valueProps('precio')}
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
              {...valueProps('duracion_minutos')}
            />
            <NumberInput
              label="Edad mínima (años)"
              description="18 por defecto (Ley 1799 de 2016)."
              {...DESCRIPCION_ABAJO}
              required
              allowDecimal={false}
              allowNegative={false}
              min={0}
              max={120}
              inputMode="numeric"
              {...valueProps('edad_minima')}
            />
          </SimpleGrid>
          <Textarea
            label="Recomendaciones previas"
            description="Opcional. Cómo prepararse: sol, medicamentos, maquillaje…"
            autosize
            minRows={2}
            maxLength={4000}
            {...textProps('recomendaciones_previas')}
          />
          <Textarea
            label="Exámenes requeridos"
            description="Opcional. Déjalo vacío si no se necesitan."
            autosize
            minRows={2}
            maxLength={2000}
            {...textProps('examenes_requeridos')}
          />
          <Checkbox
            label="Requiere valoración médica previa"
            description="El paciente tendrá una cita de valoración antes del procedimiento."
            {...checkProps('requiere_evaluacion')}
          />
          <Switch
            label="Procedimiento activo"
            description="Los procedimientos inactivos no se muestran en el sitio público ni se pueden agregar al carrito."
            {...checkProps('activo')}
          />
          <BotonesFormulario cancelarA={cancelTo} enviando={enviando} mt="sm">
            {submitLabel}
          </BotonesFormulario>
        </Stack>
      </form>
    </Paper>
  );
}
