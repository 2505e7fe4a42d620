// One pass over a multipart body without holding it in memory: the one file field the route wants is handed
// on as a stream (to storage, or to the image decoder), every other file part is drained and dropped, and
// the bytes of the whole request count against one total limit, besides @fastify/multipart's per-file,
// per-part and per-field limits.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './app-error.ts';

export type OpcionesMultipart<T> = {
  /** The file field the route reads; later files in the same field are dropped. */
  campoArchivo: string;
  /** Bytes of every part together. */
  maxTotal: number;
  /** Consumes the file's stream completely (e.g. storage.put, or collecting a bounded buffer). */
  recibir: (stream: Readable, parte: Pick<MultipartFile, 'filename' | 'mimetype'>) => Promise<T>;
  /** Undoes what recibir did when the request fails later (e.g. deletes the stored file). */
  deshacer?: (recibido: T) => Promise<void>;
  /** The error for a file or request over its limit (Spanish, 413). */
  muyGrande: () => AppError;
  /** How messages name the file: { uno: 'una imagen', el: 'la imagen' }. */
  nombre?: { uno: string; el: string };
};

export type Multipart<T> = { archivo: T | undefined; campos: Record<string, string> };

const descartar = () =>
  new Writable({
    write(_chunk, _enc, cb) {
      cb();
    },
  });

export async function leerMultipart<T>(request: FastifyRequest, opts: OpcionesMultipart<T>): Promise<Multipart<T>> {
  let total = 0;
  const contar = (n: number) => {
    total += n;
    if (total > opts.maxTotal) throw opts.muyGrande();
  };
  const contador = () =>
    new Transform({
      transform(chunk: Buffer, _enc, cb) {
        try {
          contar(chunk.length);
          cb(null, chunk);
        } catch (err) {
          cb(err as Error);
        }
      },
    });

  const nombre = opts.nombre ?? { uno: 'un archivo', el: 'el archivo' };
  let archivo: T | undefined;
  let recibido = false;
  const campos: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === opts.campoArchivo && !recibido) {
          const salida = contador();
          // pipeline, not pipe: a body cut short destroys salida too, so recibir fails instead of waiting.
          pipeline(part.file, salida).catch((err: Error) => salida.destroy(err));
          archivo = await opts.recibir(salida, part);
          recibido = true;
          // Cut at the per-file limit: what was received is incomplete.
          if (part.file.truncated) throw opts.muyGrande();
        } else {
          await pipeline(part.file, contador(), descartar());
        }
      } else if (typeof part.value === 'string') {
        contar(Buffer.byteLength(part.value));
        campos[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (recibido && opts.deshacer) await opts.deshacer(archivo as T).catch(() => {});
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw opts.muyGrande();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(
        'ARCHIVO_DEMASIADO_GRANDE',
        413,
        `La solicitud tiene demasiadas partes. Envía ${nombre.uno} a la vez.`,
      );
    }
    if (err instanceof AppError) throw err;
    // Anything else here is the client's envelope (no boundary, truncated body, malformed part header).
    throw new AppError('VALIDACION', 400, `El formulario multipart está mal formado. Envía ${nombre.el} de nuevo.`);
  }
  return { archivo, campos };
}

/** Collects a stream into one buffer (the stream is already bounded by the caller's limits). */
export async function aBuffer(stream: Readable): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const chunk of stream) partes.push(chunk as Buffer);
  return Buffer.concat(partes);
}
