// sharp (libvips) for the few requests that process an image (catalogue uploads, clinical photos) and the demo
// seed. Loaded on first use, not at start-up: its native library costs ~90 ms and tens of MB of resident memory
// to a process that may never process an image (issue 12, item 5).
import type Sharp from 'sharp';

let cargado: Promise<typeof Sharp> | undefined;

/** The sharp module, loaded once and configured before its first use. */
export function cargarSharp(): Promise<typeof Sharp> {
  cargado ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps recent operations and their pixels (up to 50 MB by default) in case the same image is
    // processed again; every upload here is a different image, so the cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return cargado;
}
