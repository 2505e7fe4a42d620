// The value axis of the reports' charts: money ticks in es-CO short form («$ 100 mil», «$ 1,2 M»), never «$ 100 k».
import { describe, expect, it } from 'vitest';
import { formatCOP, formatCOPCorto } from '../../lib/format.ts';
import { ejeDe } from './grafica.tsx';

describe('the value axis', () => {
  it('writes money ticks as a Colombian reads them, while the tooltip keeps the full amount', () => {
    const eje = ejeDe(formatCOPCorto, formatCOP);
    expect([0, 100_000, 500_000, 1_200_000, 12_000_000].map(eje.tickFormatter)).toEqual([
      '$ 0',
      '$ 100 mil',
      '$ 500 mil',
      '$ 1,2 M',
      '$ 12 M',
    ]);
  });

  it('rates use the chart’s own format; plain counts are compact', () => {
    expect(ejeDe(undefined, (v) => `${v} %`).tickFormatter(40)).toBe('40 %');
    expect(ejeDe(undefined, undefined).tickFormatter(1_500)).toBe('1,5 K');
  });
});
