// Who may see what an appointment gathers (its consent, results, photos): the patient her own, the doctor his own
// agenda, assistants any. Anyone else gets the same 404 as for a missing appointment.
import type { Actor } from './solicitud.ts';

export const veLaCita = <C extends { paciente_id: number; doctor_id: number }>(
  actor: Actor,
  cita: C | undefined,
): cita is C =>
  !!cita &&
  (actor.rol === 'asistente' ||
    (actor.rol === 'paciente' && cita.paciente_id === actor.id) ||
    (actor.rol === 'doctor' && cita.doctor_id === actor.id));
