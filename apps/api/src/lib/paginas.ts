// A page of a list (the contracts' `paginado`): which rows a page asks for, and the answer of a list whose count
// stops at a cap (counting a million matching rows for an exact total costs more than the page itself).

/** The page asked for (1-based) and its size. */
export type Pedido = { pagina: number; porPagina: number };

/** How many rows come before the page. */
export const desplazamiento = (p: Pedido) => (p.pagina - 1) * p.porPagina;

/** The page, with a total counted up to `tope`: past it the total says "more than" (`totalExacto: false`). */
export function paginaConTope<T>(items: T[], contadas: number, tope: number, p: Pedido) {
  return {
    items,
    total: Math.min(contadas, tope),
    totalExacto: contadas <= tope,
    pagina: p.pagina,
    porPagina: p.porPagina,
  };
}
