// Query keys of the free times. They sit under the appointments' root key: a booking, a move or a cancellation
// anywhere (or its live notification) changes them, and doctors' hours and blocks invalidate them too.
import { citasClaves } from '../citas/claves.ts';
import type { FiltroDisponibilidad } from './get-disponibilidad.ts';

export const disponibilidadClaves = {
  todas: [...citasClaves.todas, 'disponibilidad'] as const,
  consulta: (f: FiltroDisponibilidad) => [...citasClaves.todas, 'disponibilidad', f] as const,
};
