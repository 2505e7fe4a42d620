// Filters and pages that live in the address (?q=…&pagina=…): one change to the query string, written once.

/** `prev` with `cambios` applied: a value sets its key, an empty one ('', null, undefined) removes it. */
export function conCambios(prev: URLSearchParams, cambios: Record<string, string | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(cambios)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}
