// Filters and pages that live in the address (?q=…&pagina=…), so going back from a detail keeps the list as it was.
import { useSearchParams } from 'react-router';

/** `prev` with `cambios` applied: a value sets its key, an empty one ('', null, undefined) removes it. */
export function conCambios(prev: URLSearchParams, cambios: Record<string, string | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(cambios)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}

/**
 * The list's parameters and their updater. Every change replaces the history entry; changing anything but the page
 * goes back to the first page.
 */
export function useParametrosUrl() {
  const [sp, setSp] = useSearchParams();
  function actualizar(cambios: Record<string, string | null | undefined>) {
    setSp(
      (prev) => {
        const next = conCambios(prev, cambios);
        if (!('pagina' in cambios)) next.delete('pagina');
        return next;
      },
      { replace: true },
    );
  }
  const limpiar = () => setSp(new URLSearchParams(), { replace: true });
  return { sp, actualizar, limpiar };
}
