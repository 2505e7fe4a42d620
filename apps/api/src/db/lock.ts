// PGlite keeps no lock on its directory; two processes on one directory corrupt it.
// We take our own: an exclusive lock file holding the owner's pid, with stale-lock detection.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export class DataDirLockedError extends Error {
  constructor(
    public readonly archivo: string,
    public readonly pid: number,
  ) {
    super(
      `La base de datos embebida ya está en uso por otro proceso (pid ${pid}). ` +
        `Detén ese proceso o usa otro DATA_DIR. Archivo de bloqueo: ${archivo}`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Acquires the lock or throws DataDirLockedError. Returns the release function. */
export function acquireLock(archivo: string): () => void {
  for (let intento = 0; intento < 2; intento++) {
    try {
      const fd = openSync(archivo, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let liberado = false;
      return () => {
        if (liberado) return;
        liberado = true;
        try {
          if (readFileSync(archivo, 'utf8').trim() === String(process.pid)) unlinkSync(archivo);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(archivo, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(archivo, pid);
      }
      // Stale lock (owner died, e.g. kill -9): remove it and retry once.
      unlinkSync(archivo);
    }
  }
  throw new DataDirLockedError(archivo, -1);
}
