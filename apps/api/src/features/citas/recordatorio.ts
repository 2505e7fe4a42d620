// The patient's reminder of an appointment (DOMAIN.md: "a reminder goes out 24 h before"): one delayed outbox row,
// due 24 h before the start, so it survives restarts. Every path that books an appointment queues it through this
// one function: the booking engine and the demo seed (issue 27.15: demo appointments had none).
import type { EfectoNuevo } from '../../platform/bandeja.repository.ts';
import type { EventosBandeja } from '../../platform/bandeja.service.ts';

/** How long before the start the reminder goes out. */
export const HORAS_RECORDATORIO = 24;
const MS_HORA = 3_600_000;

/** The reminder's outbox row; none when its moment has already passed at `ahora`. */
export function recordatorioDeCita(
  citaId: number,
  inicio: Date,
  ahora: Date,
): (EfectoNuevo & { tipo: 'recordatorio'; carga: EventosBandeja['recordatorio']; disponibleEn: Date }) | null {
  const disponibleEn = new Date(inicio.getTime() - HORAS_RECORDATORIO * MS_HORA);
  if (disponibleEn.getTime() <= ahora.getTime()) return null;
  return { tipo: 'recordatorio', carga: { citaId, inicio: inicio.toISOString() }, disponibleEn };
}
