// /apiauditoria: the administrators' search of the audit log and its CSV export (issue 21, item 5).
// Administrators only (contract).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditoriaEndpoints as endpoints } from '@clinica/contracts/auditoria';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { AuditoriaConsultaService } from './auditoria.service.ts';

export const auditoriaRoutes: FastifyPluginAsyncZod<{ service: AuditoriaConsultaService }> = async (app, opts) => {
  const registrar = registrarRutas(app, ['auditoría']);
  registrar(endpoints.listar, 'Buscar en el registro de auditoría', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return opts.service.listar(request.query);
  });
  registrar(endpoints.exportar, 'Exportar la búsqueda del registro de auditoría (CSV)', async (request, reply) => {
    const { texto, nombre } = await opts.service.exportar(usuarioDe(request), request.query, origen(request));
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${nombre}"`)
      .send(texto);
  });
};
