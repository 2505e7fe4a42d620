// SPEC 5: for the cart a token counts only if it exists, has three dot-separated parts, its payload
// carries exp (seconds) and now is before that expiry; any decoding failure means not valid.
// The user id (SPEC 3: id, then userId, then sub) tells a new sign-in apart from a renewed token.

function payloadDe(token: string): Record<string, unknown> | null {
  const partes = token.split('.');
  if (partes.length !== 3) return null;
  try {
    const base64 = partes[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const binario = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const json = new TextDecoder().decode(Uint8Array.from(binario, (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function tokenVigente(token: string | null | undefined, ahora: number = Date.now()): boolean {
  if (!token) return false;
  const exp = payloadDe(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) && ahora < exp * 1000;
}

/** Who the cart belongs to: the token's user id, or the token itself when it carries none; null when signed out. */
export function duenoDelCarrito(token: string | null | undefined, ahora: number = Date.now()): string | null {
  if (!token || !tokenVigente(token, ahora)) return null;
  const p = payloadDe(token);
  const id = p?.id ?? p?.userId ?? p?.sub;
  return typeof id === 'string' || typeof id === 'number' ? `usuario:${id}` : `token:${token}`;
}
