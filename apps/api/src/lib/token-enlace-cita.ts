// The confirm and cancel links of an appointment's reminder (issue 25, item 3; docs/decisions/0067-enlaces-recordatorio.md),
// made like the recovery links (token-recuperacion.ts, decision 0011): `e1.<cita_id>.<accion>.<inicio>.<hmac>`,
// an HMAC-SHA256 over the version, the appointment, the action and its start, with a key derived from JWT_SECRET for
// this purpose only (a session or a recovery token can never pass for one, nor one action for the other).
// The start is also the expiry: a link works until the appointment begins, and a moved appointment's old links name
// a start it no longer has. Single use is the database's (enlaces_cita_usados keeps the SHA-256 of a used token).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AccionEnlaceCita } from '@clinica/contracts/enlaces-cita';

const VERSION = 'e1';

export type DatosEnlaceCita = { citaId: number; accion: AccionEnlaceCita; inicio: Date };

export type TokensEnlaceCita = {
  /** A link to `accion` the appointment `citaId` that starts at `inicio` (and works until then). */
  emitir(citaId: number, accion: AccionEnlaceCita, inicio: Date): string;
  /** What a well-formed token claims, verified (null when malformed or its signature does not match). */
  verificar(token: string): DatosEnlaceCita | null;
};

/** What a used link leaves in the database: its SHA-256 (hex), never the token. */
export const huellaEnlace = (token: string) => createHash('sha256').update(token).digest('hex');

export function createTokensEnlaceCita(secreto: string): TokensEnlaceCita {
  const clave = createHmac('sha256', secreto).update('clinica-estetica/enlace-recordatorio-cita/v1').digest();
  const firmar = (citaId: number, accion: AccionEnlaceCita, inicioSeg: number) =>
    createHmac('sha256', clave).update(`${VERSION}.${citaId}.${accion}.${inicioSeg}`).digest();

  return {
    emitir(citaId, accion, inicio) {
      const seg = Math.floor(inicio.getTime() / 1000);
      return `${VERSION}.${citaId}.${accion}.${seg}.${firmar(citaId, accion, seg).toString('base64url')}`;
    },
    verificar(token) {
      const m = /^e1\.([1-9]\d{0,9})\.(confirmar|cancelar)\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return null;
      const citaId = Number(m[1]);
      const accion = m[2] as AccionEnlaceCita;
      const seg = Number(m[3]);
      const firma = Buffer.from(m[4]!, 'base64url');
      if (firma.length !== 32 || !timingSafeEqual(firma, firmar(citaId, accion, seg))) return null;
      return { citaId, accion, inicio: new Date(seg * 1000) };
    },
  };
}
