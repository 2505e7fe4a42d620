// /apicitas/editarestadocita/:id: confirmada, realizada, no asistió (the server checks what each one needs).
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useMutacionDeCita } from './cita-cambiada.ts';
import type { EstadoCita } from './tipos.ts';

export const editarEstadoCita = (id: number, estado: EstadoCita) =>
  api(citasRutas.editarEstado, { params: { id }, body: { estado } });

export const useEditarEstadoCita = () =>
  useMutacionDeCita(({ id, estado }: { id: number; estado: EstadoCita }) => editarEstadoCita(id, estado));
