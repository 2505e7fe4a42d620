// The one query-key factory of the audit log (issue 21, item 5).
import type { AuditoriaQuery } from '@clinica/contracts/auditoria';

export type FiltroAuditoria = AuditoriaQuery;

export const auditoriaKeys = {
  all: ['auditoria'] as const,
  lista: (filtro: FiltroAuditoria) => ['auditoria', 'registros', filtro] as const,
};
