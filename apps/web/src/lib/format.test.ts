// The charts' money ticks (issue 23, item 7): es-CO short forms a Colombian reads at a glance, never «100 k».
import { describe, expect, it } from 'vitest';
import { formatCOPCorto } from './format.ts';

describe('formatCOPCorto', () => {
  it.each([
    [0, '$ 0'],
    [500, '$ 500'],
    [1_500, '$ 1,5 mil'],
    [100_000, '$ 100 mil'],
    [950_000, '$ 950 mil'],
    [999_960, '$ 1 M'],
    [1_000_000, '$ 1 M'],
    [1_200_000, '$ 1,2 M'],
    [1_250_000, '$ 1,3 M'],
    [45_600_000, '$ 45,6 M'],
    [2_500_000_000, '$ 2,5 mil M'],
    [-100_000, '-$ 100 mil'],
  ])('%d -> %s', (valor, texto) => {
    expect(formatCOPCorto(valor)).toBe(texto);
  });
});
