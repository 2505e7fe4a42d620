// /apicategoriaprocedimientos: procedure categories (public read of active ones, staff write). Method, path, auth
// rule and schemas of every route come from categoriasEndpoints in the contracts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoriasEndpoints as endpoints } from '@clinica/contracts/catalogo';
import { ruta } from '../../lib/ruta.ts';
import type { CatalogoCache } from './catalogo-cache.ts';
import { esPersonal, rutasDeFicha } from './rutas-ficha.ts';
import type { CategoriasService } from './categorias.service.ts';

const schema = { tags: ['categorias'] };

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

  rutasDeFicha(app, { endpoints, service, cache, clave: 'cd', schema });
};
