// Liveness and readiness probes, registered from saludEndpoints in the contracts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saludEndpoints as endpoints } from '@clinica/contracts/salud';
import type { Database } from '../../db/client.ts';
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
      } catch {
        return reply.code(503).send({ estado: 'no_disponible' as const, baseDeDatos: database.kind });
      }
    },
  });
};
