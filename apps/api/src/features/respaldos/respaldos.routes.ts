// /apirespaldos: the administrators' view of backups (issue 28, item 2). Administrators only (contract).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { respaldosEndpoints as endpoints } from '@clinica/contracts/respaldos';
import { registrarRutas } from '../../lib/ruta.ts';
import type { RespaldosService } from './respaldos.service.ts';

export const respaldosRoutes: FastifyPluginAsyncZod<{ service: RespaldosService }> = async (app, opts) => {
  const registrar = registrarRutas(app, ['respaldos']);
  registrar(endpoints.listar, 'Últimos respaldos, la alerta si el más reciente es viejo o falló', async () =>
    opts.service.listar(),
  );
  registrar(endpoints.respaldar, 'Inicia un respaldo ahora', async (request, reply) =>
    reply.code(202).send(await opts.service.solicitar(request.usuario!)),
  );
};
