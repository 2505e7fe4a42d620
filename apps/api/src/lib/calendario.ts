// The clinic's calendar bound to its zone (config CLINICA_TZ) and to the app's one clock: "today", the
// boundaries of a day, week (Monday first) or month, and whether a day is a working day (no Sundays, no
// Colombian holidays). Every feature asks this, never Date or the process time zone.
import {
  esDiaNoHabil,
  fechaEnZona,
  festivos,
  horaEnZona,
  instanteLocal,
  rangoDePeriodo,
  type Fecha,
  type Periodo,
  type Rango,
} from '@clinica/contracts/tiempo';

export function createCalendario(zona: string, now: () => Date) {
  return {
    zona,
    ahora: now,
    /** Today's date in the clinic. */
    hoy: (): Fecha => fechaEnZona(now(), zona),
    fechaDe: (instante: Date): Fecha => fechaEnZona(instante, zona),
    horaDe: (instante: Date): string => horaEnZona(instante, zona),
    /** The instant of a wall-clock time in the clinic. */
    instante: (fecha: Fecha, hora = '00:00'): Date => instanteLocal(fecha, hora, zona),
    /** The period containing `instante` (default: now), as [desde, hasta). */
    rango: (periodo: Periodo, instante: Date = now()): Rango => rangoDePeriodo(periodo, instante, zona),
    esDiaHabil: (fecha: Fecha): boolean => !esDiaNoHabil(fecha),
    festivos,
  };
}
export type Calendario = ReturnType<typeof createCalendario>;
