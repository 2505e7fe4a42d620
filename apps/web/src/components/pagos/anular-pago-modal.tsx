// An administrator voids a payment (issue 23): the payment stays as it was and a void with the reason is recorded;
// its receipt then says ANULADO and the day's cash close counts it. The reason is required (5 to 500 characters).
import { MOTIVO_ANULACION_MAX, MOTIVO_ANULACION_MIN } from '@clinica/contracts/pagos';
import { Alert, Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconReceiptOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useAnularPago } from '../../lib/api/pagos/anular-pago.ts';
import type { PagoWire } from '../../lib/api/pagos/tipos.ts';
import { formatCOP } from '../../lib/format.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { AccionesDialogo } from '../acciones-dialogo.tsx';

export function AnularPagoModal({ pago, onClose }: { pago: PagoWire | null; onClose: () => void }) {
  // Keeps the content while the modal closes (its animation outlives `pago`).
  const [ultimo, setUltimo] = useState<PagoWire | null>(pago);
  if (pago && pago !== ultimo) setUltimo(pago);
  const p = pago ?? ultimo;
  return (
    <Modal opened={!!pago} onClose={onClose} title="¿Anular este pago?">
      {p && <Contenido key={p.id} pago={p} onClose={onClose} />}
    </Modal>
  );
}

function Contenido({ pago, onClose }: { pago: PagoWire; onClose: () => void }) {
  const [motivo, setMotivo] = useState('');
  const [intento, setIntento] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const anular = useAnularPago();
  const largo = motivo.trim().length;
  const invalido =
    largo < MOTIVO_ANULACION_MIN
      ? `Escribe el motivo de la anulación (mínimo ${MOTIVO_ANULACION_MIN} caracteres)`
      : largo > MOTIVO_ANULACION_MAX
        ? `Máximo ${MOTIVO_ANULACION_MAX} caracteres`
        : null;

  function confirmar() {
    setIntento(true);
    if (invalido) return;
    setError(null);
    anular.mutate(
      { id: pago.id, motivo: motivo.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'El pago quedó anulado.' });
          onClose();
        },
        onError: (e) => setError(mensajeDeError(e, 'No pudimos anular el pago. Inténtalo de nuevo.')),
      },
    );
  }

  return (
    <Stack gap="md">
      {/* The amount never breaks after its «$» (it did, at the end of a line, at 1366 px). */}
      <Text>
        {pago.descripcion} · <strong style={{ whiteSpace: 'nowrap' }}>{formatCOP(pago.monto)}</strong> ·{' '}
        {pago.paciente.nombre}
      </Text>
      <Text size="sm" c="dimmed">
        El pago no se borra: queda anulado con tu motivo, su recibo dirá ANULADO y la caja de hoy lo descuenta.
      </Text>
      <Textarea
        label="Motivo de la anulación"
        required
        autosize
        minRows={2}
        maxLength={MOTIVO_ANULACION_MAX}
        value={motivo}
        onChange={(e) => setMotivo(e.currentTarget.value)}
        error={intento ? invalido : null}
        data-autofocus
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <AccionesDialogo onVolver={onClose} ocupado={anular.isPending}>
        <Button
          color="red"
          onClick={confirmar}
          loading={anular.isPending}
          leftSection={<IconReceiptOff size={18} aria-hidden="true" />}
        >
          Anular pago
        </Button>
      </AccionesDialogo>
    </Stack>
  );
}
