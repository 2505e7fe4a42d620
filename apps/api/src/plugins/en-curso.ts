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
  // Callback hooks, not async ones: every request runs them, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    (request as { [contado]?: boolean })[contado] = true;
    enCurso++;
    done();
  });
  // onSend runs when the handler (or the error handler) produced a reply, even if the client is gone.
  app.addHook('onSend', (request, _reply, payload, done) => {
    terminar(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    terminar(request);
    done();
  });

  app.decorate('esperarSolicitudesEnCurso', async (timeoutMs: number) => {
    const limite = Date.now() + timeoutMs;
    while (enCurso > 0 && Date.now() < limite) await new Promise((r) => setTimeout(r, 20));
  });
});
