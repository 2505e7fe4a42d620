// The one query-key factory of procedure categories (issue 22): staff screens, the public /servicios filter and the
// dashboard's count read under the 'categorias' root.
export const categoriasKeys = {
  all: ['categorias'] as const,
  lista: (q?: string) => ['categorias', 'lista', q ?? ''] as const,
  detalle: (id: number) => ['categorias', 'detalle', id] as const,
};
