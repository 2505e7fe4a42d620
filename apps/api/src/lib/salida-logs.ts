// Where the server's logs go: standard output, written asynchronously through a bounded buffer (issue 11.9).
// With pino's default synchronous writer, a log collector that stops reading (a full pipe) froze the whole
// process in Atomics.wait: no requests, no signals, no shutdown timer. Here a stalled reader only costs log
// lines: past the buffer they are dropped and counted, and at exit nothing waits for the reader.
import pino from 'pino';

/** Log bytes kept while standard output does not take them; beyond this, lines are dropped. */
export const MAX_BUFFER_LOGS = 4 * 1024 * 1024;

export function crearSalidaDeLogs(fd = 1) {
  let saliendo = false;
  let descartadas = 0;
  const stream = pino.destination({
    dest: fd,
    sync: false,
    maxLength: MAX_BUFFER_LOGS,
    // A full pipe is retried later (timers, never a busy wait) until the process is leaving.
    retryEAGAIN: () => !saliendo,
  });
  stream.on('drop', () => {
    descartadas++;
  });
  return {
    stream,
    /** Lines dropped because standard output was not being read. */
    get descartadas() {
      return descartadas;
    },
    /** Before process.exit: one last try to write what is buffered, without waiting on a stalled reader. */
    cerrar() {
      saliendo = true;
      try {
        stream.flushSync();
      } catch {
        // The reader is stalled (EAGAIN) or gone (EPIPE): the remaining lines are lost, the exit is not.
      }
      // A destroyed stream is skipped by pino's own exit hook, which would otherwise flush and wait again.
      stream.destroy();
    },
  };
}
export type SalidaDeLogs = ReturnType<typeof crearSalidaDeLogs>;
