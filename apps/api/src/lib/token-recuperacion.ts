// Password-recovery tokens without a table (docs/decisions/0011-recuperacion-de-contrasena.md): an HMAC over the
// user id, the expiry and the user's current password hash. Changing the password (using the link, or any other
// way) changes the hash, so every link issued before stops working: single use without storing anything.
// The key is derived from JWT_SECRET for this purpose only, so a session token can never pass for a link.
import { createHmac, timingSafeEqual } from 'node:crypto';

const VERSION = 'r1';

export type DatosToken = { usuarioId: number; expira: Date };

export type TokensRecuperacion = {
  /** A token for this user valid until `expira` while their password hash stays `contrasenaHash`. */
  emitir(usuarioId: number, expira: Date, contrasenaHash: string): string;
  /** The claimed user and expiry of a well-formed token, NOT yet verified (null if malformed). */
  leer(token: string): DatosToken | null;
  /** Whether the token was issued for this user while their hash was `contrasenaHash` (constant-time compare). */
  verificar(token: string, contrasenaHash: string): boolean;
};

export function createTokensRecuperacion(secreto: string): TokensRecuperacion {
  const clave = createHmac('sha256', secreto).update('clinica-estetica/recuperacion-contrasena/v1').digest();
  const firmar = (usuarioId: number, expSeg: number, hash: string) =>
    createHmac('sha256', clave).update(`${VERSION}.${usuarioId}.${expSeg}.`).update(hash).digest();

  function partes(token: string) {
    const m = /^r1\.([1-9]\d{0,9})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return null;
    return { usuarioId: Number(m[1]), expSeg: Number(m[2]), firma: Buffer.from(m[3]!, 'base64url') };
  }

  return {
    emitir(usuarioId, expira, contrasenaHash) {
      const expSeg = Math.floor(expira.getTime() / 1000);
      return `${VERSION}.${usuarioId}.${expSeg}.${firmar(usuarioId, expSeg, contrasenaHash).toString('base64url')}`;
    },
    leer(token) {
      const p = partes(token);
      return p ? { usuarioId: p.usuarioId, expira: new Date(p.expSeg * 1000) } : null;
    },
    verificar(token, contrasenaHash) {
      const p = partes(token);
      if (!p || p.firma.length !== 32) return false;
      return timingSafeEqual(p.firma, firmar(p.usuarioId, p.expSeg, contrasenaHash));
    },
  };
}
