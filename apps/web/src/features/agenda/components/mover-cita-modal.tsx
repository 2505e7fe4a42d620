// "Mover": the keyboard way to reschedule (the calendar also takes drag and drop). The person picks a day and
// one of the doctor's free times for this appointment's type and procedure; the server has the last word.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconArrowsMove, IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { esDiaNoHabil, fechaEnZona, instanteLocal } from '@clinica/contracts/tiempo';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { formatFechaHora, formatFechaLarga, hoy, zonaClinica } from '../../../lib/tiempo.ts';
import { useDisponibilidad, useReagendarCita, type CitaWire } from '../api/agenda-api.ts';
import { HorariosLibres } from './horarios-libres.tsx';

export function MoverCitaModal({ cita, onClose }: { cita: CitaWire | null; onClose: () => void }) {
  // Keep the last appointment while the modal animates out.
  const [ultima, setUltima] = useState<CitaWire | null>(cita);
  if (cita && cita !== ultima) setUltima(cita);
  const c = cita ?? ultima;
  return (
    <Modal opened={!!cita} onClose={onClose} title="Mover la cita" size="lg">
      {c && <Contenido key={c.id} cita={c} onClose={onClose} />}
    </Modal>
  );
}

function Contenido({ cita, onClose }: { cita: CitaWire; onClose: () => void }) {
  const diaActual = fechaEnZona(new Date(cita.inicio), zonaClinica);
  const [dia, setDia] = useState<string | null>(diaActual < hoy() ? hoy() : diaActual);
  const [inicio, setInicio] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const libres = useDisponibilidad(
    dia
      ? {
          doctor_id: cita.doctor.id,
          tipo: cita.tipo,
          procedimiento_id: cita.tipo === 'procedimiento' ? cita.procedimiento?.id : undefined,
          desde: dia,
          hasta: dia,
        }
      : null,
  );
  const mover = useReagendarCita();

  function confirmar() {
    if (!inicio) return;
    setError(null);
    mover.mutate(
      { id: cita.id, inicio },
      {
        onSuccess: (c) => {
          notifications.show({
            color: 'green',
            title: 'Cita movida',
            message: `La cita de ${c.usuario.nombre} quedó para el ${formatFechaHora(c.inicio)}`,
          });
          onClose();
        },
        onError: (err) => setError(mensajeDeError(err, 'No pudimos mover la cita. Inténtalo de nuevo.')),
      },
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        {cita.usuario.nombre} con {cita.doctor.nombre}. Hora actual: {formatFechaHora(cita.inicio)}
      </Text>
      <DatePickerInput
        label="Nuevo día"
        value={dia}
        onChange={(d) => {
          setDia(d);
          setInicio(null);
        }}
        minDate={hoy()}
        excludeDate={esDiaNoHabil}
        valueFormat="DD/MM/YYYY"
        leftSection={<IconCalendar size={16} aria-hidden="true" />}
        popoverProps={{ withinPortal: true }}
      />
      {dia && (
        <HorariosLibres
          legend={`Horas libres del ${formatFechaLarga(instanteLocal(dia, '12:00', zonaClinica))}`}
          espacios={libres.data}
          cargando={libres.isPending}
          error={libres.isError ? mensajeDeError(libres.error, 'No pudimos cargar los horarios libres.') : null}
          value={inicio ? `${cita.doctor.id}|${inicio}` : null}
          onChange={(_k, e) => setInicio(e.inicio)}
        />
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" title="No se movió la cita">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={mover.isPending}>
          Volver
        </Button>
        <Button
          onClick={confirmar}
          disabled={!inicio}
          loading={mover.isPending}
          leftSection={<IconArrowsMove size={18} aria-hidden="true" />}
        >
          Mover cita
        </Button>
      </Group>
    </Stack>
  );
}
