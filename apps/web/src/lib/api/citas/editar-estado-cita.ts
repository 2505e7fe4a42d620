// /apicitas/editarestadocita/:id: confirmada, realizada, no asistió (the server checks what each one needs).
import { useMutation } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useCitaCambiada } from './cita-cambiada.ts';
import type { EstadoCita } from './tipos.ts';

export const editarEstadoCita = (id: number, estado: EstadoCita) =>
  api(citasRutas.editarEstado, { params: { id }, body: { estado } });

export function useEditarEstadoCita() {
  const cambiada = useCitaCambiada();
  return useMutation({
    mutationFn: ({ id, estado }: { id: number; estado: EstadoCita }) => editarEstadoCita(id, estado),
    onSuccess: cambiada,
  });
}
