// /apicitas/reagendarcita/:id: another time with the same doctor. Moving to another doctor (the calendar's
// drag) goes through editarcita, which checks that doctor's hours and agenda.
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useMutacionDeCita } from './cita-cambiada.ts';
import { editarCita } from './editar-cita.ts';
import type { CitaWire } from './tipos.ts';

export const reagendarCita = (id: number, inicio: string) =>
  api(citasRutas.reagendar, { params: { id }, body: { inicio } });

export const useReagendarCita = () =>
  useMutacionDeCita(({ id, inicio }: { id: number; inicio: string }) => reagendarCita(id, inicio));

/** Moves an appointment: to another time of its doctor (reagendarcita) or to another doctor (editarcita). */
export const useMoverCita = () =>
  useMutacionDeCita(({ cita, inicio, doctorId }: { cita: CitaWire; inicio: string; doctorId: number }) =>
    doctorId === cita.doctor.id ? reagendarCita(cita.id, inicio) : editarCita(cita.id, { doctor_id: doctorId, inicio }),
  );
