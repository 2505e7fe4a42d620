// A log destination in memory: each line pino writes is pushed to `lineas`, for tests that read the logs.
import { Writable } from 'node:stream';

export function registroEnMemoria(lineas: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _enc, cb) {
      lineas.push(chunk.toString('utf8'));
      cb();
    },
  });
}
