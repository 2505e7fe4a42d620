// The position -> time math of dragging an appointment in the agenda grid (issue 27.6): the time the guide line
// shows and the drop sends.
import { describe, expect, it } from 'vitest';
import { minutoEnPosicion, PASO_MINUTOS, PX_MINUTO } from './calendario-grid.tsx';
import { rangoMes } from './calendario-mes.tsx';

const DESDE = 7 * 60;
const HASTA = 19 * 60;
/** px below the top of the column of minute `m` of the day. */
const y = (m: number) => (m - DESDE) * PX_MINUTO;

describe('minutoEnPosicion', () => {
  it("is the time under the card's top edge: where it was grabbed does not change it", () => {
    for (const agarre of [0, 5, 18, 24, 35]) {
      expect(minutoEnPosicion(y(11 * 60) + agarre, agarre, DESDE, HASTA, 30)).toBe(11 * 60);
    }
  });

  it('snaps to the nearest 15 minutes (half a step either way)', () => {
    const medio = (PASO_MINUTOS / 2) * PX_MINUTO;
    expect(minutoEnPosicion(y(11 * 60) + medio - 1, 0, DESDE, HASTA, 30)).toBe(11 * 60);
    expect(minutoEnPosicion(y(11 * 60) + medio + 1, 0, DESDE, HASTA, 30)).toBe(11 * 60 + 15);
    expect(minutoEnPosicion(y(11 * 60) - medio + 1, 0, DESDE, HASTA, 30)).toBe(11 * 60);
  });

  it('keeps the whole appointment inside the grid', () => {
    expect(minutoEnPosicion(-200, 0, DESDE, HASTA, 30)).toBe(DESDE);
    expect(minutoEnPosicion(y(HASTA) + 100, 0, DESDE, HASTA, 30)).toBe(HASTA - 30);
    expect(minutoEnPosicion(y(HASTA) + 100, 0, DESDE, HASTA, 90)).toBe(HASTA - 90);
    expect(minutoEnPosicion(y(HASTA) + 100, 0, DESDE, HASTA, 10)).toBe(HASTA - 15);
  });
});

describe('rangoMes', () => {
  it('whole Monday-to-Sunday weeks around the month', () => {
    // February 2027 starts on a Monday and ends on a Sunday: exactly four weeks.
    expect(rangoMes('2027-02-14')).toEqual({ desde: '2027-02-01', hasta: '2027-02-28' });
    // December 2026: Tuesday the 1st to Thursday the 31st.
    expect(rangoMes('2026-12-31')).toEqual({ desde: '2026-11-30', hasta: '2027-01-03' });
    // August 2027: Sunday the 1st.
    expect(rangoMes('2027-08-01')).toEqual({ desde: '2027-07-26', hasta: '2027-09-05' });
  });
});
