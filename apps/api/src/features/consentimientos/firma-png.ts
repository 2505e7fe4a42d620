// The drawn signature arrives as a PNG data URL. It is checked by its content, never by the prefix it claims:
// the PNG signature bytes, an IHDR chunk with the dimensions a signature pad produces, a bounded size, and pdf-lib
// must be able to decode it (it is embedded in the consent PDF). Anything else is refused before anything is stored.
import { PREFIJO_FIRMA } from '@clinica/contracts/consentimientos';
import { AppError } from '../../lib/app-error.ts';
import { generarPdf } from '../../lib/pdf-pool.ts';

/** Decoded bytes at most (a drawn signature of a few hundred pixels is a few KB). */
export const MAX_BYTES_FIRMA = 180 * 1024;
/**
 * Largest signature accepted, in pixels, read from the IHDR header before anything is decoded (issue 21, item 2):
 * a few KB of PNG can declare 4000x4000, and decoding that took seconds. The web's pad draws at most 900x360
 * (apps/web firma-pad.tsx); twice that leaves room for other clients without letting a bomb through.
 */
export const MAX_ANCHO_FIRMA = 2000;
export const MAX_ALTO_FIRMA = 1000;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const M_FIRMA_INVALIDA = 'La firma debe ser una imagen PNG dibujada en el recuadro. Vuelve a firmar.';
const invalida = () => new AppError('FIRMA_INVALIDA', 422, M_FIRMA_INVALIDA);
export const M_FIRMA_GRANDE = `La firma es demasiado grande (máximo ${MAX_ANCHO_FIRMA} × ${MAX_ALTO_FIRMA} píxeles). Borra el recuadro y vuelve a firmar.`;

/** The PNG bytes of a signature data URL, or a 422. */
export async function pngDeFirma(dataUrl: string): Promise<Buffer> {
  if (!dataUrl.startsWith(PREFIJO_FIRMA)) throw invalida();
  const b64 = dataUrl.slice(PREFIJO_FIRMA.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw invalida();
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length < 33 || bytes.length > MAX_BYTES_FIRMA) throw invalida();
  if (!bytes.subarray(0, 8).equals(PNG) || bytes.toString('latin1', 12, 16) !== 'IHDR') throw invalida();
  const ancho = bytes.readUInt32BE(16);
  const alto = bytes.readUInt32BE(20);
  if (ancho < 1 || alto < 1) throw invalida();
  if (ancho > MAX_ANCHO_FIRMA || alto > MAX_ALTO_FIRMA)
    throw new AppError('ARCHIVO_DEMASIADO_GRANDE', 413, M_FIRMA_GRANDE);
  try {
    // Decoded on a PDF worker thread, as the consent PDF will decode it (issue 21, item 2).
    await generarPdf({ tipo: 'firma', png: bytes });
  } catch {
    throw invalida();
  }
  return bytes;
}
