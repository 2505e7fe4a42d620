// /apicategoriaprocedimientos: procedure categories (public read of active ones, staff write).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogoIdParam,
  categoriaSchema,
  categoriasPaths,
  crearCategoriaSchema,
  editarCategoriaSchema,
  listaCategoriasSchema,
  listarCategoriasQuery,
  rolesGestionCatalogo,
} from '@clinica/contracts/catalogo';
import { mensajeSchema } from '@clinica/contracts/common';
import { errorSchema } from '@clinica/contracts/errors';
import type { Db } from '../../db/client.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import { createCategoriasRepository } from './categorias.repository.ts';
import { createCategoriasService, type Actor } from './categorias.service.ts';

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['categorias'];
const personal = rolesGestionCatalogo;

const esPersonal = (request: FastifyRequest) =>
  !!request.usuario && (personal as readonly string[]).includes(request.usuario.rol);
const actorDe = (request: FastifyRequest): Actor => ({ usuarioId: usuarioDe(request).id, ip: request.ip });

export const categoriasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const service = createCategoriasService({ repo: createCategoriasRepository(db), audit: app.audit });

  app.get(
    categoriasPaths.listar,
    {
      config: { auth: 'opcional' },
      schema: { tags, querystring: listarCategoriasQuery, response: { 200: listaCategoriasSchema, 400: errorSchema } },
    },
    async (request) => service.listar(request.query.q, esPersonal(request)),
  );

  app.get(
    categoriasPaths.buscar(':id'),
    {
      config: { auth: 'opcional' },
      schema: { tags, params: catalogoIdParam, response: { 200: categoriaSchema, 400: errorSchema, 404: errorSchema } },
    },
    async (request) => service.buscar(request.params.id, esPersonal(request)),
  );

  app.post(
    categoriasPaths.crear,
    {
      config: { auth: personal },
      schema: { tags, body: crearCategoriaSchema, response: { 201: categoriaSchema, ...errores } },
    },
    async (request, reply) => reply.code(201).send(await service.crear(request.body, actorDe(request))),
  );

  app.patch(
    categoriasPaths.editar(':id'),
    {
      config: { auth: personal },
      schema: {
        tags,
        params: catalogoIdParam,
        body: editarCategoriaSchema,
        response: { 200: categoriaSchema, ...errores },
      },
    },
    async (request) => service.editar(request.params.id, request.body, actorDe(request)),
  );

  app.delete(
    categoriasPaths.eliminar(':id'),
    {
      config: { auth: personal },
      schema: { tags, params: catalogoIdParam, response: { 200: mensajeSchema, ...errores } },
    },
    async (request) => service.eliminar(request.params.id, actorDe(request)),
  );
};
