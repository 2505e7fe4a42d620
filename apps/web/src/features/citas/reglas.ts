// What a person may do with an appointment, mirrored from the API's rules (issue 8, DOMAIN.md) so buttons are
// disabled with the reason instead of failing. The server decides; these only choose what to offer.
import { HORAS_MINIMAS_CAMBIO_PACIENTE, MENSAJES_CITAS } from '@clinica/contracts/citas';
import type { CitaWire } from '../../lib/api/citas/tipos.ts';

const HORA = 3_600_000;

export const activa = (c: Pick<CitaWire, 'estado'>) => c.estado === 'pendiente' || c.estado === 'confirmada';

/** Still ahead, and not cancelled nor done. */
export const proxima = (c: Pick<CitaWire, 'estado' | 'inicio'>, ahora = Date.now()) =>
  activa(c) && Date.parse(c.inicio) > ahora;

/** A patient may cancel or reschedule their own up to 24 h before the start. */
export const fueraDelPlazo = (c: Pick<CitaWire, 'inicio'>, ahora = Date.now()) =>
  Date.parse(c.inicio) - ahora < HORAS_MINIMAS_CAMBIO_PACIENTE * HORA;

export type Permiso = { puede: true } | { puede: false; motivo: string };

export function permisoCancelarPaciente(c: CitaWire, ahora = Date.now()): Permiso {
  if (!activa(c)) return { puede: false, motivo: 'Esta cita ya no se puede cancelar.' };
  if (fueraDelPlazo(c, ahora)) return { puede: false, motivo: MENSAJES_CITAS.tarde };
  return { puede: true };
}

export function permisoReagendarPaciente(c: CitaWire, ahora = Date.now()): Permiso {
  if (!activa(c)) return { puede: false, motivo: 'Esta cita ya no se puede reagendar.' };
  if (fueraDelPlazo(c, ahora)) return { puede: false, motivo: MENSAJES_CITAS.tardeReagendar };
  return { puede: true };
}
