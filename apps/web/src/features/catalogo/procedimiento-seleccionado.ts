// /detallesprocedimientos shows the procedure chosen in the list, kept in sessionStorage (as the spec's other
// "details" screens do), or the one in `?id=`, which the list also puts in the address so the page can be reloaded,
// shared or opened in a new tab (issue 11.8).
export const CLAVE_PROCEDIMIENTO_SELECCIONADO = 'procedimientoSeleccionado';

export function seleccionarProcedimiento(id: number): void {
  try {
    sessionStorage.setItem(CLAVE_PROCEDIMIENTO_SELECCIONADO, JSON.stringify({ id }));
  } catch {
    // Storage unavailable (private mode quotas): the details page then says nothing is selected.
  }
}

/** The selected procedure's id; accepts { id } (what this app stores) or a bare id. */
export function procedimientoSeleccionado(): number | null {
  try {
    const raw = sessionStorage.getItem(CLAVE_PROCEDIMIENTO_SELECCIONADO);
    if (!raw) return null;
    const v: unknown = JSON.parse(raw);
    const id = typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : v;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** A positive integer `?id=`, else null. */
export function idDeConsulta(valor: string | null): number | null {
  if (!valor || !/^\d+$/.test(valor)) return null;
  const n = Number(valor);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
