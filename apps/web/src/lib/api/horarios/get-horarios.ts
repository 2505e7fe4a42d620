// /apicitas/horarios/:doctorId: a doctor's weekly working hours.
import { useQuery } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { horariosClaves } from './claves.ts';

export const getHorarios = (doctorId: number) => api(citasRutas.horarios, { params: { doctorId } });

export const useHorarios = (doctorId: number | null) =>
  useQuery({
    queryKey: horariosClaves.horarios(doctorId ?? 0),
    queryFn: () => getHorarios(doctorId!),
    enabled: doctorId !== null,
  });
