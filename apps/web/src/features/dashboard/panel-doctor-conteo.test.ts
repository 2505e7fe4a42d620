// The doctor panel's periods (weeks start on Monday, in the clinic's zone) and its counts per state and type.
import { describe, expect, it } from 'vitest';
import { contar, diasDelPanel, type CitaPanel } from './panel-doctor-conteo.ts';

const ZONA = 'America/Bogota';
// Wednesday 18 November 2026, 21:30 in Bogotá (already Thursday in UTC).
const AHORA = new Date('2026-11-19T02:30:00Z');

const cita = (id: number, inicio: string, estado: CitaPanel['estado'], tipo: CitaPanel['tipo'] = 'evaluacion') =>
  ({ id, inicio, fecha: inicio, estado, tipo }) as CitaPanel;

describe('diasDelPanel', () => {
  it('covers the Monday-to-Sunday week and the month, in the clinic zone', () => {
    expect(diasDelPanel(AHORA, ZONA)).toEqual({ desde: '2026-11-01', hasta: '2026-11-30' });
    // Tuesday 1 December: the week began on Monday 30 November.
    expect(diasDelPanel(new Date('2026-12-01T15:00:00Z'), ZONA)).toEqual({ desde: '2026-11-30', hasta: '2026-12-31' });
    // Sunday 31 January 2027: the week runs to that Sunday, the month too.
    expect(diasDelPanel(new Date('2027-01-31T15:00:00Z'), ZONA)).toEqual({ desde: '2027-01-01', hasta: '2027-01-31' });
  });
});

/** total, pendientes, confirmadas, canceladas, realizadas (evaluación), realizadas (procedimiento). */
const conteo = (...[total, pendientes, confirmadas, canceladas, evaluacion, procedimiento]: number[]) => ({
  total,
  pendientes,
  confirmadas,
  canceladas,
  realizadasEvaluacion: evaluacion,
  realizadasProcedimiento: procedimiento,
});

describe('contar', () => {
  const citas = [
    cita(1, '2026-11-18T14:00:00Z', 'pendiente'), // today 9:00
    cita(2, '2026-11-19T01:00:00Z', 'confirmada'), // today 20:00 Bogotá (tomorrow in UTC)
    cita(3, '2026-11-16T15:00:00Z', 'realizada', 'evaluacion'), // Monday
    cita(4, '2026-11-22T15:00:00Z', 'realizada', 'procedimiento'), // Sunday
    cita(5, '2026-11-15T15:00:00Z', 'cancelada'), // previous Sunday: this month, not this week
    cita(6, '2026-11-23T05:30:00Z', 'pendiente'), // next Monday 00:30 Bogotá
    cita(7, '2026-12-01T15:00:00Z', 'pendiente'), // next month
    cita(8, '2026-11-18T16:00:00Z', 'realizada', 'control'),
  ];

  it('counts today in the clinic zone', () => {
    expect(contar(citas, 'dia', AHORA, ZONA)).toEqual(conteo(3, 1, 1, 0, 0, 0));
  });

  it('counts the week from Monday to Sunday', () => {
    expect(contar(citas, 'semana', AHORA, ZONA)).toEqual(conteo(5, 1, 1, 0, 1, 1));
  });

  it('counts the month', () => {
    expect(contar(citas, 'mes', AHORA, ZONA)).toEqual(conteo(7, 2, 1, 1, 1, 1));
  });
});
