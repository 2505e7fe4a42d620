// "Pagar en línea" (issue 23, items 3 and 7): only when the clinic offers online payment, for an upcoming appointment
// that is not cancelled. The server decides what is owed (the deposit, else the balance) and answers in Spanish when
// nothing is; the button then leaves for the provider's checkout. Without online payment, a deposit still owed gets a
// sentence in its place: pay it at the clinic, before the hold ends.
import { Button, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { formatFechaHora } from '../../lib/tiempo.ts';
import { horaSinCortes } from '../citas/anticipo-cita.tsx';
import { useConfigEnLinea, useIniciarPagoEnLinea } from '../../lib/api/pagos/en-linea.ts';

type AnticipoDebido = { estado: string; reserva_vence_en: string | Date | null };

export function BotonPagarEnLinea({
  cita,
}: {
  cita: {
    id: number;
    estado: string;
    tipo: string;
    inicio: string | Date;
    anticipo?: AnticipoDebido | null | undefined;
  };
}) {
  // A deposit still owed is what the server charges first (its hold ends when it is paid).
  const etiqueta = cita.anticipo?.estado === 'pendiente' ? 'Pagar anticipo' : 'Pagar en línea';
  const config = useConfigEnLinea();
  const iniciar = useIniciarPagoEnLinea();
  const [error, setError] = useState<string | null>(null);
  // The moment the card was shown: the server refuses a past appointment anyway.
  const [ahora] = useState(() => Date.now());
  const porVenir = new Date(cita.inicio).getTime() > ahora;
  if (cita.estado === 'cancelada' || cita.tipo === 'control' || !porVenir) return null;
  if (!config.data) return null;
  if (!config.data.habilitado) return <PagarEnLaClinica anticipo={cita.anticipo} />;
  const errorId = `pagar-${cita.id}-error`;
  return (
    <>
      <Button
        size="sm"
        leftSection={<IconCreditCard size={18} aria-hidden="true" />}
        loading={iniciar.isPending || iniciar.isSuccess}
        aria-describedby={error ? errorId : undefined}
        onClick={() => {
          setError(null);
          iniciar.mutate(cita.id, {
            onError: (err) => setError(mensajeDeError(err, 'No pudimos iniciar el pago. Inténtalo de nuevo.')),
          });
        }}
      >
        {etiqueta}
      </Button>
      {error && (
        <Text size="sm" c="red" id={errorId} role="alert" w="100%">
          {error}
        </Text>
      )}
    </>
  );
}

/**
 * Online payment off: where and until when the owed deposit is paid (nothing when no deposit is owed). Its amount is
 * already on the card and in the details, next to this.
 */
function PagarEnLaClinica({ anticipo }: { anticipo?: AnticipoDebido | null }) {
  if (anticipo?.estado !== 'pendiente') return null;
  const hasta = anticipo.reserva_vence_en
    ? `antes del ${horaSinCortes(formatFechaHora(anticipo.reserva_vence_en))}`
    : 'antes de tu cita';
  return (
    <Text size="sm" w="100%">
      Paga el anticipo en la recepción de la clínica {hasta} para conservar tu horario: en efectivo, con tarjeta, por
      transferencia o por Nequi/Daviplata.
    </Text>
  );
}
