// /apicitas/enlace (issue 25.3): the public page of a reminder's confirm and cancel links posts the token here, in a
// JSON body (never a URL). Public routes: the signed link is the credential; the rules live in enlaces.service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enlacesCitaEndpoints as endpoints } from '@clinica/contracts/enlaces-cita';
import type { Config } from '../../config.ts';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import type { EnlacesCitaService } from './enlaces.service.ts';

export type EnlacesCitaRoutesOptions = { service: EnlacesCitaService; config: Pick<Config, 'rateLimitMax'> };

const tags = ['citas'];

export const enlacesCitaRoutes: FastifyPluginAsyncZod<EnlacesCitaRoutesOptions> = async (app, opts) => {
  const { service } = opts;
  // A per-process burst limit per client address in front of the service's database-backed one (as recovery's).
  const porMinuto = Math.max(5, Math.round(opts.config.rateLimitMax / 60));
  const limite = { config: { rateLimit: { max: porMinuto, timeWindow: '1 minute' } } };

  app.route({
    ...ruta(endpoints.ver, {
      ...limite,
      schema: {
        tags,
        summary: 'Qué hace un enlace del recordatorio (la cita, la acción y la política); no cambia nada',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.ver(request.body.token, origen(request));
    },
  });

  app.route({
    ...ruta(endpoints.usar, {
      ...limite,
      schema: { tags, summary: 'Confirmar o cancelar la cita con el enlace del recordatorio (una sola vez)' },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.usar(request.body, origen(request));
    },
  });
};
