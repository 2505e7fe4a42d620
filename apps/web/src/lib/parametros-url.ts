// Filters and page of a list kept in the URL's query (going back from a detail keeps the list as it was). Every
// change replaces the history entry; changing anything but the page goes back to the first page.
import { useSearchParams } from 'react-router';

export function useParametrosUrl() {
  const [sp, setSp] = useSearchParams();
  /** Sets each given parameter, or removes it when empty. */
  function actualizar(cambios: Record<string, string | null | undefined>) {
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(cambios)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('pagina' in cambios)) next.delete('pagina');
        return next;
      },
      { replace: true },
    );
  }
  const limpiar = () => setSp(new URLSearchParams(), { replace: true });
  return { sp, actualizar, limpiar };
}
