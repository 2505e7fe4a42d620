// Liveness and readiness probes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listaSchema, saludPaths, saludSchema } from '@clinica/contracts/salud';
import type { Database } from '../../db/client.ts';

export const saludRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    saludPaths.vivo,
    { config: { auth: 'publico' }, schema: { tags: ['salud'], response: { 200: saludSchema } } },
    async () => ({ estado: 'ok' as const }),
  );

  app.get(
    saludPaths.lista,
    {
      config: { auth: 'publico' },
      schema: { tags: ['salud'], response: { 200: listaSchema, 503: listaSchema } },
    },
    async (_request, reply) => {
      try {
        await database.ping();
        return { estado: 'ok' as const, baseDeDatos: database.kind };
      } catch {
        return reply.code(503).send({ estado: 'no_disponible' as const, baseDeDatos: database.kind });
      }
    },
  );
};
