// Test helper: builds unsigned three-part tokens with a given payload (the client never verifies).
function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.firma`;
}

/** A token expiring `seconds` from `nowMs` (default: Date.now()). */
export function tokenExpiringIn(seconds: number, extra: Record<string, unknown> = {}, nowMs = Date.now()): string {
  return makeToken({ id: 7, rol: 'paciente', ...extra, exp: Math.floor(nowMs / 1000) + seconds });
}
