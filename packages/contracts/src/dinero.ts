// Money as the clinic writes it (DOMAIN.md; issue 23): whole Colombian pesos in the es-CO format, '$ 1.234.567', the
// same on the screens and on the receipts the API prints.
const cop = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** 180000 -> '$ 180.000' (normal spaces, so text matches what people type and tests expect). */
export function formatoPesos(valor: number): string {
  return cop.format(valor).replace(/\s/g, ' ');
}

const decimal = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });
/** The units a Colombian reads money in, largest first: «mil millones» is «mil M», never «B» (a billón is 10^12). */
const UNIDADES = [
  { divisor: 1e9, sufijo: 'mil M' },
  { divisor: 1e6, sufijo: 'M' },
  { divisor: 1e3, sufijo: 'mil' },
] as const;

/**
 * Money in few characters, for chart axes: 100000 -> '$ 100 mil', 1200000 -> '$ 1,2 M', 2500000000 -> '$ 2,5 mil M';
 * under a thousand as formatoPesos ('$ 500'). One decimal at most, with a decimal comma; a value that rounds up to
 * the next unit is written in it (999999 -> '$ 1 M', not '$ 1.000 mil').
 */
export function formatoPesosCorto(valor: number): string {
  const abs = Math.abs(valor);
  const escrito = (n: number, sufijo: string) => `${valor < 0 ? '-' : ''}$ ${decimal.format(n)} ${sufijo}`;
  for (const [i, u] of UNIDADES.entries()) {
    if (abs < u.divisor) continue;
    const n = Math.round((abs / u.divisor) * 10) / 10;
    const mayor = UNIDADES[i - 1];
    // 999.960 rounds to «1.000 mil»: that is «1 M».
    if (mayor && n * u.divisor >= mayor.divisor) return escrito((n * u.divisor) / mayor.divisor, mayor.sufijo);
    return escrito(n, u.sufijo);
  }
  return formatoPesos(valor);
}
