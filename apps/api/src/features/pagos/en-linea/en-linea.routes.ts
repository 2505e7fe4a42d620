// /apipagos/en-linea (issue 23, item 3; decision 0059): whether online payment is offered, the patient's checkout,
// the provider's events (public: their checksum is the authentication; small bodies only) and the return page's
// lookup. Who may call each route is the contract's (pagos-en-linea-rutas.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MENSAJES_EN_LINEA as M, pagosEnLineaEndpoints as e } from '@clinica/contracts/pagos-en-linea';
import { noAutenticado } from '../../../lib/app-error.ts';
import { registrarRutas, ruta } from '../../../lib/ruta.ts';
import { origen } from '../../../lib/solicitud.ts';
import { usuarioDe } from '../../../plugins/auth.ts';
import type { PagosEnLineaService } from './en-linea.service.ts';
import { EventoInvalido } from './pasarela.ts';

/** A Wompi event is about 1-2 KiB; anything far larger is not one. */
export const LIMITE_EVENTO_BYTES = 32 * 1024;

export const pagosEnLineaRoutes: FastifyPluginAsyncZod<{ service: PagosEnLineaService }> = async (app, { service }) => {
  const registrar = registrarRutas(app, ['pagos']);
  registrar(e.config, 'Si el pago en línea está disponible', async () => service.config());
  registrar(e.iniciar, 'Iniciar el pago en línea de una cita propia', async (r, reply) =>
    reply.code(201).send(await service.iniciar(usuarioDe(r), r.body.cita_id, origen(r))),
  );
  registrar(e.transaccion, 'Resultado de un pago en línea propio (página de retorno)', async (r) =>
    service.transaccion(usuarioDe(r), r.params.transaccionId, origen(r)),
  );
  app.route({
    ...ruta(e.eventos, {
      schema: { tags: ['pagos'], summary: 'Eventos de la pasarela de pagos (webhook, verificados por su checksum)' },
    }),
    bodyLimit: LIMITE_EVENTO_BYTES,
    handler: async (r) => {
      try {
        await service.evento(r.body, origen(r));
      } catch (err) {
        if (err instanceof EventoInvalido) {
          // Who sent it and why it failed, never its body (it names the payer).
          r.log.warn({ evento: 'pago_en_linea.evento_invalido', motivo: err.message }, 'Evento de pago no válido');
          throw noAutenticado(M.eventoInvalido);
        }
        throw err;
      }
      return { ok: true as const };
    },
  });
};
