// The doctor panel's figures (issue 10.5): one list of appointments covering today, this week (Monday to Sunday)
// and this month in the clinic's zone (lib/api/citas/get-agenda.ts), counted per period here on the client. A doctor
// gets only their own agenda (the API filters).
import { useQuery } from '@tanstack/react-query';
import { fechaEnZona, rangoDePeriodo, sumarDias, type Fecha, type Periodo } from '@clinica/contracts/tiempo';
import { POR_PAGINA_MAX } from '@clinica/contracts/common';
import { agendaQueryOptions } from '../../lib/api/citas/get-agenda.ts';
import type { CitaWire } from '../../lib/api/citas/tipos.ts';

export type CitaPanel = CitaWire;

export type Conteo = {
  total: number;
  pendientes: number;
  confirmadas: number;
  canceladas: number;
  realizadasEvaluacion: number;
  realizadasProcedimiento: number;
};

export const PERIODOS: readonly Periodo[] = ['dia', 'semana', 'mes'];

/** Most appointments the panel reads (page by page): a busier month is counted partially and the panel says so. */
export const LIMITE_CITAS = 5 * POR_PAGINA_MAX;

/** Days (inclusive, as /apicitas/listarcitas takes them) covering today's week and month. */
export function diasDelPanel(ahora: Date, zona: string): { desde: Fecha; hasta: Fecha } {
  const semana = rangoDePeriodo('semana', ahora, zona);
  const mes = rangoDePeriodo('mes', ahora, zona);
  const desde = Math.min(semana.desde.getTime(), mes.desde.getTime());
  const hasta = Math.max(semana.hasta.getTime(), mes.hasta.getTime());
  return { desde: fechaEnZona(new Date(desde), zona), hasta: sumarDias(fechaEnZona(new Date(hasta), zona), -1) };
}

/** Counts of the appointments that start in the period containing `ahora` (clinic zone; weeks start Monday). */
export function contar(citas: readonly CitaPanel[], periodo: Periodo, ahora: Date, zona: string): Conteo {
  const { desde, hasta } = rangoDePeriodo(periodo, ahora, zona);
  const c: Conteo = {
    total: 0,
    pendientes: 0,
    confirmadas: 0,
    canceladas: 0,
    realizadasEvaluacion: 0,
    realizadasProcedimiento: 0,
  };
  for (const cita of citas) {
    const t = Date.parse(cita.inicio);
    if (!(t >= desde.getTime() && t < hasta.getTime())) continue;
    c.total++;
    if (cita.estado === 'pendiente') c.pendientes++;
    else if (cita.estado === 'confirmada') c.confirmadas++;
    else if (cita.estado === 'cancelada') c.canceladas++;
    else if (cita.estado === 'realizada' && cita.tipo === 'evaluacion') c.realizadasEvaluacion++;
    else if (cita.estado === 'realizada' && cita.tipo === 'procedimiento') c.realizadasProcedimiento++;
  }
  return c;
}

/** Every appointment of the panel's days, up to LIMITE_CITAS. */
export function useCitasDelPanel(dias: { desde: Fecha; hasta: Fecha }, enabled: boolean) {
  return useQuery({ ...agendaQueryOptions(dias, LIMITE_CITAS / POR_PAGINA_MAX), enabled });
}
