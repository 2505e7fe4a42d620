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
