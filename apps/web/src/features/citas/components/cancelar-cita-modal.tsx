// Cancel an appointment with a reason (confirmation of a destructive action): says what will happen and the
// 24-hour rule for patients; the reason follows the contracts' rule (3 to 500 characters).
import { MENSAJES_CITAS } from '@clinica/contracts/citas';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { formatFechaLarga, formatHora } from '../../../lib/tiempo.ts';
import { useCancelarCita } from '../../../lib/api/citas/cancelar-cita.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';

export function CancelarCitaModal({
  cita,
  onClose,
  paraPaciente,
}: {
  cita: CitaWire | null;
  onClose: () => void;
  /** The patient's own appointment: states the 24-hour rule. */
  paraPaciente: boolean;
}) {
  const cancelar = useCancelarCita();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);

  const cerrar = () => {
    if (cancelar.isPending) return;
    setMotivo('');
    setError(null);
    cancelar.reset();
    onClose();
  };

  const confirmar = () => {
    if (!cita) return;
    const texto = motivo.trim();
    if (texto.length < 3) {
      setError('Escribe el motivo de la cancelación (mínimo 3 caracteres)');
      return;
    }
    cancelar.mutate(
      { id: cita.id, motivo: texto },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'La cita quedó cancelada.' });
          setMotivo('');
          onClose();
        },
        onError: (e) => notifications.show({ color: 'red', title: 'No pudimos cancelar la cita', message: e.message }),
      },
    );
  };

  return (
    <Modal opened={cita !== null} onClose={cerrar} title="¿Cancelar esta cita?">
      {cita && (
        <Stack gap="md">
          <Text size="sm">
            Se cancelará la cita del {formatFechaLarga(cita.inicio)} a las {formatHora(cita.inicio)} con{' '}
            {cita.doctor.nombre}. El horario quedará libre para otra persona.
          </Text>
          {paraPaciente && (
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
              {MENSAJES_CITAS.tarde}
            </Alert>
          )}
          <Textarea
            label="Motivo de la cancelación"
            description="Cuéntanos brevemente por qué."
            required
            autosize
            minRows={2}
            maxLength={500}
            value={motivo}
            error={error}
            onChange={(e) => {
              setMotivo(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cerrar} disabled={cancelar.isPending}>
              Volver
            </Button>
            {/* red.9: white text on Mantine's default filled red is under 4.5:1. */}
            <Button color="red.9" onClick={confirmar} loading={cancelar.isPending}>
              Cancelar cita
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
