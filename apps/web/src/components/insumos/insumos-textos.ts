// How products and lots read on screen (issue 24, item 1): quantities in the product's unit, es-CO, at most two
// decimals ("2,5 mL", "1 unidad", "12 unidades"); shared by /insumos and the dashboard's alerts.
import type { UnidadProducto } from '@clinica/contracts/insumos';

const numero = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

export function cantidadConUnidad(n: number, unidad: UnidadProducto): string {
  const u = unidad === 'unidad' ? (n === 1 ? 'unidad' : 'unidades') : unidad;
  return `${numero.format(n)} ${u}`;
}

/** A NumberInput for a quantity in the product's unit: es-CO decimals, two at most, no negatives, no spinner. */
export const camposCantidad = {
  decimalSeparator: ',',
  thousandSeparator: '.',
  decimalScale: 2,
  allowNegative: false,
  hideControls: true,
  inputMode: 'decimal',
} as const;
