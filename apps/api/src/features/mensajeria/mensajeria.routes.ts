// /apimensajeria (issue 25, items 2 and 4; docs/mensajeria.md): the patient's channels, her WhatsApp number's
// verification and opt-out, and Meta's webhook (public: the GET handshake checks the verify token, each POST the
// X-Hub-Signature-256 HMAC of its raw body). Who may call each route is the contract's (mensajeria-rutas.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mensajeriaEndpoints as e, MENSAJES_MENSAJERIA as M } from '@clinica/contracts/mensajeria';
import { AppError } from '../../lib/app-error.ts';
import { registrarRutas, ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { MensajeriaService } from './mensajeria.service.ts';

/** Meta batches up to 1,000 changes; anything far larger is not one of its notifications. */
export const LIMITE_WEBHOOK_BYTES = 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The webhook's body as it came (its signature covers these exact bytes). */
    cuerpoCrudo?: Buffer;
  }
}

export const mensajeriaRoutes: FastifyPluginAsyncZod<{ service: MensajeriaService }> = async (app, { service }) => {
  const registrar = registrarRutas(app, ['mensajeria']);
  registrar(e.preferencias, 'Mis canales de contacto', async (r) => service.preferencias(usuarioDe(r)));
  registrar(e.guardarPreferencias, 'Elegir mis canales de contacto', async (r) =>
    service.guardarPreferencias(usuarioDe(r), r.body.canal, origen(r)),
  );
  registrar(e.numero, 'Enviar un código por WhatsApp para verificar mi número', async (r, reply) =>
    reply.code(202).send(await service.pedirCodigo(usuarioDe(r), r.body.numero, origen(r))),
  );
  registrar(e.codigo, 'Verificar mi número con el código y autorizar WhatsApp', async (r) =>
    service.confirmarCodigo(usuarioDe(r), r.body.codigo, origen(r)),
  );
  registrar(e.baja, 'Dejar de recibir mensajes por WhatsApp', async (r) => service.baja(usuarioDe(r), origen(r)));

  app.route({
    ...ruta(e.verificarWebhook, { schema: { tags: ['mensajeria'], summary: 'Verificación del webhook de WhatsApp' } }),
    handler: async (r, reply) => {
      const reto = service.verificarWebhook(r.query);
      if (reto === null) throw new AppError('PROHIBIDO', 403, M.firmaInvalida);
      return reply.type('text/plain; charset=utf-8').send(reto);
    },
  });

  // Only this route reads its body raw: the signature is over the bytes Meta sent, not over a re-serialised object.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, cuerpo, hecho) => {
      request.cuerpoCrudo = cuerpo as Buffer;
      hecho(null, undefined);
    });
    webhook.route({
      ...ruta(e.webhook, { schema: { tags: ['mensajeria'], summary: 'Notificaciones de WhatsApp (firmadas)' } }),
      bodyLimit: LIMITE_WEBHOOK_BYTES,
      handler: async (r) => {
        try {
          await service.recibir(r.cuerpoCrudo, r.headers['x-hub-signature-256'] as string | undefined);
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 401)
            // Never its body (it carries numbers and texts).
            r.log.warn({ evento: 'whatsapp.webhook_invalido' }, 'Notificación de WhatsApp sin firma válida');
          throw err;
        }
        return { ok: true as const };
      },
    });
  });
};
