// /apicitas/cancelarcita/:id: cancels with a reason; the time becomes free again.
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useMutacionDeCita } from './cita-cambiada.ts';

export const cancelarCita = (id: number, motivo: string) =>
  api(citasRutas.cancelar, { params: { id }, body: { motivo } });

export const useCancelarCita = () =>
  useMutacionDeCita(({ id, motivo }: { id: number; motivo: string }) => cancelarCita(id, motivo));
