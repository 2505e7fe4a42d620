// /apicategoriaprocedimientos: procedure categories (public read of active ones, staff write). Method, path, auth
// rule and schemas of every route come from categoriasEndpoints in the contracts.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoriasEndpoints as endpoints } from '@clinica/contracts/catalogo';
import { permite, rolesGestionCatalogo } from '@clinica/contracts/roles';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { CatalogoCache } from './catalogo-cache.ts';
import type { CategoriasService } from './categorias.service.ts';

const schema = { tags: ['categorias'] };

/** Staff also read inactive categories (the reads are 'opcional': the user is known when a token came). */
const esPersonal = (request: FastifyRequest) => permite(rolesGestionCatalogo, request.usuario?.rol);

/** Anonymous reads come from memory (catalogo-cache.ts); signed-in users read as before, with no-store. */
export const categoriasRoutes: FastifyPluginAsyncZod<{ service: CategoriasService; cache: CatalogoCache }> = async (
  app,
  { service, cache },
) => {
  app.route({
    ...ruta(endpoints.listar, { schema }),
    handler: async (request, reply) => {
      const { q } = request.query;
      if (request.usuario) return service.listar(q, esPersonal(request));
      return cache.responder(request, reply, JSON.stringify(['c', q ?? null]), () => service.listar(q, false));
    },
  });

  app.route({
    ...ruta(endpoints.buscar, { schema }),
    handler: async (request, reply) => {
      const { id } = request.params;
      if (request.usuario) return service.buscar(id, esPersonal(request));
      return cache.responder(request, reply, JSON.stringify(['cd', id]), () => service.buscar(id, false));
    },
  });

  app.route({
    ...ruta(endpoints.crear, { schema }),
    handler: async (request, reply) =>
      reply.code(201).send(await service.crear(request.body, usuarioDe(request), origen(request))),
  });

  app.route({
    ...ruta(endpoints.editar, { schema }),
    handler: async (request) => service.editar(request.params.id, request.body, usuarioDe(request), origen(request)),
  });

  app.route({
    ...ruta(endpoints.eliminar, { schema }),
    handler: async (request) => service.eliminar(request.params.id, usuarioDe(request), origen(request)),
  });
};
