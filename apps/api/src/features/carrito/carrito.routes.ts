// /apicarrito (SPEC 7): the caller's own cart; every signed-in role has one. Method, path, auth rule and schemas
// of every route come from carritoEndpoints in the contracts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { carritoEndpoints as endpoints } from '@clinica/contracts/carrito';
import { ruta } from '../../lib/ruta.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { CarritoService } from './carrito.service.ts';

const schema = { tags: ['carrito'] };

export const carritoRoutes: FastifyPluginAsyncZod<{ service: CarritoService }> = async (app, { service }) => {
  app.route({
    ...ruta(endpoints.listar, { schema }),
    handler: async (request) => service.listar(usuarioDe(request).id),
  });

  app.route({
    ...ruta(endpoints.agregar, { schema }),
    handler: async (request, reply) =>
      reply.code(201).send(await service.agregar(usuarioDe(request).id, request.body.id_procedimiento)),
  });

  app.route({
    ...ruta(endpoints.eliminar, { schema }),
    handler: async (request) => service.eliminar(usuarioDe(request).id, request.params.id),
  });

  app.route({
    ...ruta(endpoints.limpiar, { schema }),
    handler: async (request) => service.limpiar(usuarioDe(request).id),
  });
};
