// Units of work: a service that writes more than once runs its writes through `Transaccion`, which hands it
// repositories bound to one database transaction (PGlite or PostgreSQL alike). Everything inside commits
// together or not at all; audit rows and outbox rows included.

/** Runs `fn` with repositories bound to one transaction; commits when it resolves, rolls back when it throws. */
export type Transaccion<R> = <T>(fn: (repos: R) => Promise<T>) => Promise<T>;

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
