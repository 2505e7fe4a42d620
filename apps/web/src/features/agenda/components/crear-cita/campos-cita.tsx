// Type of appointment, procedure (for a procedure appointment), doctor (or any) and day (Sundays and holidays
// disabled). Changing any of them changes the free times: the chosen time and the last failure are dropped.
import { Grid, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { TipoCita } from '@clinica/contracts/citas';
import { esDiaNoHabil } from '@clinica/contracts/tiempo';
import type { DoctorWire } from '../../../../lib/api/doctores/get-doctores.ts';
import { mensajeDeError } from '../../../../lib/forms/field-errors.ts';
import { hoy } from '../../../../lib/tiempo.ts';
import { nombreTipo, tiposCita } from '../../agenda-textos.ts';
import type { FormularioCita, ValoresCita } from './formulario-cita.ts';

type Procedimiento = {
  id: number;
  nombre: string;
  activo: boolean;
  duracion_minutos: number;
  requiere_evaluacion: boolean;
};
type Consulta<T> = { data: T | undefined; isPending: boolean; isError: boolean; error: unknown };

type Props = {
  form: FormularioCita;
  procedimientos: Consulta<{ items: Procedimiento[] }>;
  doctores: Consulta<DoctorWire[]>;
  /** The free times are stale: forget the chosen one and the last failure. */
  onCambio: () => void;
};

export function CamposCita({ form, procedimientos, doctores, onCambio }: Props) {
  const { tipo, procedimiento: procedimientoId, doctor, dia } = form.values;
  const procedimiento = procedimientos.data?.items.find((p) => String(p.id) === procedimientoId) ?? null;
  const cambiar = (cambio: Partial<Pick<ValoresCita, 'tipo' | 'procedimiento' | 'doctor' | 'dia'>>) => {
    form.setValues(cambio);
    for (const campo of Object.keys(cambio)) form.clearFieldError(campo);
    onCambio();
  };

  return (
    <>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="tipo-cita-label">
          Tipo de cita
        </Text>
        <SegmentedControl
          aria-labelledby="tipo-cita-label"
          value={tipo}
          onChange={(v) => cambiar({ tipo: v as TipoCita })}
          data={tiposCita.map((t) => ({ value: t, label: nombreTipo[t] }))}
          fullWidth
          maw={480}
        />
      </Stack>

      {tipo === 'procedimiento' && (
        <Select
          label="Procedimiento"
          placeholder={procedimientos.isPending ? 'Cargando procedimientos…' : 'Elige el procedimiento'}
          searchable
          required
          data={(procedimientos.data?.items ?? [])
            .filter((p) => p.activo)
            .map((p) => ({ value: String(p.id), label: p.nombre }))}
          value={procedimientoId || null}
          onChange={(v) => cambiar({ procedimiento: v ?? '' })}
          nothingFoundMessage="Ningún procedimiento coincide"
          error={
            form.errors.procedimiento ??
            (procedimientos.isError
              ? mensajeDeError(procedimientos.error, 'No pudimos cargar los procedimientos.')
              : undefined)
          }
          description={
            procedimiento
              ? `${procedimiento.duracion_minutos} min${procedimiento.requiere_evaluacion ? ' · requiere una evaluación previa realizada' : ''}`
              : undefined
          }
        />
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label="Doctor"
            data={[
              { value: '', label: 'Cualquier doctor' },
              ...(doctores.data ?? []).map((d) => ({ value: String(d.id), label: d.nombre })),
            ]}
            value={doctor}
            onChange={(v) => cambiar({ doctor: v ?? '' })}
            allowDeselect={false}
            // A description as the day's has, so the two fields' boxes line up side by side (they did not at 1366).
            description="Si no eliges, cualquiera con horas libres."
            error={doctores.isError ? mensajeDeError(doctores.error, 'No pudimos cargar los doctores.') : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DatePickerInput
            label="Día"
            placeholder="Elige el día"
            // Mantine's picker placeholder is too pale for AA; the dimmed text colour passes.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            required
            value={dia}
            onChange={(d) => cambiar({ dia: d })}
            minDate={hoy()}
            excludeDate={esDiaNoHabil}
            valueFormat="DD/MM/YYYY"
            leftSection={<IconCalendar size={16} aria-hidden="true" />}
            error={form.errors.dia}
            description="No se atiende domingos ni festivos."
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
