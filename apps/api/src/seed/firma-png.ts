// A small drawn-looking signature as PNG bytes, encoded by hand (no image library): the demo seed signs its
// consents with it and the tests use it as a real signature. RGBA, transparent background, a dark stroke.
import { deflateSync } from 'node:zlib';

const TABLA = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = TABLA[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function bloque(tipo: string, datos: Buffer): Buffer {
  const largo = Buffer.alloc(4);
  largo.writeUInt32BE(datos.length);
  const cuerpo = Buffer.concat([Buffer.from(tipo, 'latin1'), datos]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(cuerpo));
  return Buffer.concat([largo, cuerpo, crc]);
}

/** A PNG of `ancho` x `alto` with a wavy stroke; `semilla` varies the wave so each demo signature differs. */
export function firmaPng(semilla = 1, ancho = 240, alto = 80): Buffer {
  const px = Buffer.alloc(alto * (ancho * 4 + 1));
  const pintar = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const xx = Math.round(x) + dx;
        const yy = Math.round(y) + dy;
        if (xx < 0 || yy < 0 || xx >= ancho || yy >= alto) continue;
        const i = yy * (ancho * 4 + 1) + 1 + xx * 4;
        px[i] = 20;
        px[i + 1] = 30;
        px[i + 2] = 60;
        px[i + 3] = 255;
      }
  };
  for (let x = 12; x < ancho - 12; x += 0.5) {
    const y = alto / 2 + Math.sin(x / (9 + semilla)) * (alto / 4) + Math.cos(x / 23) * 6;
    pintar(x, y);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    bloque('IHDR', ihdr),
    bloque('IDAT', deflateSync(px)),
    bloque('IEND', Buffer.alloc(0)),
  ]);
}

export const firmaDataUrl = (semilla = 1) => `data:image/png;base64,${firmaPng(semilla).toString('base64')}`;
