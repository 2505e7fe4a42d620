// A report as a CSV file for Colombian Excel (decision 0058): UTF-8 with a BOM (so Excel reads the accents), `;`
// between fields (Excel in es-CO uses the comma as the decimal mark), CRLF lines, amounts as whole pesos without
// thousands separators (so Excel reads them as numbers), rates as percentages with a decimal comma ("12,5").
// A text that could start a formula (=, +, -, @, tab, CR) gets a leading apostrophe (CSV injection).

export type Celda = string | number | null;

const FORMULA = /^[=+\-@\t\r]/;

function celda(v: Celda): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const texto = FORMULA.test(v) ? `'${v}` : v;
  return /[;"\r\n]/.test(texto) ? `"${texto.replace(/"/g, '""')}"` : texto;
}

/** A rate in [0, 1] as a percentage with one decimal and a decimal comma; empty when there is none. */
export const porcentaje = (tasa: number | null): Celda =>
  tasa === null ? null : (Math.round(tasa * 1000) / 10).toFixed(1).replace('.', ',');

export function aCsv(encabezados: readonly string[], filas: readonly (readonly Celda[])[]): string {
  const lineas = [encabezados, ...filas].map((f) => f.map(celda).join(';'));
  return `\uFEFF${lineas.join('\r\n')}\r\n`;
}
