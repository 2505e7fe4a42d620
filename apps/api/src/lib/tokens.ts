// Signs and verifies the session JWT. Algorithm pinned to HS256; issuer and audience checked.
import { SignJWT, jwtVerify } from 'jose';
import type { Rol } from '@clinica/contracts/usuarios';

export const JWT_ISSUER = 'clinica-estetica';
export const JWT_AUDIENCE = 'clinica-estetica-web';
export const JWT_ALG = 'HS256';

export type TokenClaims = { sub: string; id: number; rol: Rol; sid: string; iat: number; exp: number };

export type Tokens = {
  sign(claims: { id: number; rol: Rol; sid: string }, expiresAt: Date): Promise<string>;
  /** Returns the claims of a valid token, or null for anything else (tampered, expired, alg none...). */
  verify(token: string): Promise<TokenClaims | null>;
};

export function createTokens(secret: string): Tokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ id, rol, sid }, expiresAt) {
      return new SignJWT({ id, rol, sid })
        .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT' })
        .setSubject(String(id))
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [JWT_ALG],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          requiredClaims: ['sub', 'id', 'rol', 'sid', 'iat', 'exp'],
        });
        if (typeof payload.id !== 'number' || typeof payload.sid !== 'string' || typeof payload.rol !== 'string')
          return null;
        return payload as unknown as TokenClaims;
      } catch {
        return null;
      }
    },
  };
}
