// The drawn signature arrives as a PNG data URL. It is checked by its content, never by the prefix it claims:
// the PNG signature bytes, an IHDR chunk with sane dimensions, a bounded size, and pdf-lib must be able to
// decode it (it is embedded in the consent PDF). Anything else is refused before anything is stored.
import { PDFDocument } from 'pdf-lib';
import { PREFIJO_FIRMA } from '@clinica/contracts/consentimientos';
import { AppError } from '../../lib/app-error.ts';

/** Decoded bytes at most (a drawn signature of a few hundred pixels is a few KB). */
export const MAX_BYTES_FIRMA = 180 * 1024;
const MAX_LADO = 4000;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const M_FIRMA_INVALIDA = 'La firma debe ser una imagen PNG dibujada en el recuadro. Vuelve a firmar.';
const invalida = () => new AppError('ARCHIVO_INVALIDO', 422, M_FIRMA_INVALIDA);

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
  if (ancho < 1 || alto < 1 || ancho > MAX_LADO || alto > MAX_LADO) throw invalida();
  try {
    const doc = await PDFDocument.create();
    await doc.embedPng(bytes);
  } catch {
    throw invalida();
  }
  return bytes;
}
