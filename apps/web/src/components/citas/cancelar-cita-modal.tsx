// Cancelling is destructive: the modal says what happens and asks for the reason the API requires (3 to 500
// characters, the contracts' rule). One modal for every screen (issue 22): the desk's wording names the patient
// and the doctor; a patient's states the 24-hour rule.
import { CANCELACION_HORAS_AVISO, MENSAJES_CITAS, type DestinoAnticipo } from '@clinica/contracts/citas';
import { Alert, Button, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarX, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCancelarCita } from '../../lib/api/citas/cancelar-cita.ts';
import type { CitaWire } from '../../lib/api/citas/tipos.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { formatCOP } from '../../lib/format.ts';
import { formatFechaHora, formatFechaLarga, formatHora } from '../../lib/tiempo.ts';
import { AccionesDialogo } from '../acciones-dialogo.tsx';
import { conAvisoSuficiente } from './anticipo-cita.tsx';

const MINIMO = 3;

type Props = {
  cita: CitaWire | null;
  onClose: () => void;
  /** The patient's own appointment: her wording and the 24-hour rule. */
  paraPaciente?: boolean;
};

export function CancelarCitaModal({ cita, onClose, paraPaciente = false }: Props) {
  // Keeps the content while the modal closes (its animation outlives `cita`).
  const [ultima, setUltima] = useState<CitaWire | null>(cita);
  if (cita && cita !== ultima) setUltima(cita);
  const c = cita ?? ultima;
  return (
    <Modal opened={!!cita} onClose={onClose} title={paraPaciente ? '¿Cancelar esta cita?' : '¿Cancelar la cita?'}>
      {c && <Contenido key={c.id} cita={c} onClose={onClose} paraPaciente={paraPaciente} />}
    </Modal>
  );
}

function Contenido({ cita, onClose, paraPaciente }: { cita: CitaWire; onClose: () => void; paraPaciente: boolean }) {
  const [motivo, setMotivo] = useState('');
  const [intento, setIntento] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelar = useCancelarCita();
  const corto = motivo.trim().length < MINIMO;
  // A paid deposit follows the cancellation policy (docs/dinero.md): refunded or credited with enough notice (she
  // chooses), retained otherwise. The server decides; this says it beforehand.
  const [destino, setDestino] = useState<DestinoAnticipo | null>(null);
  const anticipoPagado = cita.anticipo?.estado === 'pagado' ? cita.anticipo : null;
  const aTiempo = conAvisoSuficiente(cita.inicio);
  const eligeDestino = !!anticipoPagado && aTiempo;
  const sinDestino = eligeDestino && !destino;

  function confirmar() {
    setIntento(true);
    if (corto || sinDestino) return;
    setError(null);
    cancelar.mutate(
      { id: cita.id, motivo: motivo.trim(), ...(eligeDestino && destino ? { anticipo: destino } : {}) },
      {
        onSuccess: (c) => {
          notifications.show(
            paraPaciente
              ? { color: 'green', message: 'La cita quedó cancelada.' }
              : {
                  color: 'green',
                  title: 'Cita cancelada',
                  message: `La cita de ${c.usuario.nombre} del ${formatFechaHora(c.inicio)} quedó cancelada.`,
                },
          );
          onClose();
        },
        onError: (err) => {
          if (paraPaciente)
            notifications.show({ color: 'red', title: 'No pudimos cancelar la cita', message: err.message });
          else setError(mensajeDeError(err, 'No pudimos cancelar la cita. Inténtalo de nuevo.'));
        },
      },
    );
  }

  return (
    <Stack gap="md">
      {paraPaciente ? (
        <>
          <Text size="sm">
            Se cancelará la cita del {formatFechaLarga(cita.inicio)} a las {formatHora(cita.inicio)} con{' '}
            {cita.doctor.nombre}. El horario quedará libre para otra persona.
          </Text>
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
            {MENSAJES_CITAS.tarde}
          </Alert>
        </>
      ) : (
        <Text size="sm">
          La cita de {cita.usuario.nombre} con {cita.doctor.nombre} del {formatFechaHora(cita.inicio)} quedará cancelada
          y ese horario volverá a estar libre. Una cita cancelada no se puede modificar.
        </Text>
      )}
      {anticipoPagado && eligeDestino && (
        <Radio.Group
          label={
            <>
              ¿Qué hacemos con el anticipo de <Pesos monto={anticipoPagado.monto} />?
            </>
          }
          description={`Cancelas con al menos ${CANCELACION_HORAS_AVISO} horas de anticipación: tú eliges.`}
          value={destino}
          onChange={(v) => setDestino(v as DestinoAnticipo)}
          error={intento && sinDestino ? MENSAJES_CITAS.eligeDestinoAnticipo : undefined}
          required
        >
          <Stack gap="xs" mt="xs">
            <Radio value="devolucion" label="Devolvérmelo" description="La clínica te devuelve el dinero." />
            <Radio
              value="saldo_a_favor"
              label="Dejarlo como saldo a favor"
              description="Lo usas para pagar una próxima cita."
            />
          </Stack>
        </Radio.Group>
      )}
      {anticipoPagado && !eligeDestino && (
        <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
          Faltan menos de {CANCELACION_HORAS_AVISO} horas para la cita: por la política de cancelación, el anticipo de{' '}
          <Pesos monto={anticipoPagado.monto} /> queda retenido.
        </Alert>
      )}
      <Textarea
        label="Motivo de la cancelación"
        description={paraPaciente ? 'Cuéntanos brevemente por qué.' : 'Queda en la cita y en el registro de cambios.'}
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
      <AccionesDialogo onVolver={onClose} ocupado={cancelar.isPending}>
        {/* red.9: white text on Mantine's default filled red is under 4.5:1. */}
        <Button
          color="red.9"
          onClick={confirmar}
          loading={cancelar.isPending}
          leftSection={<IconCalendarX size={18} aria-hidden="true" />}
        >
          Cancelar cita
        </Button>
      </AccionesDialogo>
    </Stack>
  );
}

/** An amount that never breaks between «$» and its digits (at 375 px the label read «… anticipo de $» / «100.000?»). */
function Pesos({ monto }: { monto: number }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatCOP(monto)}</span>;
}
