// Product quantities (issue 24; decision 0060): the wire speaks in the product's unit with up to two decimals (2.5 mL),
// the database keeps integer hundredths (250), so sums are exact. Shared by products and lots and by the note's chart.

/** Wire quantities are in the unit (2.5); the database keeps hundredths (250). */
export const aCentesimas = (n: number) => Math.round(n * 100);
export const deCentesimas = (c: number) => c / 100;
/** "2,5 mL" for messages. */
export const cantidadEsCo = (c: number, unidad: string) =>
  `${deCentesimas(c).toLocaleString('es-CO', { maximumFractionDigits: 2 })} ${unidad}`;
