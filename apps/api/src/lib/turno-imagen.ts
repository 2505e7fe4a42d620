// One person's image work at a time (issue 21, item 2): decoding and re-encoding an upload runs on libuv's shared
// thread pool (sharp), the same threads file reads use. A person may have at most MAX_IMAGENES_POR_PERSONA images in
// progress; another one meanwhile gets a 429 at once, so one patient's burst of photos cannot hold everyone's reads.
import { AppError } from './app-error.ts';

export const MAX_IMAGENES_POR_PERSONA = 2;
export const M_IMAGEN_EN_CURSO =
  'Ya estamos procesando tus imágenes. Espera a que terminen de subir e inténtalo de nuevo.';

const enCurso = new Map<number, number>();

/** Runs `fn` as one of the person's images in progress, or refuses with a 429 when she already has the most. */
export async function conTurnoImagen<T>(usuarioId: number, fn: () => Promise<T>): Promise<T> {
  const actuales = enCurso.get(usuarioId) ?? 0;
  if (actuales >= MAX_IMAGENES_POR_PERSONA) throw new AppError('DEMASIADOS_INTENTOS', 429, M_IMAGEN_EN_CURSO);
  enCurso.set(usuarioId, actuales + 1);
  try {
    return await fn();
  } finally {
    const quedan = (enCurso.get(usuarioId) ?? 1) - 1;
    if (quedan > 0) enCurso.set(usuarioId, quedan);
    else enCurso.delete(usuarioId);
  }
}
