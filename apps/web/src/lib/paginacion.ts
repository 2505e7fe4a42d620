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

/** "Mostrando 21–40 de 45 usuarios" (the noun agrees with the total). */
export function textoMostrando(
  desde: number,
  hasta: number,
  total: number,
  nombre: { singular: string; plural: string },
): string {
  return `Mostrando ${desde}–${hasta} de ${total} ${total === 1 ? nombre.singular : nombre.plural}`;
}
