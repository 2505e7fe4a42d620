// Who the cart belongs to. SPEC 5: for the cart a token counts only when it is valid (three parts, exp in the
// future). The user id (SPEC 3: id, userId, sub) tells a new sign-in apart from a renewed token of the same
// user, so a silent renewal does not reload the cart.
import { getUserIdFromToken, isTokenValid } from '../session/token.ts';

/** `usuario:<id>` (or the token itself when it names no user); null when there is no valid token. */
export function duenoDelCarrito(token: string | null | undefined, ahora: number = Date.now()): string | null {
  if (!token || !isTokenValid(token, ahora)) return null;
  const id = getUserIdFromToken(token);
  return id === null ? `token:${token}` : `usuario:${id}`;
}
