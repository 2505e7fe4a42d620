// SPEC 7: /apiusuarios/notificaciones/{userId}/... (doctors) and /apiusuarios/notificacionesusuario/{userId}/...
// (everyone else), five calls each, from the contract's endpoint objects.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificacionesDoctorEndpoints, notificacionesUsuarioEndpoints } from '@clinica/contracts/notificaciones';
import { registrarRutas } from '../../lib/ruta.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { NotificacionesService } from './notificaciones.service.ts';

export const notificacionesRoutes: FastifyPluginAsyncZod<{ service: NotificacionesService }> = async (
  app,
  { service },
) => {
  const registrar = registrarRutas(app, ['notificaciones']);
  for (const [e, quien] of [
    [notificacionesDoctorEndpoints, 'del doctor'],
    [notificacionesUsuarioEndpoints, 'de la paciente'],
  ] as const) {
    registrar(e.listar, `Notificaciones ${quien} (sin archivar)`, async (request) =>
      service.listar(usuarioDe(request), request.params.userId),
    );
    registrar(e.marcarLeida, 'Marcar una notificación como leída', async (request) =>
      service.marcarLeida(usuarioDe(request), request.params.userId, request.body.notificacionId),
    );
    registrar(e.marcarTodasLeidas, 'Marcar todas como leídas', async (request) =>
      service.marcarTodas(usuarioDe(request), request.params.userId),
    );
    registrar(e.archivarLeidas, 'Archivar las leídas (las no leídas se quedan)', async (request) =>
      service.archivarLeidas(usuarioDe(request), request.params.userId),
    );
    registrar(e.historial, 'Historial (incluye archivadas)', async (request) =>
      service.historial(usuarioDe(request), request.params.userId),
    );
  }
};
