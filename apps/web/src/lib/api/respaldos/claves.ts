// The one query-key factory of backups (issue 28, item 2).
export const respaldosKeys = { all: ['respaldos'] as const };
