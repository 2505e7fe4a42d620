// PostgreSQL only: another session a test drives by hand against the API's writes. `conInterbloqueo` makes a write
// deadlock and be the one PostgreSQL aborts (40P01), so a test can check that it runs again instead of answering
// 500 (decision 0034); `conEscrituraConcurrente` commits a change while the API's request waits on that row.
import { TransactionRollbackError, sql, type SQL } from 'drizzle-orm';
import type { BaseDePrueba } from './helpers.ts';

/** Until a session of this database waits on a lock, for at most 10 s. */
async function hastaQueEspereUnBloqueo(database: BaseDePrueba) {
  for (const limite = Date.now() + 10_000; Date.now() < limite;) {
    const filas = await database.db.execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((filas as unknown as { rows: unknown[] }).rows.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('ninguna sesión llegó a esperar un bloqueo');
}

/**
 * Another session writes `primera`, a row the API's write (`accion`) will wait on, and leaves it uncommitted. Once
 * the API waits, the session writes `segunda`, which waits on the API's row: a deadlock. The API's write, waiting
 * longest, is the one PostgreSQL aborts. The session then rolls back, so a retried write goes through. Resolves
 * with what `accion` resolved.
 */
export async function conInterbloqueo<T>(
  database: BaseDePrueba,
  primera: SQL,
  segunda: SQL,
  accion: () => Promise<T>,
): Promise<T> {
  const otra = await database.otraConexion();
  let resultado: Promise<T> | undefined;
  try {
    await otra.db
      .transaction(async (tx) => {
        // PostgreSQL aborts the session whose deadlock check runs first (after deadlock_timeout, 1 s). Under load this
        // session's check could still come first; a long one here leaves the check, and the abort, to the API's.
        await tx.execute(sql`set local deadlock_timeout = '30s'`);
        await tx.execute(primera);
        resultado = accion();
        // Settled later; a rejection is the caller's to see, not an unhandled one meanwhile.
        resultado.catch(() => {});
        await hastaQueEspereUnBloqueo(database);
        await tx.execute(segunda);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    return await resultado!;
  } finally {
    await otra.close();
  }
}

/**
 * Another session writes `sentencia` and holds it uncommitted while the API's request (`accion`) reads the old
 * row and then waits on it; the session commits, and the request goes on over the row as now committed. Resolves
 * with what `accion` resolved.
 */
export async function conEscrituraConcurrente<T>(
  database: BaseDePrueba,
  sentencia: SQL,
  accion: () => Promise<T>,
): Promise<T> {
  const otra = await database.otraConexion();
  try {
    let resultado: Promise<T> | undefined;
    await otra.db.transaction(async (tx) => {
      await tx.execute(sentencia);
      resultado = accion();
      resultado.catch(() => {});
      await hastaQueEspereUnBloqueo(database);
    });
    return await resultado!;
  } finally {
    await otra.close();
  }
}
