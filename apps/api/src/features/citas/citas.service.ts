// The booking engine (DOMAIN.md "Rules"; issue 8), composed from its parts (issue 22, item 2; decision 0050):
//   disponibilidad.ts     free slots, pure: hours, blocks, holidays and busy ranges in, times out
//   reglas.ts             the rules every part checks (hours, procedures, who sees what, overlaps as a 409)
//   reserva.service.ts    booking: one appointment, or a follow-up series, written by reserva.repository.ts
//   cambios.service.ts    reschedule, cancel, change of state, the staff's edit
//   consultas.service.ts  reads: one appointment, lists, a doctor's patients, free slots for a screen
//   horarios.service.ts   the doctors' weekly hours and blocks (horarios.repository.ts)
//   serie.ts              the proposal of a follow-up series
//   recordatorio.ts       reminders: queued when an appointment moves, sent by the outbox
//   anticipos.ts          deposits: the hold's expiry, "the deposit is paid", the cancellation policy, no-shows
//   avisos.ts             what an appointment tells people (notifications, e-mail) and the audit log
// The routes (citas.routes.ts) see one service; the follow-up plans see `serie` (services.ts).
import type { PoliticaCitas } from '@clinica/contracts/citas';
import { createAnticipos } from './anticipos.ts';
import { createAvisosCita } from './avisos.ts';
import { createCambiosService } from './cambios.service.ts';
import { createConsultasService } from './consultas.service.ts';
import { createHorariosService } from './horarios.service.ts';
import { createRecordatorios } from './recordatorio.ts';
import { createReglas, type DepsCitas, type ReposCitas } from './reglas.ts';
import { createReservaService } from './reserva.service.ts';
import { createSerie } from './serie.ts';

export function createCitasService<Tx extends ReposCitas>(deps: DepsCitas<Tx>) {
  const reglas = createReglas(deps);
  const avisos = createAvisosCita(deps);
  const recordatorios = createRecordatorios(deps, avisos);
  const reserva = createReservaService(deps, reglas, avisos);
  const anticipos = createAnticipos(deps, avisos);
  const serie = createSerie(deps, reglas);
  return {
    ...createConsultasService(deps, reglas),
    crear: reserva.crear,
    ...createCambiosService(deps, reglas, avisos, recordatorios, anticipos),
    ...createHorariosService(deps, reglas),
    /** Outbox handler of the `recordatorio` effect. */
    recordar: recordatorios.recordar,
    /** Outbox handler of the `reserva.vence` effect. */
    vencerReserva: anticipos.vencerReserva,
    /** The deposit is now paid (the desk's payment; the online payment at merge): ends the hold, tells the patient. */
    anticipoPagado: anticipos.anticipoPagado,
    /** A deposit's payment was voided: the deposit is owed again (a fresh hold while pendiente). */
    anticipoAnulado: anticipos.anticipoAnulado,
    /** The deposit and cancellation policy the screens state (the server's settings). */
    politica: (): PoliticaCitas => ({
      cancelacion_horas_aviso: deps.anticipos.horasAviso,
      anticipo_horas_reserva: deps.anticipos.horasReserva,
    }),
    /** What the waitlist uses (features/espera): the booking rules and booking with its own writes. */
    espera: {
      duracionDe: reglas.duracionDe,
      espacios: reglas.espacios,
      revisarHorario: reglas.revisarHorario,
      revisarProcedimientoDe: reglas.revisarProcedimientoDe,
      doctorActivo: reglas.doctorActivo,
      pacienteActiva: reglas.pacienteActiva,
      reservarCon: reserva.reservarCon,
    },
    /** What the follow-up plans use (features/evoluciones/planes.service.ts AgendaParaPlanes). */
    serie: { ...serie, agendarSerie: reserva.agendarSerie },
  };
}
export type CitasService = ReturnType<typeof createCitasService>;
