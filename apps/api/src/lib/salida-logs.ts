// Where the server's logs go: standard output, through Node's own stream, with a bounded buffer. No log write may
// block the main thread, during load or at exit (issue 11.9, issue 28 item 6).
// - pino's default synchronous writer froze the process in Atomics.wait when the log reader stopped reading.
// - pino.destination({ sync: false }) (sonic-boom) then froze it at exit: its flushSync() sleeps 100 ms and retries
//   on every error but a refused EAGAIN, EPIPE included, so a reader that stopped and then went away (a test harness
//   that exits after SIGTERM) left the server in that loop for good: strace showed write(1) = EPIPE, futex 100 ms,
//   write(1) = EPIPE... Its asynchronous writes also run in libuv's thread pool, and on a blocking descriptor a write
//   to a stalled reader holds a pool thread, which process.exit() then waits for forever.
// Here lines go to process.stdout once per event-loop turn. On a pipe or socket that is a libuv stream on a
// non-blocking descriptor, written by the event loop (no pool thread, no retry loop); past the buffer lines are
// dropped and counted; after a write error (the reader is gone) every line is dropped; the exit waits for the
// reader a bounded time, asynchronously, and never writes synchronously.
import type { Writable } from 'node:stream';

/** Log characters kept while standard output does not take them; beyond this, lines are dropped. */
export const MAX_BUFFER_LOGS = 4 * 1024 * 1024;

/** How long the exit gives standard output to take the last lines. */
export const ESPERA_FINAL_LOGS_MS = 500;

/** `destino`: process.stdout in the server; tests pass a socket or stream of their own. */
export function crearSalidaDeLogs(destino: Writable = process.stdout) {
  let lote: string[] = [];
  let enLote = 0;
  let programado = false;
  let fallida = false;
  let descartadas = 0;

  // EPIPE (the reader is gone) or any other write error: the stream is finished, and so are the logs.
  destino.on('error', () => {
    fallida = true;
  });

  const vaciar = () => {
    programado = false;
    if (lote.length === 0) return;
    const texto = lote.join('');
    lote = [];
    enLote = 0;
    if (fallida || destino.destroyed) return;
    try {
      destino.write(texto);
    } catch {
      fallida = true;
    }
  };

  const stream = {
    write(linea: string) {
      if (fallida || destino.writableLength + enLote + linea.length > MAX_BUFFER_LOGS) {
        descartadas++;
        return true;
      }
      lote.push(linea);
      enLote += linea.length;
      // One write per event-loop turn: a request's lines (and a burst's) go out together.
      if (!programado) {
        programado = true;
        setImmediate(vaciar);
      }
      return true;
    },
  };

  return {
    /** What pino writes to. It has no flushSync: pino's fatal() would call it and wait on the reader. */
    stream,
    /** Lines dropped because standard output was not being read, or had failed. */
    get descartadas() {
      return descartadas;
    },
    /**
     * Before process.exit: hands over the last lines and waits, at most `plazoMs`, for standard output to take
     * them. Never blocks: a stalled or vanished reader only costs those lines.
     */
    cerrar(plazoMs = ESPERA_FINAL_LOGS_MS): Promise<void> {
      vaciar();
      if (fallida || destino.destroyed || destino.writableLength === 0 || plazoMs <= 0) return Promise.resolve();
      return new Promise((resolve) => {
        const fin = () => {
          clearTimeout(plazo);
          destino.off('drain', fin);
          destino.off('error', fin);
          destino.off('close', fin);
          resolve();
        };
        const plazo = setTimeout(fin, plazoMs);
        destino.on('drain', fin);
        destino.on('error', fin);
        destino.on('close', fin);
      });
    },
  };
}
export type SalidaDeLogs = ReturnType<typeof crearSalidaDeLogs>;
