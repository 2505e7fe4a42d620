// Move an appointment to another free time of the same doctor (the API keeps the doctor on a reschedule).
// A 409 HORARIO_OCUPADO shows the message and the next free times it offers. On a phone the modal takes the whole
// screen: in a floating one the calendar's seven columns did not fit at 360 px (Sunday was cut, issue 27.7).
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { finDeFrase } from '@clinica/contracts/tiempo';
import { formatFechaLarga, formatHora } from '../../../lib/tiempo.ts';
import { siguientesLibres } from '../../../lib/api/citas/crear-cita.ts';
import { useReagendarCita } from '../../../lib/api/citas/reagendar-cita.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import type { EspacioWire } from '../../../lib/api/disponibilidad/get-disponibilidad.ts';
import { HorariosSugeridos } from './horarios-sugeridos.tsx';
import { SelectorHorario } from './selector-horario.tsx';

export function ReagendarCitaModal({ cita, onClose }: { cita: CitaWire | null; onClose: () => void }) {
  const reagendar = useReagendarCita();
  const movil = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [espacio, setEspacio] = useState<EspacioWire | null>(null);

  const cerrar = () => {
    if (reagendar.isPending) return;
    setEspacio(null);
    reagendar.reset();
    onClose();
  };

  const confirmar = (e: EspacioWire | null = espacio) => {
    if (!cita || !e) return;
    reagendar.mutate(
      { id: cita.id, inicio: e.inicio },
      {
        onSuccess: (c) => {
          notifications.show({
            color: 'green',
            title: 'Cita reagendada',
            message: finDeFrase(`Te esperamos el ${formatFechaLarga(c.inicio)} a las ${formatHora(c.inicio)}`),
          });
          setEspacio(null);
          onClose();
        },
        onError: (err) => {
          if (siguientesLibres(err) === null)
            notifications.show({ color: 'red', title: 'No pudimos reagendar la cita', message: err.message });
        },
      },
    );
  };

  const sugeridos = siguientesLibres(reagendar.error);

  return (
    <Modal opened={cita !== null} onClose={cerrar} title="Reagendar cita" size="xl" padding="md" fullScreen={movil}>
      {cita && (
        <Stack gap="md">
          {/* «Hoy está el sábado…» read as "today is Saturday": say whose date it is (issue 27.7). No «el mismo
              doctor»: the doctor's gender is not known here (issue 27.12), and it read wrong for Dra. Vélez. */}
          <Text size="sm">
            Tu cita está agendada para el {formatFechaLarga(cita.inicio)} a las {formatHora(cita.inicio)} con{' '}
            {cita.doctor.nombre}. Elige el nuevo día y la nueva hora en su agenda.
          </Text>
          <SelectorHorario
            doctorId={cita.doctor.id}
            tipo={cita.tipo}
            procedimientoId={cita.procedimiento?.id ?? null}
            value={espacio}
            onChange={(e) => {
              setEspacio(e);
              reagendar.reset();
            }}
            excluirInicio={cita.inicio}
          />
          {reagendar.error && sugeridos !== null && (
            <HorariosSugeridos
              mensaje={reagendar.error.message}
              siguientes={sugeridos}
              onElegir={(e) => {
                setEspacio(e);
                confirmar(e);
              }}
            />
          )}
          {reagendar.error && sugeridos === null && (
            <Alert color="red" variant="light" role="alert">
              {reagendar.error.message}
            </Alert>
          )}
          {/* One line on phones too, so the confirm button never wraps out of view. */}
          <Group justify="flex-end" gap="xs" wrap="nowrap">
            <Button variant="default" onClick={cerrar} disabled={reagendar.isPending}>
              Volver
            </Button>
            <Button onClick={() => confirmar()} disabled={!espacio} loading={reagendar.isPending}>
              Confirmar nuevo horario
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
