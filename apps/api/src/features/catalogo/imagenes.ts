// Procedure images: content check (magic bytes + decoder, never the name or the declared type),
// two WebP copies without metadata (card and detail), and where they live in storage and on the web.
import { randomBytes } from 'node:crypto';
import { MEDIA_PREFIX } from '@clinica/contracts/rutas';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../lib/storage.ts';
import { decodificar, MAX_PIXELES } from '../../lib/imagen-limpia.ts';
import { tipoPorFirma } from '../../lib/tipo-archivo.ts';

/** Folder inside storage and under /media/. */
export const CARPETA = 'procedimientos';
export { MEDIA_PREFIX };
/** Stored file names: 32 random hex chars, the copy, '.webp'. Never reused, so cacheable forever. */
export const ARCHIVO_MEDIA = /^[a-f0-9]{32}-(tarjeta|detalle)\.webp$/;

export const TARJETA = { width: 480, height: 360 } as const;
export const DETALLE = { width: 1200, height: 1600 } as const;
/** WebP encoder effort: 2 is about twice as fast as the default 4 for files ~10% larger (uploads, seed). */
const ESFUERZO_WEBP = 2;
/** Decompression-bomb guard, shared with the clinical images (lib/imagen-limpia.ts). */
export { MAX_PIXELES };

export type FormatoImagen = 'jpeg' | 'png' | 'webp';
export type CopiasImagen = { tarjeta: Buffer; detalle: Buffer };

export const noEsImagen = () => new AppError('ARCHIVO_INVALIDO', 415, 'El archivo no es una imagen JPEG, PNG o WebP.');

/** The image format announced by the file's first bytes, or null (a PDF is not an image here). */
export function formatoPorFirma(buf: Buffer): FormatoImagen | null {
  const tipo = tipoPorFirma(buf);
  return tipo === 'pdf' ? null : tipo;
}

/**
 * Checks that the bytes are a JPEG, PNG or WebP the decoder accepts and makes the two copies:
 * card 480x360 (4:3, cropped to the most interesting area) and detail up to 1200 px wide.
 * EXIF orientation is applied; every metadata block (EXIF, GPS, XMP, comments) is dropped.
 */
export async function procesarImagen(buf: Buffer): Promise<CopiasImagen> {
  const formato = formatoPorFirma(buf);
  if (!formato) throw noEsImagen();
  const { sharp, imagen: base } = await decodificar(buf, formato, noEsImagen);
  try {
    const [tarjeta, detalle] = await Promise.all([
      base
        .clone()
        .resize({ ...TARJETA, fit: 'cover', position: sharp.strategy.attention })
        .webp({ quality: 78, effort: ESFUERZO_WEBP })
        .toBuffer(),
      base
        .clone()
        .resize({ ...DETALLE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: ESFUERZO_WEBP })
        .toBuffer(),
    ]);
    return { tarjeta, detalle };
  } catch {
    // Valid header, broken data.
    throw noEsImagen();
  }
}

const claveTarjeta = (ruta: string) => `${ruta}-tarjeta.webp`;
const claveDetalle = (ruta: string) => `${ruta}-detalle.webp`;

/** Saves both copies under a new random name; returns the `ruta` kept in procedimiento_imagenes. */
export async function guardarCopias(storage: Storage, copias: CopiasImagen): Promise<string> {
  const ruta = `${CARPETA}/${randomBytes(16).toString('hex')}`;
  await storage.put(claveTarjeta(ruta), copias.tarjeta);
  try {
    await storage.put(claveDetalle(ruta), copias.detalle);
  } catch (err) {
    await storage.delete(claveTarjeta(ruta)).catch(() => {});
    throw err;
  }
  return ruta;
}

export async function eliminarCopias(storage: Storage, ruta: string): Promise<void> {
  await Promise.all([storage.delete(claveTarjeta(ruta)), storage.delete(claveDetalle(ruta))]);
}

export function urlsImagen(ruta: string): { url_tarjeta: string; url_detalle: string } {
  return { url_tarjeta: `${MEDIA_PREFIX}${claveTarjeta(ruta)}`, url_detalle: `${MEDIA_PREFIX}${claveDetalle(ruta)}` };
}
