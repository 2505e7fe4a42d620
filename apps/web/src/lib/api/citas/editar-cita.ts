// /apicitas/editarcita/:id (staff): another doctor, time, type or reason, checked against that doctor's hours.
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useMutacionDeCita } from './cita-cambiada.ts';
import type { EditarCitaBody } from './tipos.ts';

export const editarCita = (id: number, body: EditarCitaBody) => api(citasRutas.editar, { params: { id }, body });

export const useEditarCita = (id: number) => useMutacionDeCita((body: EditarCitaBody) => editarCita(id, body));
