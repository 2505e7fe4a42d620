// The one query-key factory of the outgoing e-mail view (issue 10.6).
export const correosKeys = {
  all: ['correos'] as const,
  pagina: (pagina: number, porPagina: number) => ['correos', 'bandeja', pagina, porPagina] as const,
};
