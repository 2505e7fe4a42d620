// Pure helpers for the session token (SPEC 3, 5, 8): three-part check, payload decoding, role, user id,
// expiry and validity. The signature is never verified on the client; the server does that.

/** Claims that may carry the role, in the order SPEC 3 fixes. */
export const ROLE_CLAIMS = ['rol', 'role', 'tipoUsuario', 'tipo_usuario', 'userRole'] as const;
/** Claims that may carry the user id, in the order SPEC 3 fixes. */
export const USER_ID_CLAIMS = ['id', 'userId', 'sub'] as const;

export type TokenPayload = Record<string, unknown>;

/** True when the token has exactly three dot-separated parts (header.payload.signature). */
export function hasThreeParts(token: string): boolean {
  return token.split('.').length === 3;
}

/** Decodes a base64url segment as UTF-8 text. Throws on malformed input. */
function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The decoded middle part of a three-part token. Throws when it is not base64url JSON of an object;
 * callers decide whether that is logged (role reading) or silent (validity checks).
 */
export function decodePayload(token: string): TokenPayload {
  const [, middle] = token.split('.');
  const payload: unknown = JSON.parse(decodeBase64Url(middle ?? ''));
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new Error('El contenido del token no es un objeto');
  }
  return payload as TokenPayload;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function firstPresent(payload: TokenPayload, claims: readonly string[]): unknown {
  for (const claim of claims) if (isPresent(payload[claim])) return payload[claim];
  return undefined;
}

/**
 * The role of a token (SPEC 3, 5, 8): only a three-part token is read; otherwise the role is null and
 * 'Token JWT inválido: formato incorrecto' is logged. A payload that cannot be decoded logs
 * 'Error al decodificar el token' and gives null.
 */
export function getRoleFromToken(token: string | null | undefined): string | null {
  if (!token) return null;
  if (!hasThreeParts(token)) {
    console.error('Token JWT inválido: formato incorrecto');
    return null;
  }
  try {
    const role = firstPresent(decodePayload(token), ROLE_CLAIMS);
    return role === undefined ? null : String(role);
  } catch (err) {
    console.error('Error al decodificar el token', err);
    return null;
  }
}

/**
 * The user id of a token: the first present claim among id, userId, sub (SPEC 3), as a number.
 * Silent: the role reader already reports a malformed token.
 */
export function getUserIdFromToken(token: string | null | undefined): number | null {
  if (!token || !hasThreeParts(token)) return null;
  try {
    const raw = firstPresent(decodePayload(token), USER_ID_CLAIMS);
    if (raw === undefined) return null;
    const id = typeof raw === 'number' ? raw : Number(String(raw).trim());
    return Number.isFinite(id) ? id : null;
  } catch {
    return null;
  }
}

/** The expiry of a token in milliseconds (exp is in seconds, SPEC 9), or null when it has none. */
export function getTokenExpiryMs(token: string | null | undefined): number | null {
  if (!token || !hasThreeParts(token)) return null;
  try {
    const { exp } = decodePayload(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * A token is valid only if it exists, has three parts, its payload has exp (seconds) and now is before
 * exp * 1000 (SPEC 5). Any decoding failure means invalid.
 */
export function isTokenValid(token: string | null | undefined, now: number = Date.now()): boolean {
  const expiresAt = getTokenExpiryMs(token);
  return expiresAt !== null && now < expiresAt;
}
