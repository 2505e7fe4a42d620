// The answer to a 409 HORARIO_OCUPADO: the server's message and the next free times it offers, as buttons.
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { formatFecha, formatHora } from '../../../lib/tiempo.ts';
import type { EspacioWire } from '../../../lib/api/disponibilidad/get-disponibilidad.ts';

export function HorariosSugeridos({
  mensaje,
  siguientes,
  onElegir,
  nombreDoctor,
}: {
  mensaje: string;
  siguientes: EspacioWire[];
  onElegir: (e: EspacioWire) => void;
  nombreDoctor?: (id: number) => string | undefined;
}) {
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      title="Ese horario se acaba de ocupar"
      icon={<IconClockExclamation size={20} aria-hidden="true" />}
    >
      <Text size="sm">{mensaje}</Text>
      {siguientes.length > 0 ? (
        <>
          <Text size="sm" fw={600} mt="sm" mb="xs">
            Estos horarios siguen libres:
          </Text>
          <Group gap="xs">
            {siguientes.map((e) => {
              const quien = nombreDoctor?.(e.doctor_id);
              return (
                <Button key={`${e.inicio}-${e.doctor_id}`} variant="default" size="sm" onClick={() => onElegir(e)}>
                  {formatFecha(e.inicio)} · {formatHora(e.inicio)}
                  {quien ? ` · ${quien}` : ''}
                </Button>
              );
            })}
          </Group>
        </>
      ) : (
        <Text size="sm" mt="xs">
          Elige otro día en el calendario.
        </Text>
      )}
    </Alert>
  );
}
