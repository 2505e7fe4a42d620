// /apicarrito (SPEC 7): the caller's own cart; every signed-in role has one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agregarCarritoSchema, carritoItemSchema, carritoPaths, listaCarritoSchema } from '@clinica/contracts/carrito';
import { catalogoIdParam } from '@clinica/contracts/catalogo';
import { mensajeSchema } from '@clinica/contracts/common';
import { errorSchema } from '@clinica/contracts/errors';
import type { Db } from '../../db/client.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import { createCarritoRepository } from './carrito.repository.ts';
import { createCarritoService, type CatalogoParaCarrito } from './carrito.service.ts';

const tags = ['carrito'];
const errores = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/** `catalogo`: the procedures service, given at buildApp (features do not read each other's tables). */
export const carritoRoutes: FastifyPluginAsyncZod<{ db: Db; catalogo: CatalogoParaCarrito }> = async (
  app,
  { db, catalogo },
) => {
  const service = createCarritoService({ repo: createCarritoRepository(db), catalogo });

  app.get(
    carritoPaths.listar,
    { config: { auth: 'usuario' }, schema: { tags, response: { 200: listaCarritoSchema, 401: errorSchema } } },
    async (request) => service.listar(usuarioDe(request).id),
  );

  app.post(
    carritoPaths.agregar,
    {
      config: { auth: 'usuario' },
      schema: { tags, body: agregarCarritoSchema, response: { 201: carritoItemSchema, ...errores, 422: errorSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.agregar(usuarioDe(request).id, request.body.id_procedimiento)),
  );

  app.delete(
    carritoPaths.eliminar(':id'),
    {
      config: { auth: 'usuario' },
      schema: { tags, params: catalogoIdParam, response: { 200: mensajeSchema, ...errores } },
    },
    async (request) => service.eliminar(usuarioDe(request).id, request.params.id),
  );

  app.delete(
    carritoPaths.limpiar,
    { config: { auth: 'usuario' }, schema: { tags, response: { 200: mensajeSchema, 401: errorSchema } } },
    async (request) => service.limpiar(usuarioDe(request).id),
  );
};
