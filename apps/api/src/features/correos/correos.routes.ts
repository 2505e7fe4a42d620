// /apicorreos: the administrators' view of outgoing e-mail (issue 10.6). Administrators only (contract).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { correosEndpoints as endpoints } from '@clinica/contracts/correos';
import { registrarRutas } from '../../lib/ruta.ts';
import type { CorreosService } from './correos.service.ts';

export const correosRoutes: FastifyPluginAsyncZod<{ service: CorreosService }> = async (app, opts) => {
  const registrar = registrarRutas(app, ['correos']);
  registrar(endpoints.bandeja, 'Correos salientes de la bandeja, del más reciente al más antiguo', async (request) =>
    opts.service.listar(request.query),
  );
};
