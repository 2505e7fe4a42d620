// Signs and verifies the session JWT. Algorithm pinned to HS256; issuer and audience checked.
import { SignJWT, jwtVerify } from 'jose';
import type { Rol } from '@clinica/contracts/usuarios';

export const JWT_ISSUER = 'clinica-estetica';
export const JWT_AUDIENCE = 'clinica-estetica-web';
export const JWT_ALG = 'HS256';

/** Verified tokens remembered (each a few hundred bytes); beyond it the oldest is verified again when used. */
const MAX_VERIFICADOS = 10_000;

export type TokenClaims = { sub: string; id: number; rol: Rol; sid: string; iat: number; exp: number };

export type Tokens = {
  sign(claims: { id: number; rol: Rol; sid: string }, expiresAt: Date): Promise<string>;
  /** Returns the claims of a valid token, or null for anything else (tampered, expired, alg none...). */
  verify(token: string): Promise<TokenClaims | null>;
};

/** `now`: the service's clock (tests inject one); expiry and issued-at follow it, never Date.now(). */
export function createTokens(secret: string, now: () => Date = () => new Date()): Tokens {
  // Imported once: given raw bytes, jose would import the key again on every sign and verify (a hot path:
  // every authenticated request verifies a token).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  key.catch(() => {}); // a bad secret surfaces where the key is awaited, not as an unhandled rejection
  const verificados = new Map<string, TokenClaims>();
  return {
    async sign({ id, rol, sid }, expiresAt) {
      return new SignJWT({ id, rol, sid })
        .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT' })
        .setSubject(String(id))
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
    },
    async verify(token) {
      // A token verified once needs only its expiry checked again (the signature, algorithm, issuer,
      // audience and claims cannot change; exp is checked exactly as jose does). Revocation is the
      // session's business, looked up on every request.
      const visto = verificados.get(token);
      if (visto) {
        if (visto.exp > Math.floor(now().getTime() / 1000)) return visto;
        verificados.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [JWT_ALG],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          currentDate: now(),
          requiredClaims: ['sub', 'id', 'rol', 'sid', 'iat', 'exp'],
        });
        if (typeof payload.id !== 'number' || typeof payload.sid !== 'string' || typeof payload.rol !== 'string')
          return null;
        const claims = Object.freeze(payload) as unknown as TokenClaims;
        if (verificados.size >= MAX_VERIFICADOS) verificados.delete(verificados.keys().next().value as string);
        verificados.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
