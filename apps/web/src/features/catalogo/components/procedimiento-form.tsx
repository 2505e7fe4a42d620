// Create/edit form of a procedure: every field of DOMAIN's procedimientos, and the buffer after it (issue 27.15). Price is whole Colombian pesos with
// thousands separators. Minimum age defaults to 18 (Ley 1799 de 2016, issue 21.3): under 18 only for a procedure
// marked exempt, which only an administrator marks or unmarks (the others see the box, disabled). Validated with
// the shared schema before sending; the server stays the judge and its field messages land on the matching field.
import {
  crearProcedimientoSchema,
  EDAD_MINIMA_LEY_1799,
  MARGEN_MAX_MINUTOS,
  MENSAJE_ANTICIPO_MAYOR_QUE_PRECIO,
  MENSAJE_LEY_1799,
  montoAnticipo,
  type CategoriaWire,
} from '@clinica/contracts/catalogo';
import { normalizarRol } from '@clinica/contracts/roles';
import { Checkbox, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm, type TransformedValues } from '@mantine/form';
import type { ComponentProps } from 'react';
import type { FieldErrors } from '../../../lib/forms/field-errors.ts';
import { GrupoCampos } from '../../../lib/forms/grupo-campos.tsx';
import { NumeroEntero } from '../../../lib/forms/numero-entero.tsx';
import { TextoLargo, type TextoLargoProps } from '../../../lib/forms/texto-largo.tsx';
import { DESCRIPCION_ABAJO, showServerErrors, zodFormOptions } from '../../../lib/forms/zod-form.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import type { CrearProcedimientoBody } from '../../../lib/api/procedimientos/crear-procedimiento.ts';
import { avisarErrorDeFormulario } from '../form-errors.ts';
import { camposPesos } from '../../../lib/forms/campo-pesos.ts';
import { formatoPesos } from '@clinica/contracts/dinero';
import { MarcoFormulario } from './marco-formulario.tsx';

export type ProcedimientoFormValues = {
  nombre: string;
  descripcion: string;
  precio: number | string;
  duracion_minutos: number | string;
  margen_minutos: number | string;
  requiere_evaluacion: boolean;
  recomendaciones_previas: string;
  examenes_requeridos: string;
  edad_minima: number | string;
  exento_ley_1799: boolean;
  /** The deposit a booking owes (issue 23.2): none, a fixed amount in pesos, or a percentage of the price. */
  anticipo_tipo: 'ninguno' | 'fijo' | 'porcentaje';
  anticipo_valor: number | string;
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
  margen_minutos: 0,
  requiere_evaluacion: false,
  recomendaciones_previas: '',
  examenes_requeridos: '',
  edad_minima: EDAD_MINIMA_LEY_1799,
  exento_ley_1799: false,
  anticipo_tipo: 'ninguno',
  anticipo_valor: '',
  categoria_id: null,
  activo: true,
};

/** The procedure's free texts: what each asks, the lines it opens with and the schema's limit. */
const TEXTOS = {
  descripcion: {
    label: 'Descripción',
    description: 'Qué es, para quién y qué resultado esperar. Se muestra en la página del servicio.',
    required: true,
    filas: 4,
    maximo: 4000,
  },
  recomendaciones_previas: {
    label: 'Recomendaciones previas',
    description: 'Opcional. Cómo prepararse: sol, medicamentos, maquillaje…',
    filas: 2,
    maximo: 4000,
  },
  examenes_requeridos: {
    label: 'Exámenes requeridos',
    description: 'Opcional. Déjalo vacío si no se necesitan.',
    filas: 2,
    maximo: 2000,
  },
} satisfies Record<string, Omit<TextoLargoProps, 'value' | 'onChange'>>;

const numero = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v));
const textoONull = (v: string) => (v.trim() ? v : null);

const aEntrada = ({ anticipo_tipo, anticipo_valor, ...v }: ProcedimientoFormValues) => ({
  ...v,
  anticipo: anticipo_tipo === 'ninguno' ? null : { tipo: anticipo_tipo, valor: numero(anticipo_valor) },
  precio: numero(v.precio),
  duracion_minutos: numero(v.duracion_minutos),
  margen_minutos: numero(v.margen_minutos),
  recomendaciones_previas: textoONull(v.recomendaciones_previas),
  examenes_requeridos: textoONull(v.examenes_requeridos),
  edad_minima: numero(v.edad_minima),
  categoria_id: v.categoria_id ?? undefined,
});

/** The server's rules, checked before sending so the person reads them at once (the server still decides). */
function erroresLey1799(v: ProcedimientoFormValues): FieldErrors {
  const edad = numero(v.edad_minima);
  return {
    ...(edad !== undefined && edad < EDAD_MINIMA_LEY_1799 && !v.exento_ley_1799
      ? { edad_minima: MENSAJE_LEY_1799 }
      : {}),
    ...erroresAnticipo(v),
  };
}

/** The deposit's value on its own field (the schema's message is on `anticipo.valor`, which no field shows). */
function erroresAnticipo(v: ProcedimientoFormValues): FieldErrors {
  if (v.anticipo_tipo === 'ninguno') return {};
  const valor = numero(v.anticipo_valor);
  const precio = numero(v.precio);
  if (valor === undefined || !Number.isInteger(valor) || valor <= 0)
    return { anticipo_valor: v.anticipo_tipo === 'fijo' ? 'Escribe el anticipo en pesos' : 'Escribe el porcentaje' };
  if (v.anticipo_tipo === 'porcentaje' && valor > 100)
    return { anticipo_valor: 'El porcentaje debe estar entre 1 y 100' };
  if (v.anticipo_tipo === 'fijo' && precio !== undefined && valor > precio)
    return { anticipo_valor: MENSAJE_ANTICIPO_MAYOR_QUE_PRECIO };
  return {};
}

/**
 * The exempt box as the others see it: disabled, yet its label and state as legible as any text (Mantine's disabled
 * grey is too faint to read whether the procedure is exempt).
 */
const SOLO_LECTURA = {
  label: { color: 'var(--mantine-color-text)' },
  input: { backgroundColor: 'var(--mantine-color-body)', borderColor: 'var(--mantine-color-dimmed)' },
  icon: { color: 'var(--mantine-color-text)' },
};

/** "Anticipo de $ 45.000 con el precio actual", for a percentage with a price. */
function resumenAnticipo(v: ProcedimientoFormValues): string | null {
  const valor = numero(v.anticipo_valor);
  const precio = numero(v.precio);
  if (v.anticipo_tipo !== 'porcentaje' || !valor || !precio || valor > 100) return null;
  const monto = montoAnticipo({ tipo: 'porcentaje', valor }, precio);
  return monto ? `Anticipo de ${formatoPesos(monto)} con el precio actual.` : null;
}

/** A field of minutes, in steps of 5. */
function Minutos(props: ComponentProps<typeof NumeroEntero>) {
  return <NumeroEntero step={5} {...props} />;
}

export function ProcedimientoForm({ initial, categorias, submitLabel, cancelTo, onSubmit }: Props) {
  const esAdministrador = normalizarRol(useAuth().userRole) === 'administrador';
  const form = useForm({
    initialValues: { ...vacio, ...initial },
    ...zodFormOptions({
      schema: crearProcedimientoSchema,
      toInput: aEntrada,
      extraErrors: erroresLey1799,
      dependents: { exento_ley_1799: ['edad_minima'], anticipo_tipo: ['anticipo_valor'], precio: ['anticipo_valor'] },
    }),
  });

  // Returning the promise keeps form.submitting true until the server answers.
  const enviar = (d: TransformedValues<typeof form>) =>
    onSubmit({
      ...d,
      recomendaciones_previas: d.recomendaciones_previas ?? null,
      examenes_requeridos: d.examenes_requeridos ?? null,
    }).catch((error: unknown) => {
      showServerErrors(form, error);
      avisarErrorDeFormulario(error, 'No pudimos guardar el procedimiento');
    });

  const opciones = categorias.map((c) => ({ value: c.id, label: c.activa ? c.nombre : `${c.nombre} (inactiva)` }));

  return (
    <MarcoFormulario form={form} enviar={enviar} submitLabel={submitLabel} cancelTo={cancelTo}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Nombre" required maxLength={120} {...form.getInputProps('nombre')} />
        <Select<number>
          label="Categoría"
          required
          placeholder="Elige una categoría"
          data={opciones}
          searchable
          nothingFoundMessage="No hay categorías con ese nombre"
          allowDeselect={false}
          {...form.getInputProps('categoria_id')}
        />
      </SimpleGrid>
      <TextoLargo {...TEXTOS.descripcion} {...form.getInputProps('descripcion')} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <NumeroEntero
          label="Precio (COP)"
          required
          {...camposPesos}
          min={1}
          max={1_000_000_000}
          {...form.getInputProps('precio')}
        />
        <Minutos label="Duración (minutos)" required min={5} max={600} {...form.getInputProps('duracion_minutos')} />
        <Minutos
          label="Margen después (minutos)"
          description="Para limpiar y preparar la sala: el doctor no recibe otra cita en ese tiempo. 0 si no hace falta."
          {...DESCRIPCION_ABAJO}
          required
          min={0}
          max={MARGEN_MAX_MINUTOS}
          {...form.getInputProps('margen_minutos')}
        />
      </SimpleGrid>
      <GrupoCampos titulo="Edad mínima (Ley 1799 de 2016)">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumeroEntero
            label="Edad mínima (años)"
            description="La ley prohíbe los procedimientos estéticos a menores de 18 años. Una edad menor solo vale si el procedimiento está exento."
            {...DESCRIPCION_ABAJO}
            required
            min={0}
            max={120}
            {...form.getInputProps('edad_minima')}
          />
          <Checkbox
            mt={{ base: 0, sm: 'xl' }}
            label="Exento de la Ley 1799 de 2016 (depilación láser, peeling superficial, reconstructivo)"
            description={
              esAdministrador
                ? 'Márcalo solo si la ley exceptúa este procedimiento. El cambio queda en la auditoría.'
                : 'Solo un administrador lo cambia.'
            }
            disabled={!esAdministrador}
            styles={esAdministrador ? undefined : SOLO_LECTURA}
            {...form.getInputProps('exento_ley_1799', { type: 'checkbox' })}
          />
        </SimpleGrid>
      </GrupoCampos>
      <GrupoCampos titulo="Anticipo para reservar">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Anticipo"
            description="Lo que la paciente paga para asegurar el horario; sin pagarlo, la reserva se libera sola."
            {...DESCRIPCION_ABAJO}
            allowDeselect={false}
            data={[
              { value: 'ninguno', label: 'Sin anticipo' },
              { value: 'fijo', label: 'Valor fijo (COP)' },
              { value: 'porcentaje', label: 'Porcentaje del precio' },
            ]}
            {...form.getInputProps('anticipo_tipo')}
          />
          {form.values.anticipo_tipo === 'fijo' && (
            <NumeroEntero
              label="Valor del anticipo (COP)"
              required
              {...camposPesos}
              min={1}
              max={1_000_000_000}
              {...form.getInputProps('anticipo_valor')}
            />
          )}
          {form.values.anticipo_tipo === 'porcentaje' && (
            <NumeroEntero
              label="Porcentaje del precio"
              description={resumenAnticipo(form.values) ?? 'Entre 1 y 100. Se redondea hacia arriba al peso.'}
              {...DESCRIPCION_ABAJO}
              required
              min={1}
              max={100}
              suffix=" %"
              {...form.getInputProps('anticipo_valor')}
            />
          )}
        </SimpleGrid>
      </GrupoCampos>
      <TextoLargo {...TEXTOS.recomendaciones_previas} {...form.getInputProps('recomendaciones_previas')} />
      <TextoLargo {...TEXTOS.examenes_requeridos} {...form.getInputProps('examenes_requeridos')} />
      <Checkbox
        label="Requiere valoración médica previa"
        description="El paciente tendrá una cita de valoración antes del procedimiento."
        {...form.getInputProps('requiere_evaluacion', { type: 'checkbox' })}
      />
      <Switch
        label="Procedimiento activo"
        description="Los procedimientos inactivos no se muestran en el sitio público ni se pueden agregar al carrito."
        {...form.getInputProps('activo', { type: 'checkbox' })}
      />
    </MarcoFormulario>
  );
}
