// Liveness and readiness probes, registered from saludEndpoints in the contracts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saludEndpoints as endpoints } from '@clinica/contracts/salud';
import type { Database } from '../../db/client.ts';
import { isSinEspacio } from '../../lib/app-error.ts';
import { ruta } from '../../lib/ruta.ts';

/** The database's ping and kind: all readiness needs (given by the composition root). */
export type BaseParaSalud = Pick<Database, 'ping' | 'kind'>;

export const saludRoutes: FastifyPluginAsyncZod<{ database: BaseParaSalud }> = async (app, { database }) => {
  app.route({
    ...ruta(endpoints.vivo, { schema: { tags: ['salud'] } }),
    handler: async () => ({ estado: 'ok' as const }),
  });

  app.route({
    ...ruta(endpoints.lista, { schema: { tags: ['salud'] } }),
    handler: async (_request, reply) => {
      try {
        await database.ping();
        return { estado: 'ok' as const, baseDeDatos: database.kind };
      } catch (err) {
        // A full disk (the embedded database refuses writes until there is room) is told apart from a database down.
        const estado = isSinEspacio(err) ? ('sin_espacio' as const) : ('no_disponible' as const);
        return reply.code(503).send({ estado, baseDeDatos: database.kind });
      }
    },
  });
};
