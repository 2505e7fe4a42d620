// Temporary directories of one test file: created under the system's temporary folder and removed after the
// file's last test (test/setup.ts), so a run leaves nothing behind. Test files share a worker's modules
// (vitest.config.ts), so nothing here outlives the file that asked for it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const creados: string[] = [];

/** A new empty directory, removed after this test file. */
export function directorioTemporal(prefijo: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefijo}-`));
  creados.push(dir);
  return dir;
}

/** A path for a directory that may never be created (e.g. a DATA_DIR nothing writes to); removed if it was. */
export function rutaTemporal(prefijo: string): string {
  const dir = path.join(os.tmpdir(), `${prefijo}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
  creados.push(dir);
  return dir;
}

/** Paths of rutaDelArchivo, one per prefix for the current test file. */
const delArchivo = new Map<string, string>();

/** The same rutaTemporal for every call of this test file (e.g. the DATA_DIR its apps share). */
export function rutaDelArchivo(prefijo: string): string {
  let dir = delArchivo.get(prefijo);
  if (!dir) delArchivo.set(prefijo, (dir = rutaTemporal(prefijo)));
  return dir;
}

export function borrarTemporales(): void {
  delArchivo.clear();
  for (const dir of creados.splice(0)) rmSync(dir, { recursive: true, force: true });
}
