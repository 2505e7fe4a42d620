// The one query-key factory of procedures (issue 22): staff screens, the public pages and the dashboard's count all
// read under the 'procedimientos' root, so every procedure mutation refreshes all of them.
import type { QueryClient } from '@tanstack/react-query';
import { categoriasKeys } from '../categorias/claves.ts';

/** Filters of the procedures list, as the screens name them. */
export type FiltrosProcedimientos = {
  pagina?: number;
  porPagina?: number;
  categoriaId?: number;
  q?: string;
  incluirInactivos?: boolean;
};

export const procedimientosKeys = {
  all: ['procedimientos'] as const,
  lista: (f: FiltrosProcedimientos) => ['procedimientos', 'lista', f] as const,
  detalle: (id: number) => ['procedimientos', 'detalle', id] as const,
  conteo: () => ['procedimientos', 'conteo'] as const,
  destacados: (n: number) => ['procedimientos', 'destacados', n] as const,
  opciones: () => ['procedimientos', 'opciones'] as const,
};

/** After a procedure changes: every procedure query, and the categories (they count their procedures). */
export const invalidarProcedimientos = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: procedimientosKeys.all }),
    qc.invalidateQueries({ queryKey: categoriasKeys.all }),
  ]);
