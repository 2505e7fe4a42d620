// Re-encodes an image so that nothing but its pixels is kept: EXIF (GPS location, device, dates), XMP, comments
// and embedded thumbnails are dropped, after the orientation EXIF asked for is applied to the pixels. Used for
// clinical photos and exam results sent as photos (private health data must not carry where it was taken).
import type { Metadata } from 'sharp';
import { cargarSharp } from './sharp.ts';
import { AppError } from './app-error.ts';
import { tipoPorFirma } from './tipo-archivo.ts';

/** Decompression-bomb guard: refuse images above this many pixels before decoding them. */
export const MAX_PIXELES = 40_000_000;

export type ImagenLimpia = { bytes: Buffer; formato: 'jpeg' | 'png' };

/**
 * The decoder and its oriented pipeline for bytes that announce `formato`: bytes the decoder reads as another format
 * or without a size get `invalido()`; more than MAX_PIXELES pixels, a 413 (checked before decoding them).
 */
export async function decodificar(buf: Buffer, formato: string, invalido: () => AppError) {
  const sharp = await cargarSharp();
  let meta: Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch {
    throw invalido();
  }
  if (meta.format !== formato || !meta.width || !meta.height) throw invalido();
  if (meta.width * meta.height > MAX_PIXELES) {
    throw new AppError('ARCHIVO_DEMASIADO_GRANDE', 413, 'La imagen tiene demasiados píxeles (máximo 40 megapíxeles).');
  }
  return { sharp, imagen: sharp(buf, { limitInputPixels: MAX_PIXELES, failOn: 'error' }).autoOrient() };
}

/**
 * The image re-encoded without metadata: JPEG stays JPEG and PNG stays PNG; WebP becomes JPEG. Bytes that are not
 * a decodable image of an allowed format get `invalido()`.
 */
export async function limpiarImagen(
  buf: Buffer,
  invalido: () => AppError,
  opciones: { permitidos: readonly ('jpeg' | 'png' | 'webp')[]; maxLado?: number },
): Promise<ImagenLimpia> {
  const tipo = tipoPorFirma(buf);
  if (!tipo || tipo === 'pdf' || !opciones.permitidos.includes(tipo)) throw invalido();
  // sharp drops every metadata block unless asked to keep it (withMetadata/keepExif are never called here).
  let { imagen } = await decodificar(buf, tipo, invalido);
  if (opciones.maxLado) {
    imagen = imagen.resize({
      width: opciones.maxLado,
      height: opciones.maxLado,
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  try {
    if (tipo === 'png') return { bytes: await imagen.png().toBuffer(), formato: 'png' };
    return { bytes: await imagen.jpeg({ quality: 88, mozjpeg: true }).toBuffer(), formato: 'jpeg' };
  } catch {
    // Valid header, broken data.
    throw invalido();
  }
}
