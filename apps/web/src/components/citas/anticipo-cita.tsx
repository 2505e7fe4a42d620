// An appointment's deposit (issue 23, item 2; docs/dinero.md "Anticipos y política de cancelación"): a small badge
// (lists, cards, the calendar) and a sentence (details) saying what is owed, until when the slot is held, or what
// became of it (paid, retained, refunded, credit). Colour and text (DESIGN: never colour alone).
import { estadoAnticipoNombres, type EstadoAnticipo } from '@clinica/contracts/citas';
import { Text } from '@mantine/core';
import type { Estado } from '../../app/theme.ts';
import type { CitaWire } from '../../lib/api/citas/tipos.ts';
import { formatCOP } from '../../lib/format.ts';
import { formatFechaHora } from '../../lib/tiempo.ts';
import { CitaBadge } from '../cita-badges.tsx';

/** Cancelled now, a paid deposit is refundable: `horas` is the server's CANCELACION_HORAS_AVISO (usePoliticaCitas). */
export const conAvisoSuficiente = (inicio: string, horas: number, ahora = Date.now()) =>
  Date.parse(inicio) - ahora >= horas * 3_600_000;
/** A no-show can be marked once the appointment's time has come. */
export const yaEmpezo = (inicio: string, ahora = Date.now()) => Date.parse(inicio) <= ahora;

const TONOS: Record<EstadoAnticipo, Estado> = {
  pendiente: 'warning',
  pagado: 'success',
  vencido: 'danger',
  no_pagado: 'danger',
  retenido: 'danger',
  devolucion_pendiente: 'warning',
  devuelto: 'info',
  saldo_a_favor: 'info',
};

export function AnticipoBadge({ anticipo, size }: { anticipo: CitaWire['anticipo']; size?: 'sm' | 'md' | 'lg' }) {
  if (!anticipo) return null;
  return (
    <CitaBadge
      tono={TONOS[anticipo.estado]}
      texto={`${estadoAnticipoNombres[anticipo.estado]} · ${formatCOP(anticipo.monto)}`}
      size={size}
    />
  );
}

/** «11:22 p. m.» on one line: non-breaking spaces before and inside «p. m.» (at 375 px it broke as «p.» / «m.»). */
export const horaSinCortes = (texto: string) => texto.replace(/ (?=[ap]\. m\.)|(?<=[ap]\.) (?=m\.)/g, '\u00a0');

/** The deposit in one sentence, for the details and the patient's card. */
export function textoAnticipo(a: NonNullable<CitaWire['anticipo']>): string {
  const monto = formatCOP(a.monto);
  switch (a.estado) {
    case 'pendiente':
      return a.reserva_vence_en
        ? // The time ends in «p. m.»: a semicolon after it, not a second period.
          `Anticipo de ${monto} pendiente: el horario está reservado hasta el ${horaSinCortes(formatFechaHora(a.reserva_vence_en))}; si no se paga a tiempo, se libera.`
        : `Anticipo de ${monto} pendiente.`;
    case 'pagado':
      return `Anticipo de ${monto} pagado: el horario está asegurado.`;
    case 'vencido':
      return `La reserva se liberó porque el anticipo de ${monto} no se pagó a tiempo.`;
    case 'no_pagado':
      return `La cita se canceló antes de pagar el anticipo de ${monto}.`;
    case 'retenido':
      return `El anticipo de ${monto} quedó retenido (cancelación tardía o inasistencia).`;
    case 'devolucion_pendiente':
      return `El anticipo de ${monto} se devolverá: acércate a la clínica o espera su contacto.`;
    case 'devuelto':
      return `El anticipo de ${monto} fue devuelto.`;
    case 'saldo_a_favor':
      return `El anticipo de ${monto} quedó como saldo a favor para una próxima cita.`;
  }
}

export function AnticipoTexto({ anticipo }: { anticipo: CitaWire['anticipo'] }) {
  if (!anticipo) return null;
  return <Text size="sm">{textoAnticipo(anticipo)}</Text>;
}
