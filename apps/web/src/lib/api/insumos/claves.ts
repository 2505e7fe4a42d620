// Query keys of products and lots (issue 24, item 1): the product list, each product with its lots, a lot's
// movements and the staff dashboard's alerts.
export const insumosClaves = {
  todos: ['insumos'] as const,
  productos: () => ['insumos', 'productos'] as const,
  producto: (id: number) => ['insumos', 'producto', id] as const,
  /** A lot's movements (an adjustment adds one). */
  movimientos: (loteId: number) => ['insumos', 'movimientos', loteId] as const,
  alertas: () => ['insumos', 'alertas'] as const,
  /** The lots a doctor can chart with (signing a note changes their stock). */
  lotesUsables: () => ['insumos', 'lotes-usables'] as const,
};
