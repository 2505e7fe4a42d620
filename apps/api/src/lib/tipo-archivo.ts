// What a file is, by its first bytes: never by its name or the type the client declared.

export type TipoArchivo = 'jpeg' | 'png' | 'webp' | 'pdf';

export const TIPOS_CONTENIDO: Record<TipoArchivo, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** Bytes needed to tell every type apart. */
export const BYTES_FIRMA = 12;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type announced by the file's first bytes, or null. */
export function tipoPorFirma(buf: Buffer): TipoArchivo | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG)) return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (buf.length >= 5 && buf.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  return null;
}
