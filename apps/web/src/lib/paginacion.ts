// What every paginated list says, in one place: the Spanish labels of Mantine's Pagination controls (screen
// readers read them) and the "Mostrando 1–20 de 45 …" line.
import type { PaginationProps } from '@mantine/core';

const CONTROLES = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
} as const;

/** Spread on <Pagination>: `<Pagination {...etiquetasPaginacion} … />`. */
export const etiquetasPaginacion = {
  getControlProps: (control: keyof typeof CONTROLES) => ({ 'aria-label': CONTROLES[control] }),
  getItemProps: (pagina: number) => ({ 'aria-label': `Página ${pagina}` }),
} satisfies Pick<PaginationProps, 'getControlProps' | 'getItemProps'>;

/** Counts as the lists write them: 10.000. */
export const numero = new Intl.NumberFormat('es-CO');

/**
 * "Mostrando 21–40 de 45 usuarios" (the noun agrees with the total); "… de más de 10.000 citas" when the server
 * stopped counting (`exacto` false).
 */
export function textoMostrando(
  desde: number,
  hasta: number,
  total: number,
  nombre: { singular: string; plural: string },
  exacto = true,
): string {
  const cuantos = exacto ? numero.format(total) : `más de ${numero.format(total)}`;
  return `Mostrando ${numero.format(desde)}–${numero.format(hasta)} de ${cuantos} ${total === 1 && exacto ? nombre.singular : nombre.plural}`;
}

/**
 * Every item of a paginated list, asking page after page until the total is reached: for screens that need a
 * whole, bounded set (one day's or one week's agenda), never for open-ended lists. `maxPaginas` bounds the work;
 * `total` says how many there are, so a screen can tell when it got only part of them.
 */
export async function todasLasPaginas<T>(
  pedir: (pagina: number) => Promise<{ items: T[]; total: number }>,
  maxPaginas = 50,
): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  let total = 0;
  for (let pagina = 1; pagina <= maxPaginas; pagina += 1) {
    const r = await pedir(pagina);
    items.push(...r.items);
    total = r.total;
    if (r.items.length === 0 || items.length >= r.total) break;
  }
  return { items, total };
}
