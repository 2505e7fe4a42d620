// /apirecuperacion: password recovery (issue 10.7). Public routes; the rules live in recuperacion.service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recuperacionEndpoints as endpoints } from '@clinica/contracts/recuperacion';
import type { Config } from '../../config.ts';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import type { RecuperacionService } from './recuperacion.service.ts';

export type RecuperacionRoutesOptions = { recuperacion: RecuperacionService; config: Pick<Config, 'rateLimitMax'> };

const tags = ['usuarios'];

export const recuperacionRoutes: FastifyPluginAsyncZod<RecuperacionRoutesOptions> = async (app, opts) => {
  const servicio = opts.recuperacion;
  // A per-process burst limit in front of the service's database-backed ones (10 a minute by default).
  const porMinuto = Math.max(5, Math.round(opts.config.rateLimitMax / 60));

  app.route({
    ...ruta(endpoints.solicitar, {
      config: { rateLimit: { max: porMinuto, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Pedir un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)',
      },
    }),
    handler: async (request, reply) =>
      reply
        .code(202)
        .header('cache-control', 'no-store')
        .send(await servicio.solicitar(request.body, origen(request))),
  });

  app.route({
    ...ruta(endpoints.restablecer, {
      config: { rateLimit: { max: porMinuto, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Elegir una contraseña nueva con el enlace recibido por correo' },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return servicio.restablecer(request.body, origen(request));
    },
  });
};
