// The amount in words of a "Recibo de caja" (issue 23, item 5): Spanish as a Colombian receipt writes it.
import { describe, expect, it } from 'vitest';
import { MAXIMO_EN_LETRAS, numeroEnLetras, pesosEnLetras } from '../src/features/pagos/en-letras.ts';

describe('pesosEnLetras', () => {
  it.each([
    [0, 'cero pesos m/cte'],
    [1, 'un peso m/cte'],
    [2, 'dos pesos m/cte'],
    [15, 'quince pesos m/cte'],
    [16, 'dieciséis pesos m/cte'],
    [21, 'veintiún pesos m/cte'],
    [22, 'veintidós pesos m/cte'],
    [30, 'treinta pesos m/cte'],
    [31, 'treinta y un pesos m/cte'],
    [99, 'noventa y nueve pesos m/cte'],
    [100, 'cien pesos m/cte'],
    [101, 'ciento un pesos m/cte'],
    [115, 'ciento quince pesos m/cte'],
    [500, 'quinientos pesos m/cte'],
    [999, 'novecientos noventa y nueve pesos m/cte'],
    [1_000, 'mil pesos m/cte'],
    [1_001, 'mil un pesos m/cte'],
    [21_000, 'veintiún mil pesos m/cte'],
    [100_000, 'cien mil pesos m/cte'],
    [101_000, 'ciento un mil pesos m/cte'],
    [120_000, 'ciento veinte mil pesos m/cte'],
    [180_000, 'ciento ochenta mil pesos m/cte'],
    [999_999, 'novecientos noventa y nueve mil novecientos noventa y nueve pesos m/cte'],
    [1_000_000, 'un millón de pesos m/cte'],
    [1_200_000, 'un millón doscientos mil pesos m/cte'],
    [1_000_001, 'un millón un pesos m/cte'],
    [2_000_000, 'dos millones de pesos m/cte'],
    [21_000_000, 'veintiún millones de pesos m/cte'],
    [2_350_500, 'dos millones trescientos cincuenta mil quinientos pesos m/cte'],
    [100_000_000, 'cien millones de pesos m/cte'],
    [1_000_000_000, 'mil millones de pesos m/cte'],
    [1_500_000_000, 'mil quinientos millones de pesos m/cte'],
    [
      MAXIMO_EN_LETRAS,
      'novecientos noventa y nueve mil novecientos noventa y nueve millones novecientos noventa y nueve mil novecientos noventa y nueve pesos m/cte',
    ],
  ])('%i -> %s', (n, letras) => {
    expect(pesosEnLetras(n)).toBe(letras);
  });

  it('refuses what is not a whole amount in range', () => {
    for (const n of [-1, 1.5, Number.NaN, MAXIMO_EN_LETRAS + 1]) expect(() => numeroEnLetras(n)).toThrow(RangeError);
  });
});
