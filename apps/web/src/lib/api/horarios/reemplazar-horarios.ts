// /apicitas/horarios/:doctorId: replaces a doctor's whole week; the answer is the stored week.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useAgendaDoctorCambiada } from './agenda-doctor-cambiada.ts';
import { horariosClaves } from './claves.ts';
import type { HorarioWire } from './tipos.ts';

export const reemplazarHorarios = (doctorId: number, horarios: HorarioWire[]) =>
  api(citasRutas.reemplazarHorarios, { params: { doctorId }, body: { horarios } });

export function useReemplazarHorarios(doctorId: number | null) {
  const qc = useQueryClient();
  const cambiada = useAgendaDoctorCambiada();
  return useMutation({
    mutationFn: (horarios: HorarioWire[]) => reemplazarHorarios(doctorId!, horarios),
    onSuccess: (h) => {
      qc.setQueryData(horariosClaves.horarios(doctorId!), h);
      return cambiada(doctorId!);
    },
  });
}
