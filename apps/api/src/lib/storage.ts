// File storage behind a small interface (put, get as a stream, delete): features never see disk paths.
// Two local-disk stores under DATA_DIR: `uploads` for public files (procedure images, served under /media
// with a long cache) and `privado` for private ones (signatures, exam results, PDFs, clinical photos),
// reachable only through authorised, audited routes (platform/archivos.*). An S3-compatible implementation
// can replace either without touching the features.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where public uploads live: DATA_DIR/uploads (ARCHITECTURE.md, files). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');
/** Where private files live: DATA_DIR/privado, never served statically. */
export const privadoDir = (dataDir: string) => path.join(dataDir, 'privado');

export type Storage = {
  /** Writes the bytes (a buffer or a stream) under a key such as 'procedimientos/ab12...-tarjeta.webp';
   *  atomic: a reader never sees half a file, and a failed write leaves nothing. Resolves to the size. */
  put(key: string, data: Buffer | Readable): Promise<number>;
  /** The bytes and their size, or null when the key does not exist. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes a key; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key with its last write, half-written ones (`*.tmp` of a crashed put) included. */
  list(): AsyncIterable<{ key: string; modified: Date }>;
};

/** Keys are relative, '/'-separated, made of safe characters only: no '..', no absolute paths. */
const KEY = /^[a-z0-9_-]+(?:\/[a-z0-9_.-]+)+$/i;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((seg) => seg === '.' || seg === '..' || seg.startsWith('.'))) {
    throw new Error(`Clave de almacenamiento inválida: ${key}`);
  }
}

/** fsync of a file or a folder (a folder's entries, a rename or a new file, are durable only once it is synced). */
export async function sincronizar(ruta: string): Promise<void> {
  const h = await open(ruta, 'r');
  try {
    await h.sync();
  } finally {
    await h.close();
  }
}

export function createLocalStorage(root: string, opts: { privado?: boolean } = {}): Storage {
  const base = path.resolve(root);
  // Private files are readable by this process only.
  const modoArchivo = opts.privado ? 0o600 : 0o644;
  const modoCarpeta = opts.privado ? 0o700 : 0o755;
  const resolve = (key: string) => {
    assertKey(key);
    return path.join(base, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const destino = resolve(key);
      await mkdir(path.dirname(destino), { recursive: true, mode: modoCarpeta });
      const tmp = `${destino}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        const origen = Buffer.isBuffer(data) ? Readable.from([data]) : data;
        // `flush`: the bytes reach the disk (fsync) before the file is closed, and the rename is synced in its
        // folder: a stored file survives a power cut as the database row that points to it does (issue 28).
        await pipeline(origen, createWriteStream(tmp, { mode: modoArchivo, flush: true }));
        await rename(tmp, destino);
        await sincronizar(path.dirname(destino));
        return (await stat(destino)).size;
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const ruta = resolve(key);
      const info = await stat(ruta).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(ruta), size: info.size };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async *list() {
      const walk = async function* (rel: string): AsyncGenerator<{ key: string; modified: Date }> {
        const entries = await readdir(path.join(base, ...rel.split('/')), { withFileTypes: true }).catch(() => []);
        for (const e of entries) {
          const key = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) yield* walk(key);
          else if (e.isFile()) {
            // Gone since the listing (deleted meanwhile): not there any more, nothing to report.
            const info = await stat(path.join(base, ...key.split('/'))).catch(() => null);
            if (info) yield { key, modified: info.mtime };
          }
        }
      };
      yield* walk('');
    },
  };
}
