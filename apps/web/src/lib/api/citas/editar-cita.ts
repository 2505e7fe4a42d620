// /apicitas/editarcita/:id (staff): another doctor, time, type or reason, checked against that doctor's hours.
import { useMutation } from '@tanstack/react-query';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useCitaCambiada } from './cita-cambiada.ts';
import type { EditarCitaBody } from './tipos.ts';

export const editarCita = (id: number, body: EditarCitaBody) => api(citasRutas.editar, { params: { id }, body });

export function useEditarCita(id: number) {
  const cambiada = useCitaCambiada();
  return useMutation({ mutationFn: (body: EditarCitaBody) => editarCita(id, body), onSuccess: cambiada });
}
