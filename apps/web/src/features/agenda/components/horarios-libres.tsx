// Free times of a day as a radio group (arrow keys move between them), split into morning and afternoon.
// With several doctors the same time may appear once per doctor, each labelled with the doctor's name.
import { Alert, Chip, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { horaEnZona } from '@clinica/contracts/tiempo';
import { formatHora, zonaClinica } from '../../../lib/tiempo.ts';
import type { EspacioWire } from '../../../lib/api/disponibilidad/get-disponibilidad.ts';
import classes from './horarios-libres.module.css';

/** One value per free time and doctor: 'doctorId|inicio'. */
export const claveEspacio = (e: EspacioWire) => `${e.doctor_id}|${e.inicio}`;

type Props = {
  espacios: EspacioWire[] | undefined;
  cargando: boolean;
  error?: string | null | undefined;
  value: string | null;
  onChange: (clave: string, espacio: EspacioWire) => void;
  /** Doctor names, shown when the list mixes doctors. */
  nombreDoctor?: (id: number) => string;
  legend?: string;
  /** Shown when the day has no free time. */
  vacio?: string;
};

export function HorariosLibres({
  espacios,
  cargando,
  error,
  value,
  onChange,
  nombreDoctor,
  legend = 'Hora libre',
  vacio = 'No quedan horarios libres ese día. Prueba con otro día u otro doctor.',
}: Props) {
  let contenido;
  if (cargando) {
    contenido = (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Buscando horarios libres…
        </Text>
      </Group>
    );
  } else if (error) {
    contenido = (
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>
    );
  } else if (!espacios || espacios.length === 0) {
    contenido = (
      <Group gap="xs" c="dimmed">
        <IconCalendarOff size={18} aria-hidden="true" />
        <Text size="sm">{vacio}</Text>
      </Group>
    );
  } else {
    const varios = new Set(espacios.map((e) => e.doctor_id)).size > 1;
    const manana = espacios.filter((e) => horaEnZona(new Date(e.inicio), zonaClinica) < '12:00');
    const tarde = espacios.filter((e) => horaEnZona(new Date(e.inicio), zonaClinica) >= '12:00');
    const grupo = (titulo: string, lista: EspacioWire[]) =>
      lista.length > 0 && (
        <Stack gap={6}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
            {titulo}
          </Text>
          <Group gap={8}>
            {lista.map((e) => {
              const clave = claveEspacio(e);
              return (
                <Chip
                  key={clave}
                  type="radio"
                  name="hora-libre"
                  value={clave}
                  checked={value === clave}
                  onChange={() => onChange(clave, e)}
                  variant="outline"
                  classNames={{ label: classes.hora }}
                >
                  {formatHora(e.inicio)}
                  {varios && nombreDoctor ? ` · ${nombreDoctor(e.doctor_id)}` : ''}
                </Chip>
              );
            })}
          </Group>
        </Stack>
      );
    contenido = (
      <Stack gap="sm">
        {grupo('Mañana', manana)}
        {grupo('Tarde', tarde)}
      </Stack>
    );
  }
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500} mb={6}>
        {legend}
      </Text>
      {contenido}
    </fieldset>
  );
}
