// The commonest read of a repository: the columns asked for of the one row with this id, or undefined when there
// is none. `filaPorId(db, procedimientos, id, { id: procedimientos.id, activo: procedimientos.activo })` is
// `select id, activo from procedimientos where id = $1 limit 1`.
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Executor } from './tipos.ts';

export async function filaPorId<C extends SelectedFields>(
  db: Executor,
  tabla: PgTable & { id: PgColumn },
  id: number,
  columnas: C,
): Promise<SelectResultFields<C> | undefined> {
  // Drizzle cannot name the row type of a select over a generic table; it is the selection's, as in any select.
  const filas = (await db.select(columnas).from(tabla).where(eq(tabla.id, id)).limit(1)) as SelectResultFields<C>[];
  return filas[0];
}
