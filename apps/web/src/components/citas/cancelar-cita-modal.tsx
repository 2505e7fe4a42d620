// Cancelling is destructive: the modal says what happens and asks for the reason the API requires (3 to 500
// characters, the contracts' rule). One modal for every screen (issue 22): the desk's wording names the patient
// and the doctor; a patient's speaks to her. With a paid deposit it states what happens to it under the clinic's
// policy (its hours read from the server): her choice of refund or credit in time, retained after.
import { MENSAJES_CITAS, type DestinoAnticipo } from '@clinica/contracts/citas';
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarX, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCancelarCita } from '../../lib/api/citas/cancelar-cita.ts';
import { usePoliticaCitas } from '../../lib/api/citas/get-politica.ts';
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
  /** The patient's own appointment: her wording. */
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
  // chooses), retained otherwise. The server decides with its own hours (read here, never assumed); this says it
  // beforehand. Unknown hours (the read failed): the choice is offered and the server keeps it only if in time.
  const [destino, setDestino] = useState<DestinoAnticipo | null>(null);
  const anticipoPagado = cita.anticipo?.estado === 'pagado' ? cita.anticipo : null;
  const politica = usePoliticaCitas(!!anticipoPagado);
  const horas = politica.data?.cancelacion_horas_aviso;
  const aTiempo = horas === undefined || conAvisoSuficiente(cita.inicio, horas);
  const eligeDestino = !!anticipoPagado && !politica.isPending && aTiempo;
  const sinDestino = eligeDestino && !destino;
  const esperandoPolitica = !!anticipoPagado && politica.isPending;

  function confirmar() {
    setIntento(true);
    if (corto || sinDestino || esperandoPolitica) return;
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
        <Text size="sm">
          Vas a cancelar tu cita del {formatFechaLarga(cita.inicio)} a las {formatHora(cita.inicio)} con{' '}
          {cita.doctor.nombre}. Ese horario quedará disponible para otra persona.
        </Text>
      ) : (
        <Text size="sm">
          La cita de {cita.usuario.nombre} con {cita.doctor.nombre} del {formatFechaHora(cita.inicio)} quedará cancelada
          y ese horario volverá a estar libre. Una cita cancelada no se puede modificar.
        </Text>
      )}
      {cita.anticipo?.estado === 'pendiente' && (
        <Text size="sm" c="dimmed">
          {paraPaciente
            ? 'Como aún no has pagado el anticipo, no hay nada que cobrarte ni que devolverte.'
            : 'El anticipo no se había pagado: no hay nada que devolver ni que retener.'}
        </Text>
      )}
      {esperandoPolitica && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Consultando la política de cancelación…</Text>
        </Group>
      )}
      {anticipoPagado && eligeDestino && (
        <Radio.Group
          label={
            paraPaciente ? (
              <>
                ¿Qué hacemos con tu anticipo de <Pesos monto={anticipoPagado.monto} />?
              </>
            ) : (
              <>
                ¿Qué prefiere la paciente con su anticipo de <Pesos monto={anticipoPagado.monto} />?
              </>
            )
          }
          description={
            horas === undefined
              ? 'Si la cita se cancela con la anticipación que pide la política de la clínica, el anticipo no se pierde: se devuelve o queda como saldo a favor.'
              : paraPaciente
                ? `Como cancelas con ${horas} horas o más de anticipación, no pierdes tu anticipo. Elige qué prefieres:`
                : `Se cancela con ${horas} horas o más de anticipación: el anticipo no se pierde y la paciente elige.`
          }
          value={destino}
          onChange={(v) => setDestino(v as DestinoAnticipo)}
          error={intento && sinDestino ? MENSAJES_CITAS.eligeDestinoAnticipo : undefined}
          required
        >
          <Stack gap="sm" mt="xs">
            <Radio
              value="devolucion"
              label={paraPaciente ? 'Quiero que me lo devuelvan' : 'Devolverle el dinero'}
              description={
                paraPaciente
                  ? 'La recepción de la clínica te devuelve el dinero y te avisamos cuando la devolución esté hecha.'
                  : 'Queda pendiente en la caja hasta que la recepción la registre; entonces le avisamos a la paciente.'
              }
            />
            <Radio
              value="saldo_a_favor"
              label="Dejarlo como saldo a favor"
              description={
                paraPaciente
                  ? 'Queda a tu nombre en la clínica y lo puedes usar para pagar tu próxima cita.'
                  : 'Queda a su nombre y se descuenta de lo que pague en una próxima cita.'
              }
            />
          </Stack>
        </Radio.Group>
      )}
      {anticipoPagado && horas !== undefined && !aTiempo && (
        <Alert
          variant="light"
          color="orange"
          title={paraPaciente ? 'Tu anticipo no se devuelve' : 'El anticipo queda retenido'}
          icon={<IconInfoCircle size={18} aria-hidden="true" />}
        >
          Faltan menos de {horas} horas para la cita. Según la política de cancelación, la clínica conserva el anticipo
          de <Pesos monto={anticipoPagado.monto} />.
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
