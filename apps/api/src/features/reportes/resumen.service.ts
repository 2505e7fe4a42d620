// The reports' summary job (decision 0062): a durable outbox row, `reportes.resumir`, one per clinic day. Each run
// summarises every closed month of the longest range (24 months and the one before) and every closed day of the
// last three months that is not summarised yet or had a change recorded since (a late void, a no-show marked the
// next morning), drops the recorded changes and stored days older than that, and schedules the next day's run at
// 02:00 in the clinic (a day or month closes at midnight; until the run, it is computed live, exactly as before). The row's `turno` (the day) is unique in the outbox: scheduling again
// at each start and each run is a no-op, so restarts and several instances never queue it twice, and a server that
// was down runs it at once on start.
import { DIAS_CONVERSION, MESES_MAXIMOS_REPORTE } from '@clinica/contracts/reportes';
import { sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import type { Calendario } from '../../lib/calendario.ts';
import type { Periodo, ResumenRepository } from './resumen.repository.ts';

export const TIPO_RESUMEN = 'reportes.resumir';
/** The clinic's hour of the daily run. */
export const HORA_RESUMEN = '02:00';

/** The first day of the month `n` months after the month of `fecha` (n may be negative). */
function mesMas(fecha: Fecha, n: number): Fecha {
  const total = Number(fecha.slice(0, 4)) * 12 + Number(fecha.slice(5, 7)) - 1 + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

/** A clinic month's days, each with the instants it starts and ends (`instante`: a clinic day's 00:00). */
export function diasDelMes(mes: Periodo, instante: (dia: Fecha) => Date): Periodo[] {
  const l: Periodo[] = [];
  for (let d = `${mes.clave}-01`, inicio = mes.inicio; d.startsWith(mes.clave);) {
    const siguiente = sumarDias(d, 1);
    const fin = siguiente.startsWith(mes.clave) ? instante(siguiente) : mes.fin;
    l.push({ clave: d, inicio, fin });
    [d, inicio] = [siguiente, fin];
  }
  return l;
}

/** Recent months also stored day by day: the open one and the two before (a change marks a day, not the month). */
export const MESES_POR_DIA = 3;

/** Waits `ms` (a timer): the pause the job takes after each period. */
const esperar = (ms: number) => new Promise<void>((listo) => setTimeout(listo, ms));

export function createResumenReportes(deps: {
  repo: ResumenRepository;
  calendario: Calendario;
  now: () => Date;
  /**
   * After each period the job pauses as long as the period took: requests get at least half of the database. The
   * embedded database runs one transaction at a time, and the job's periods back to back (113 after an upgrade or a
   * first start) held every booking for seconds (bench/results/fsync.md). Tests and the bench pass no pause.
   */
  pausa?: (ms: number) => Promise<void>;
}) {
  const { repo, calendario, now } = deps;
  const pausa = deps.pausa ?? esperar;
  /** One period summarised, then the pause. */
  async function resumirUno(periodo: Periodo, delMes: Periodo) {
    const inicio = performance.now();
    await repo.resumir(periodo, delMes, DIAS_CONVERSION, calendario.zona);
    await pausa(performance.now() - inicio);
  }
  const mes = (inicio: Fecha): Periodo => ({
    clave: inicio.slice(0, 7),
    inicio: calendario.instante(inicio),
    fin: calendario.instante(mesMas(inicio, 1)),
  });

  /**
   * The closed periods the reports may read, each with its month: the closed months of the longest range (and the
   * one before it), and the closed days of the last MESES_POR_DIA months.
   */
  function periodosCerrados() {
    const hoy = calendario.hoy();
    const actual = mesMas(hoy, 0);
    const meses = Array.from({ length: MESES_MAXIMOS_REPORTE + 1 }, (_, i) =>
      mes(mesMas(actual, i - MESES_MAXIMOS_REPORTE - 1)),
    );
    const dias = Array.from({ length: MESES_POR_DIA }, (_, i) => mes(mesMas(actual, i - MESES_POR_DIA + 1))).flatMap(
      (m) =>
        diasDelMes(m, (d) => calendario.instante(d))
          .filter((d) => d.clave < hoy)
          .map((d) => ({ d, m })),
    );
    return { meses, dias, primerDia: `${mesMas(actual, 1 - MESES_POR_DIA)}` };
  }

  /** Summarises the closed periods missing or changed; returns their keys. */
  async function resumirPendientes(): Promise<string[]> {
    const { meses, dias, primerDia } = periodosCerrados();
    const hechos: string[] = [];
    const deMeses = await repo.estado(meses);
    for (const m of meses.filter((x) => !deMeses.hechos.has(x.clave) || deMeses.sucios.has(x.clave))) {
      await resumirUno(m, m);
      hechos.push(m.clave);
    }
    const deDias = await repo.estado(dias.map((x) => x.d));
    for (const { d, m } of dias.filter((x) => !deDias.hechos.has(x.d.clave) || deDias.sucios.has(x.d.clave))) {
      await resumirUno(d, m);
      hechos.push(d.clave);
    }
    await repo.purgar(meses[0]!.inicio, primerDia, calendario.instante(primerDia));
    return hechos;
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
