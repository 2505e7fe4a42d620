// Counts requests whose handler has not finished yet, so shutdown can wait for them before closing
// the database (a client that hung up does not stop its handler; QUALITY reliability 8).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when no handler is running, or after timeoutMs. */
    esperarSolicitudesEnCurso(timeoutMs: number): Promise<void>;
  }
}

const contado = Symbol('contado');

export const enCursoPlugin = fp(async (app: FastifyInstance) => {
  let enCurso = 0;
  const terminar = (request: object) => {
    const r = request as { [contado]?: boolean };
    if (r[contado]) {
      r[contado] = false;
      enCurso--;
    }
  };
  app.addHook('onRequest', async (request) => {
    (request as { [contado]?: boolean })[contado] = true;
    enCurso++;
  });
  // onSend runs when the handler (or the error handler) produced a reply, even if the client is gone.
  app.addHook('onSend', async (request) => terminar(request));
  app.addHook('onResponse', async (request) => terminar(request));

  app.decorate('esperarSolicitudesEnCurso', async (timeoutMs: number) => {
    const limite = Date.now() + timeoutMs;
    while (enCurso > 0 && Date.now() < limite) await new Promise((r) => setTimeout(r, 20));
  });
});
