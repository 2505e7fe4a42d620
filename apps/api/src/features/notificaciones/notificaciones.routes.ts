// SPEC 7: /apiusuarios/notificaciones/{userId}/... (doctors) and /apiusuarios/notificacionesusuario/{userId}/...
// (everyone else), five calls each, from the contract's endpoint objects.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificacionesDoctorEndpoints, notificacionesUsuarioEndpoints } from '@clinica/contracts/notificaciones';
import { ruta } from '../../lib/ruta.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { NotificacionesService } from './notificaciones.service.ts';

const tags = ['notificaciones'];

export const notificacionesRoutes: FastifyPluginAsyncZod<{ service: NotificacionesService }> = async (
  app,
  { service },
) => {
  for (const [e, quien] of [
    [notificacionesDoctorEndpoints, 'del doctor'],
    [notificacionesUsuarioEndpoints, 'de la paciente'],
  ] as const) {
    app.route({
      ...ruta(e.listar, { schema: { tags, summary: `Notificaciones ${quien} (sin archivar)` } }),
      handler: async (request) => service.listar(usuarioDe(request), request.params.userId),
    });
    app.route({
      ...ruta(e.marcarLeida, { schema: { tags, summary: 'Marcar una notificación como leída' } }),
      handler: async (request) =>
        service.marcarLeida(usuarioDe(request), request.params.userId, request.body.notificacionId),
    });
    app.route({
      ...ruta(e.marcarTodasLeidas, { schema: { tags, summary: 'Marcar todas como leídas' } }),
      handler: async (request) => service.marcarTodas(usuarioDe(request), request.params.userId),
    });
    app.route({
      ...ruta(e.archivarLeidas, { schema: { tags, summary: 'Archivar las leídas (las no leídas se quedan)' } }),
      handler: async (request) => service.archivarLeidas(usuarioDe(request), request.params.userId),
    });
    app.route({
      ...ruta(e.historial, { schema: { tags, summary: 'Historial (incluye archivadas)' } }),
      handler: async (request) => service.historial(usuarioDe(request), request.params.userId),
    });
  }
};
