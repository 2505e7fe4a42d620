// /apicitas/bloqueos/:doctorId: a doctor's blocked ranges between two days.
import { useQuery } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { horariosClaves } from './claves.ts';

export const getBloqueos = (doctorId: number, desde: string, hasta: string) =>
  api(citasRutas.bloqueos, { params: { doctorId }, query: { desde, hasta } });

export const useBloqueos = (doctorId: number | null, desde: string, hasta: string) =>
  useQuery({
    queryKey: horariosClaves.bloqueos(doctorId ?? 0, desde, hasta),
    queryFn: () => getBloqueos(doctorId!, desde, hasta),
    enabled: doctorId !== null,
  });
