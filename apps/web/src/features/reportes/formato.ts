// How the reports write months and rates (es-CO): '2026-11' -> 'nov 2026', 0.4 -> '40 %'.
const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

export const nombreMes = (mes: string) => `${MESES[Number(mes.slice(5, 7)) - 1] ?? mes} ${mes.slice(0, 4)}`;

const pct = new Intl.NumberFormat('es-CO', { style: 'percent', maximumFractionDigits: 1 });
/** A rate as a percentage; '—' when there is nothing to divide by. */
export const porcentaje = (tasa: number | null) => (tasa === null ? '—' : pct.format(tasa).replace(/\s/g, ' '));

const numero = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 0 });
export const formatNumero = (n: number) => numero.format(n);

/** The first day of the month `meses` months before the month of `fecha` ('YYYY-MM-DD'). */
export function inicioDeMesAntes(fecha: string, meses: number): string {
  const total = Number(fecha.slice(0, 4)) * 12 + Number(fecha.slice(5, 7)) - 1 - meses;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

/** Sums a numeric field of rows per month, months in order: the charts' data. */
export function porMes<T extends { mes: string }>(filas: readonly T[], campos: readonly (keyof T & string)[]) {
  const meses = new Map<string, Record<string, number | string>>();
  for (const f of filas) {
    const m = meses.get(f.mes) ?? { mes: nombreMes(f.mes), clave: f.mes };
    for (const c of campos) m[c] = ((m[c] as number | undefined) ?? 0) + Number(f[c]);
    meses.set(f.mes, m);
  }
  return [...meses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v);
}
