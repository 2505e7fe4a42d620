// /apicitas/bloqueos/:doctorId: blocks a range of a doctor's agenda (no free times in it).
import { useMutation } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useAgendaDoctorCambiada } from './agenda-doctor-cambiada.ts';
import type { CrearBloqueoBody } from './tipos.ts';

export const crearBloqueo = (doctorId: number, body: CrearBloqueoBody) =>
  api(citasRutas.crearBloqueo, { params: { doctorId }, body });

export function useCrearBloqueo(doctorId: number | null) {
  const cambiada = useAgendaDoctorCambiada();
  return useMutation({
    mutationFn: (body: CrearBloqueoBody) => crearBloqueo(doctorId!, body),
    onSuccess: () => cambiada(doctorId!),
  });
}
