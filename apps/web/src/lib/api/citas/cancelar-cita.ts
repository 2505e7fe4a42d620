// /apicitas/cancelarcita/:id: cancels with a reason; the time becomes free again.
import { useMutation } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useCitaCambiada } from './cita-cambiada.ts';

export const cancelarCita = (id: number, motivo: string) =>
  api(citasRutas.cancelar, { params: { id }, body: { motivo } });

export function useCancelarCita() {
  const cambiada = useCitaCambiada();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) => cancelarCita(id, motivo),
    onSuccess: cambiada,
  });
}
