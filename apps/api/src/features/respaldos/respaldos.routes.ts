// /apirespaldos: the administrators' view of backups (issue 28, item 2). Administrators only (contract).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respaldosEndpoints as endpoints } from '@clinica/contracts/respaldos';
import { ruta } from '../../lib/ruta.ts';
import type { RespaldosService } from './respaldos.service.ts';

export const respaldosRoutes: FastifyPluginAsyncZod<{ service: RespaldosService }> = async (app, opts) => {
  app.route({
    ...ruta(endpoints.listar, {
      schema: { tags: ['respaldos'], summary: 'Últimos respaldos, la alerta si el más reciente es viejo o falló' },
    }),
    handler: async () => opts.service.listar(),
  });
  app.route({
    ...ruta(endpoints.respaldar, { schema: { tags: ['respaldos'], summary: 'Inicia un respaldo ahora' } }),
    handler: async (request, reply) => reply.code(202).send(await opts.service.solicitar(request.usuario!)),
  });
};
