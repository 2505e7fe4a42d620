// /detallesprocedimientos shows the procedure chosen in the list, kept in sessionStorage (as the spec's other
// "details" screens do), so the page survives a reload but not a new tab.
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
