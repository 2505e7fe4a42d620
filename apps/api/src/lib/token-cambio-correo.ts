// E-mail-change links without a table (decision 0037), built like the recovery links (decision 0011): an HMAC over
// the user id, the expiry, the new address, and the account's current address and password hash. Once the address
// changes (by this link or any other way) or the password does, every link issued before stops working: single
// use without storing anything. The key is derived from JWT_SECRET for this purpose only.
import { createHmac, timingSafeEqual } from 'node:crypto';

const VERSION = 'c1';

export type DatosCambioCorreo = { usuarioId: number; expira: Date; correoNuevo: string };

export type TokensCambioCorreo = {
  /** A link token that moves this account to `correoNuevo`, valid until `expira` while `cuenta` stays as it is. */
  emitir(d: DatosCambioCorreo, cuenta: { correo: string; contrasenaHash: string }): string;
  /** What a well-formed token claims, NOT yet verified (null if malformed). */
  leer(token: string): DatosCambioCorreo | null;
  /** Whether the token was issued for this account in its current state (constant-time compare). */
  verificar(token: string, cuenta: { correo: string; contrasenaHash: string }): boolean;
};

export function createTokensCambioCorreo(secreto: string): TokensCambioCorreo {
  const clave = createHmac('sha256', secreto).update('clinica-estetica/cambio-correo/v1').digest();
  const firmar = (
    usuarioId: number,
    expSeg: number,
    correoNuevo: string,
    cuenta: { correo: string; contrasenaHash: string },
  ) =>
    createHmac('sha256', clave)
      .update(`${VERSION}.${usuarioId}.${expSeg}.`)
      .update(JSON.stringify([correoNuevo, cuenta.correo.toLowerCase(), cuenta.contrasenaHash]))
      .digest();

  function partes(token: string) {
    const m = /^c1\.([1-9]\d{0,9})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!m) return null;
    const correoNuevo = Buffer.from(m[3]!, 'base64url').toString('utf8');
    if (!correoNuevo.includes('@')) return null;
    return { usuarioId: Number(m[1]), expSeg: Number(m[2]), correoNuevo, firma: Buffer.from(m[4]!, 'base64url') };
  }

  return {
    emitir({ usuarioId, expira, correoNuevo }, cuenta) {
      const expSeg = Math.floor(expira.getTime() / 1000);
      const firma = firmar(usuarioId, expSeg, correoNuevo, cuenta).toString('base64url');
      return `${VERSION}.${usuarioId}.${expSeg}.${Buffer.from(correoNuevo, 'utf8').toString('base64url')}.${firma}`;
    },
    leer(token) {
      const p = partes(token);
      return p ? { usuarioId: p.usuarioId, expira: new Date(p.expSeg * 1000), correoNuevo: p.correoNuevo } : null;
    },
    verificar(token, cuenta) {
      const p = partes(token);
      if (!p || p.firma.length !== 32) return false;
      return timingSafeEqual(p.firma, firmar(p.usuarioId, p.expSeg, p.correoNuevo, cuenta));
    },
  };
}
