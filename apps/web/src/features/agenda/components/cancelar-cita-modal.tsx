// Cancelling is destructive: the modal says what happens and asks for the reason the API requires.
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarX } from '@tabler/icons-react';
import { useState } from 'react';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { formatFechaHora } from '../../../lib/tiempo.ts';
import { useCancelarCita } from '../../../lib/api/citas/cancelar-cita.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';

const MINIMO = 3;

export function CancelarCitaModal({ cita, onClose }: { cita: CitaWire | null; onClose: () => void }) {
  const [ultima, setUltima] = useState<CitaWire | null>(cita);
  if (cita && cita !== ultima) setUltima(cita);
  const c = cita ?? ultima;
  return (
    <Modal opened={!!cita} onClose={onClose} title="¿Cancelar la cita?">
      {c && <Contenido key={c.id} cita={c} onClose={onClose} />}
    </Modal>
  );
}

function Contenido({ cita, onClose }: { cita: CitaWire; onClose: () => void }) {
  const [motivo, setMotivo] = useState('');
  const [intento, setIntento] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelar = useCancelarCita();
  const corto = motivo.trim().length < MINIMO;

  function confirmar() {
    setIntento(true);
    if (corto) return;
    setError(null);
    cancelar.mutate(
      { id: cita.id, motivo: motivo.trim() },
      {
        onSuccess: (c) => {
          notifications.show({
            color: 'green',
            title: 'Cita cancelada',
            message: `La cita de ${c.usuario.nombre} del ${formatFechaHora(c.inicio)} quedó cancelada.`,
          });
          onClose();
        },
        onError: (err) => setError(mensajeDeError(err, 'No pudimos cancelar la cita. Inténtalo de nuevo.')),
      },
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        La cita de {cita.usuario.nombre} con {cita.doctor.nombre} del {formatFechaHora(cita.inicio)} quedará cancelada y
        ese horario volverá a estar libre. Una cita cancelada no se puede modificar.
      </Text>
      <Textarea
        label="Motivo de la cancelación"
        description="Queda en la cita y en el registro de cambios."
        value={motivo}
        onChange={(e) => setMotivo(e.currentTarget.value)}
        error={intento && corto ? `Escribe el motivo de la cancelación (mínimo ${MINIMO} caracteres)` : undefined}
        required
        autosize
        minRows={2}
        maxLength={500}
        data-autofocus
      />
      {error && (
        <Alert color="red" variant="light" role="alert" title="No se canceló la cita">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={cancelar.isPending}>
          Volver
        </Button>
        <Button
          color="red"
          onClick={confirmar}
          loading={cancelar.isPending}
          leftSection={<IconCalendarX size={18} aria-hidden="true" />}
        >
          Cancelar cita
        </Button>
      </Group>
    </Stack>
  );
}
