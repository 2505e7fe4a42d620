// File storage for uploads behind a small interface; the default keeps files on local disk under
// DATA_DIR/uploads. An S3-compatible implementation can replace it without touching the features.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Where local uploads live: DATA_DIR/uploads (ARCHITECTURE.md, files). */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

export type Storage = {
  /** Writes the bytes under a key such as 'procedimientos/ab12...-tarjeta.webp' (atomic: temp file + rename). */
  save(key: string, data: Buffer): Promise<void>;
  /** Removes a key; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Absolute path of a key on local disk (for streaming it back). */
  path(key: string): string;
};

/** Keys are relative, '/'-separated, made of safe characters only: no '..', no absolute paths. */
const KEY = /^[a-z0-9_-]+(?:\/[a-z0-9_.-]+)+$/i;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((seg) => seg === '.' || seg === '..' || seg.startsWith('.'))) {
    throw new Error(`Clave de almacenamiento inválida: ${key}`);
  }
}

export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    assertKey(key);
    return path.join(base, ...key.split('/'));
  };
  return {
    async save(key, data) {
      const destino = resolve(key);
      await mkdir(path.dirname(destino), { recursive: true });
      const tmp = `${destino}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, data, { mode: 0o644 });
        await rename(tmp, destino);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    path: resolve,
  };
}
