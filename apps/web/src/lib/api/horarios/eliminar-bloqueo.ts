// /apicitas/bloqueos/:doctorId/:id: frees a blocked range again.
import { useMutation } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useAgendaDoctorCambiada } from './agenda-doctor-cambiada.ts';

export const eliminarBloqueo = (doctorId: number, id: number) =>
  api(citasRutas.eliminarBloqueo, { params: { doctorId, id } });

export function useEliminarBloqueo(doctorId: number | null) {
  const cambiada = useAgendaDoctorCambiada();
  return useMutation({
    mutationFn: (id: number) => eliminarBloqueo(doctorId!, id),
    onSuccess: () => cambiada(doctorId!),
  });
}
