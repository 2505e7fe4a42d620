// /apiauditoria: the administrators' search of the audit log and its CSV export (issue 21, item 5).
// Administrators only (contract).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditoriaEndpoints as endpoints } from '@clinica/contracts/auditoria';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { AuditoriaConsultaService } from './auditoria.service.ts';

const tags = ['auditoría'];

export const auditoriaRoutes: FastifyPluginAsyncZod<{ service: AuditoriaConsultaService }> = async (app, opts) => {
  app.route({
    ...ruta(endpoints.listar, { schema: { tags, summary: 'Buscar en el registro de auditoría' } }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.service.listar(request.query);
    },
  });
  app.route({
    ...ruta(endpoints.exportar, { schema: { tags, summary: 'Exportar la búsqueda del registro de auditoría (CSV)' } }),
    handler: async (request, reply) => {
      const { texto, nombre } = await opts.service.exportar(usuarioDe(request), request.query, origen(request));
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${nombre}"`)
        .send(texto);
    },
  });
};
