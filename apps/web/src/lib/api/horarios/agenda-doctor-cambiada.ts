// A doctor's hours or blocks changed: their own queries and every free-time query are stale.
import { useQueryClient } from '@tanstack/react-query';
import { disponibilidadClaves } from '../disponibilidad/claves.ts';
import { horariosClaves } from './claves.ts';

export function useAgendaDoctorCambiada() {
  const qc = useQueryClient();
  return (doctorId: number) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: horariosClaves.horarios(doctorId) }),
      qc.invalidateQueries({ queryKey: horariosClaves.bloqueosDe(doctorId) }),
      qc.invalidateQueries({ queryKey: disponibilidadClaves.todas }),
    ]);
}
