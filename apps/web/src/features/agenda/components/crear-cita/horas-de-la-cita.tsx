// The free times of the chosen day, once the form knows enough to ask for them (a procedure appointment needs its
// procedure first).
import { Stack, Text } from '@mantine/core';
import { instanteLocal } from '@clinica/contracts/tiempo';
import type { FiltroDisponibilidad } from '../../../../lib/api/disponibilidad/get-disponibilidad.ts';
import { useDisponibilidad } from '../../../../lib/api/disponibilidad/get-disponibilidad.ts';
import { mensajeDeError } from '../../../../lib/forms/field-errors.ts';
import { formatFechaLarga, zonaClinica } from '../../../../lib/tiempo.ts';
import { claveEspacio, HorariosLibres } from '../horarios-libres.tsx';
import type { FormularioCita, ValoresCita } from './formulario-cita.ts';

/** The availability question the form asks, or null while the day (or the procedure) is missing. */
export function consultaDeHoras(v: ValoresCita): FiltroDisponibilidad | null {
  if (!v.dia || (v.tipo === 'procedimiento' && !v.procedimiento)) return null;
  return {
    doctor_id: v.doctor ? Number(v.doctor) : undefined,
    tipo: v.tipo,
    procedimiento_id: v.tipo === 'procedimiento' ? Number(v.procedimiento) : undefined,
    desde: v.dia,
    hasta: v.dia,
  };
}

type Props = { form: FormularioCita; nombreDoctor: (id: number) => string; onElegida: () => void };

export function HorasDeLaCita({ form, nombreDoctor, onElegida }: Props) {
  const { dia, espacio } = form.values;
  const consulta = consultaDeHoras(form.values);
  const libres = useDisponibilidad(consulta);
  if (!dia) return null;
  if (!consulta)
    return (
      <Text size="sm" c="dimmed">
        Elige el procedimiento para ver las horas libres.
      </Text>
    );
  return (
    <Stack gap={4}>
      <HorariosLibres
        legend={`Horas libres del ${formatFechaLarga(instanteLocal(dia, '12:00', zonaClinica))}`}
        espacios={libres.data}
        cargando={libres.isPending}
        error={libres.isError ? mensajeDeError(libres.error, 'No pudimos cargar las horas libres.') : null}
        value={espacio ? claveEspacio(espacio) : null}
        onChange={(_k, e) => {
          form.setFieldValue('espacio', e);
          form.clearFieldError('espacio');
          onElegida();
        }}
        nombreDoctor={nombreDoctor}
      />
      {form.errors.espacio && (
        <Text size="sm" c="red" role="alert">
          {form.errors.espacio}
        </Text>
      )}
    </Stack>
  );
}
