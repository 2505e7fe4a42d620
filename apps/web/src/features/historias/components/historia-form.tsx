// The clinical record form (issue 9): the patient's intake and the doctor's create/edit. Validated with the same
// zod schema as the API (details required when contraceptives are ticked, Fitzpatrick I-VI, list limits); the
// server's field messages land on the matching field. Built for a 375 px phone first: one column, 16 px fields,
// whole-row tap targets for the yes/no questions and the phototype, nothing wider than the screen.
import { crearHistoriaSchema } from '@clinica/contracts/historias';
import { Checkbox, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type TransformedValues } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Fragment, useRef, useState, type ReactNode } from 'react';
import { ApiClientError } from '../../../lib/api-client.ts';
import { AlertaFallo } from '../../../lib/forms/alerta-fallo.tsx';
import { useAvisoSalida } from '../../../lib/forms/aviso-salida.tsx';
import { BotonesFormulario } from '../../../lib/forms/botones-formulario.tsx';
import { mensajeDeError, serverFieldErrors } from '../../../lib/forms/field-errors.ts';
import { GrupoCampos } from '../../../lib/forms/grupo-campos.tsx';
import { focusFirstInvalid, showServerErrors, zodFormOptions } from '../../../lib/forms/zod-form.ts';
import type { HistoriaWire } from '../../../lib/api/historias/get-historia.ts';
import { ANTECEDENTES, BANDERAS, FOTOTIPOS, type Antecedente, type Bandera } from '../historia-textos.ts';

export type HistoriaFormValues = Record<Antecedente, string> &
  Record<Bandera, boolean> & {
    otras_condiciones: string;
    detalles_anticonceptivos: string;
    /** '' (not known yet) or '1'..'6'. */
    fototipo: string;
    /** Only when a doctor creates a record: the patient's id, '' until chosen. */
    paciente_id: string;
  };

export type HistoriaPayload = TransformedValues<ReturnType<typeof useHistoriaForm>>;

const lineas = (v: string) =>
  v
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

export function valoresDe(h?: HistoriaWire): HistoriaFormValues {
  const base = Object.fromEntries(ANTECEDENTES.map((a) => [a.campo, (h?.antecedentes[a.campo] ?? []).join('\n')]));
  const banderas = Object.fromEntries(BANDERAS.map((b) => [b.campo, h?.[b.campo] ?? false]));
  return {
    ...(base as Record<Antecedente, string>),
    ...(banderas as Record<Bandera, boolean>),
    otras_condiciones: h?.otras_condiciones ?? '',
    detalles_anticonceptivos: h?.detalles_anticonceptivos ?? '',
    fototipo: h?.fototipo ? String(h.fototipo) : '',
    paciente_id: '',
  };
}

const MENSAJE_PACIENTE = 'Elige la paciente de esta historia clínica';
const MENSAJE_ANTICONCEPTIVOS = 'Cuéntanos qué método anticonceptivo usas';

function aEntrada(v: HistoriaFormValues, conPaciente: boolean) {
  return {
    ...(conPaciente && v.paciente_id ? { paciente_id: Number(v.paciente_id) } : {}),
    antecedentes: Object.fromEntries(ANTECEDENTES.map((a) => [a.campo, lineas(v[a.campo])])),
    otras_condiciones: v.otras_condiciones.trim() || null,
    ...Object.fromEntries(BANDERAS.map((b) => [b.campo, v[b.campo]])),
    detalles_anticonceptivos: v.usa_anticonceptivos ? v.detalles_anticonceptivos.trim() || null : null,
    fototipo: v.fototipo ? Number(v.fototipo) : null,
  };
}

/** zod names a wrong line 'antecedentes.alergias.2': the message goes on the 'alergias' field, with its line. */
function aCampos(errores: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [clave, mensaje] of Object.entries(errores)) {
    if (typeof mensaje !== 'string' && typeof mensaje !== 'number') continue;
    const partes = clave.split('.');
    if (partes[0] === 'antecedentes' && partes[1]) {
      const linea = partes[2] !== undefined ? `Línea ${Number(partes[2]) + 1}: ` : '';
      out[partes[1]] ??= `${linea}${String(mensaje)}`;
    } else out[partes[0]!] ??= String(mensaje);
  }
  return out;
}

function useHistoriaForm(initial: HistoriaFormValues, conPaciente: boolean) {
  const opciones = zodFormOptions({
    schema: crearHistoriaSchema,
    toInput: (v: HistoriaFormValues) => aEntrada(v, conPaciente),
    // The schema's object-level check waits for every field; these show with the others.
    extraErrors: (v) => ({
      detalles_anticonceptivos:
        v.usa_anticonceptivos && !v.detalles_anticonceptivos.trim() ? MENSAJE_ANTICONCEPTIVOS : undefined,
      paciente_id: conPaciente && !v.paciente_id ? MENSAJE_PACIENTE : undefined,
    }),
    dependents: { usa_anticonceptivos: ['detalles_anticonceptivos'] },
  });
  return useForm({
    initialValues: initial,
    ...opciones,
    validate: (v) => aCampos(opciones.validate(v)),
  });
}

type Props = {
  /** The record being edited; none for a new one. */
  historia?: HistoriaWire;
  /** The patient picker of a doctor creating a record (receives the field's props). */
  selectorPaciente?: (props: ReturnType<ReturnType<typeof useHistoriaForm>['getInputProps']>) => ReactNode;
  /** Questions in "tú" (the patient's intake) or as the record names them (staff). */
  paraPaciente?: boolean;
  submitLabel: string;
  cancelarA: string;
  onSubmit: (payload: HistoriaPayload) => Promise<unknown>;
  /** Called after a successful save, with the navigation allowed (the unsaved-changes prompt is off). */
  onGuardada: () => void;
  tituloFallo: string;
};

export function HistoriaForm({
  historia,
  selectorPaciente,
  paraPaciente = false,
  submitLabel,
  cancelarA,
  onSubmit,
  onGuardada,
  tituloFallo,
}: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useHistoriaForm(valoresDe(historia), !!selectorPaciente);
  const [fallo, setFallo] = useState<string | null>(null);
  const { aviso, permitirSalida } = useAvisoSalida(form.isDirty());

  const enviar = (datos: HistoriaPayload) => {
    setFallo(null);
    return onSubmit(datos).then(
      () => {
        permitirSalida();
        onGuardada();
      },
      (error: unknown) => {
        showServerErrors(form, error);
        const hayCampos = Object.keys(serverFieldErrors(error)).length > 0;
        const mensaje =
          hayCampos && error instanceof ApiClientError && error.code === 'VALIDACION'
            ? 'Revisa los campos marcados.'
            : mensajeDeError(error);
        setFallo(mensaje);
        notifications.show({ color: 'red', title: tituloFallo, message: mensaje });
        if (hayCampos) focusFirstInvalid(formRef.current);
      },
    );
  };

  const fototipoProps = form.getInputProps('fototipo');
  return (
    <form ref={formRef} onSubmit={(e) => form.onSubmit(enviar, () => focusFirstInvalid(formRef.current))(e)} noValidate>
      {aviso}
      <Stack gap="lg">
        {/* role="alert": announced as soon as it appears. */}
        {fallo && <AlertaFallo titulo={tituloFallo} mensaje={fallo} />}
        {selectorPaciente && (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="var(--clinica-superficie)">
            {selectorPaciente(form.getInputProps('paciente_id', { select: true }))}
          </Paper>
        )}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="var(--clinica-superficie)">
          <GrupoCampos titulo="Antecedentes">
            <Text size="sm" c="dimmed" mb="md">
              {paraPaciente
                ? 'Escribe uno por línea. Si no tienes ninguno, deja el espacio en blanco.'
                : 'Uno por línea; en blanco si no hay.'}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {ANTECEDENTES.map((a) => (
                <Textarea
                  key={a.campo}
                  label={a.etiqueta}
                  placeholder={`Ej.: ${a.ejemplo}`}
                  autosize
                  minRows={2}
                  maxRows={8}
                  {...form.getInputProps(a.campo)}
                />
              ))}
            </SimpleGrid>
          </GrupoCampos>
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="var(--clinica-superficie)">
          <GrupoCampos titulo={paraPaciente ? 'Tu salud' : 'Condiciones y hábitos'}>
            <Text size="sm" c="dimmed" mb="md">
              Marca lo que aplica{paraPaciente ? ' para ti' : ''}. Lo que no marques queda como «No».
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {BANDERAS.map((b) => {
                const props = form.getInputProps(b.campo, { type: 'checkbox' });
                const tarjeta = (
                  <Checkbox.Card
                    radius="md"
                    p="sm"
                    mih={48}
                    checked={!!props.checked}
                    onChange={(v) => (props.onChange as (v: boolean) => void)(v)}
                  >
                    <Group wrap="nowrap" align="center" gap="sm">
                      <Checkbox.Indicator />
                      <Text size="sm">{paraPaciente ? b.pregunta : b.etiqueta}</Text>
                    </Group>
                  </Checkbox.Card>
                );
                // The method is asked right below its question, across the whole row (the card stays the same
                // element, so it keeps the focus when ticked).
                const conMetodo = b.campo === 'usa_anticonceptivos' && form.values.usa_anticonceptivos;
                return (
                  <Fragment key={b.campo}>
                    {tarjeta}
                    {conMetodo && (
                      <div style={{ gridColumn: '1 / -1' }}>
                        <TextInput
                          label={paraPaciente ? '¿Qué método anticonceptivo usas?' : 'Método anticonceptivo'}
                          placeholder="Ej.: implante, píldora, DIU"
                          required
                          maxLength={500}
                          {...form.getInputProps('detalles_anticonceptivos')}
                        />
                      </div>
                    )}
                  </Fragment>
                );
              })}
            </SimpleGrid>
          </GrupoCampos>
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="var(--clinica-superficie)">
          <Radio.Group
            label="Fototipo (tipo de piel según Fitzpatrick)"
            description={
              paraPaciente
                ? '¿Cómo reacciona tu piel al sol? Si no lo sabes, elige «No lo sé»: tu médico lo define en la valoración.'
                : 'Cómo reacciona la piel al sol (I a VI).'
            }
            {...fototipoProps}
            labelProps={{ fw: 600, fz: 'md', mb: 4 }}
            descriptionProps={{ fz: 'sm' }}
          >
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" mt="md">
              {FOTOTIPOS.map((f) => (
                <Radio.Card key={f.valor} value={String(f.valor)} radius="md" p="sm" mih={48}>
                  <Group wrap="nowrap" align="center" gap="sm">
                    <Radio.Indicator />
                    <Text size="sm">
                      <Text span fw={700}>
                        {f.romano}
                      </Text>
                      {' · '}
                      {f.descripcion}
                    </Text>
                  </Group>
                </Radio.Card>
              ))}
              <Radio.Card value="" radius="md" p="sm" mih={48}>
                <Group wrap="nowrap" align="center" gap="sm">
                  <Radio.Indicator />
                  <Text size="sm">{paraPaciente ? 'No lo sé' : 'Sin definir'}</Text>
                </Group>
              </Radio.Card>
            </SimpleGrid>
          </Radio.Group>
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="var(--clinica-superficie)">
          <Textarea
            label="Otras condiciones"
            description={
              paraPaciente
                ? 'Algo más que tu médico deba saber: tratamientos recientes, reacciones a procedimientos, etc.'
                : 'Lo que no cabe en las listas anteriores.'
            }
            autosize
            minRows={3}
            maxRows={10}
            maxLength={2000}
            {...form.getInputProps('otras_condiciones')}
          />
        </Paper>
        <BotonesFormulario cancelarA={cancelarA} enviando={form.submitting}>
          {submitLabel}
        </BotonesFormulario>
      </Stack>
    </form>
  );
}
