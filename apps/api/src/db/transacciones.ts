// Units of work: a service that writes more than once runs its writes through `Transaccion`, which hands it
// repositories bound to one database transaction (PGlite or PostgreSQL alike). Everything inside commits
// together or not at all; audit rows and outbox rows included.
import { isTransitoria } from '../lib/app-error.ts';

/** Runs `fn` with repositories bound to one transaction; commits when it resolves, rolls back when it throws. */
export type Transaccion<R> = <T>(fn: (repos: R) => Promise<T>) => Promise<T>;

/** How many times a write is tried when the database aborts it for another (deadlock, serialization). */
export const INTENTOS_TRANSITORIOS = 5;

/**
 * Runs `fn` again when PostgreSQL aborted it to let a concurrent one go on (`isTransitoria`): nothing of it was
 * committed, so `fn` must only write to the database (effects go through the outbox, which commits with it).
 * A short random wait between tries keeps the losers of one race from meeting again.
 */
export async function conReintentos<T>(fn: () => Promise<T>, intentos = INTENTOS_TRANSITORIOS): Promise<T> {
  for (let intento = 1; ; intento++) {
    try {
      return await fn();
    } catch (err) {
      if (intento >= intentos || !isTransitoria(err)) throw err;
      await new Promise((r) => setTimeout(r, intento * (2 + Math.random() * 8)));
    }
  }
}

/**
 * An object whose members are built on first use: a transaction that touches two repositories does not
 * build (and prepare statements for) all of them.
 */
export function perezoso<F extends Record<string, () => unknown>>(fabricas: F): { [K in keyof F]: ReturnType<F[K]> } {
  const objeto = {} as { [K in keyof F]: ReturnType<F[K]> };
  for (const clave of Object.keys(fabricas) as (keyof F)[]) {
    let valor: unknown;
    let hecho = false;
    Object.defineProperty(objeto, clave, {
      enumerable: true,
      get() {
        if (!hecho) {
          valor = fabricas[clave]!();
          hecho = true;
        }
        return valor;
      },
    });
  }
  return objeto;
}
