// Session lifetime rules (DOMAIN.md): idle timeout 30 min, absolute 12 h.
export const IDLE_MS = 30 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;

/** A token expires at the end of the idle window, never after the session's absolute end. */
export function tokenExpiry(now: Date, sessionEnd: Date): Date {
  return new Date(Math.min(now.getTime() + IDLE_MS, sessionEnd.getTime()));
}

/** When the session stops being live by time alone: the end of its idle window or its absolute end. */
export function sessionDeadline(s: { expiraEn: Date; ultimaActividadEn: Date }): number {
  return Math.min(s.expiraEn.getTime(), s.ultimaActividadEn.getTime() + IDLE_MS);
}

export function sessionIsLive(
  s: { revocadaEn: Date | null; expiraEn: Date; ultimaActividadEn: Date; estado: boolean },
  now: Date,
): boolean {
  return s.revocadaEn === null && s.estado && sessionDeadline(s) > now.getTime();
}
