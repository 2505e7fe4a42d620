// The one query-key factory of a procedure's consent templates (issue 9, item 5).
export const plantillasKeys = {
  all: ['consentimientos', 'plantillas'] as const,
  procedimiento: (id: number) => ['consentimientos', 'plantillas', id] as const,
};
