// The reports' summary job (decision 06xx): a durable outbox row, `reportes.resumir`, one per clinic day. Each run
// summarises every closed month of the longest range (24 months and the one before) that is not summarised yet or
// had a change recorded since (a late void, a no-show marked after the month closed), drops the recorded changes
// older than that, and schedules the next day's run at 02:00 in the clinic (a month closes at midnight; until the
// run, it is computed live, exactly as before). The row's `turno` (the day) is unique in the outbox: scheduling again
// at each start and each run is a no-op, so restarts and several instances never queue it twice, and a server that
// was down runs it at once on start.
import { DIAS_CONVERSION, MESES_MAXIMOS_REPORTE } from '@clinica/contracts/reportes';
import { sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import type { Calendario } from '../../lib/calendario.ts';
import type { ResumenRepository } from './resumen.repository.ts';

export const TIPO_RESUMEN = 'reportes.resumir';
/** The clinic's hour of the daily run. */
export const HORA_RESUMEN = '02:00';

/** The first day of the month `n` months after the month of `fecha` (n may be negative). */
function mesMas(fecha: Fecha, n: number): Fecha {
  const total = Number(fecha.slice(0, 4)) * 12 + Number(fecha.slice(5, 7)) - 1 + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

export function createResumenReportes(deps: { repo: ResumenRepository; calendario: Calendario; now: () => Date }) {
  const { repo, calendario, now } = deps;

  /** The closed months the reports may ask for, oldest first. */
  function mesesCerrados() {
    const actual = mesMas(calendario.hoy(), 0);
    return Array.from({ length: MESES_MAXIMOS_REPORTE + 1 }, (_, i) => {
      const inicio = mesMas(actual, i - MESES_MAXIMOS_REPORTE - 1);
      return {
        clave: inicio.slice(0, 7),
        inicio: calendario.instante(inicio),
        fin: calendario.instante(mesMas(inicio, 1)),
      };
    });
  }

  /** Summarises the closed months missing or changed; returns their keys. */
  async function resumirPendientes(): Promise<string[]> {
    const meses = mesesCerrados();
    const { hechos, sucios } = await repo.estado(meses);
    const hacer = meses.filter((m) => !hechos.has(m.clave) || sucios.has(m.clave));
    for (const m of hacer) await repo.resumir(m, DIAS_CONVERSION);
    await repo.purgarCambios(meses[0]!.inicio);
    return hacer.map((m) => m.clave);
  }

  /** Queues the run of `turno` (by default today's, due now) unless it is already queued or done. */
  async function programar(turno: Fecha = calendario.hoy(), disponibleEn = now()) {
    await repo.programar(TIPO_RESUMEN, turno, disponibleEn);
  }

  return {
    resumirPendientes,
    programar,
    /** The outbox handler: this run's work, then tomorrow's run at HORA_RESUMEN in the clinic. */
    async ejecutar() {
      await resumirPendientes();
      const manana = sumarDias(calendario.hoy(), 1);
      await programar(manana, calendario.instante(manana, HORA_RESUMEN));
    },
  };
}
export type ResumenReportes = ReturnType<typeof createResumenReportes>;
