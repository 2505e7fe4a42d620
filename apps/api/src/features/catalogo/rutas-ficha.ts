// The four routes categories and procedures share: read one (public reads from memory, catalogo-cache.ts; staff
// also see inactive rows), create (201), edit and delete, each audited with the actor and the request's origin.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint } from '@clinica/contracts/endpoint';
import { permite, rolesGestionCatalogo } from '@clinica/contracts/roles';
import { ruta } from '../../lib/ruta.ts';
import { origen, type Actor, type Origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { CatalogoCache } from './catalogo-cache.ts';

/** Staff also read inactive rows (the reads are 'opcional': the user is known when a token came). */
export const esPersonal = (request: FastifyRequest) => permite(rolesGestionCatalogo, request.usuario?.rol);

type Ficha = { buscar: Endpoint; crear: Endpoint; editar: Endpoint; eliminar: Endpoint };
/** What the endpoint's body schema gives the handler (Fastify validated it already). */
type Cuerpo<E extends Endpoint> = z.output<NonNullable<E['body']>>;

type ServicioFicha<F extends Ficha> = {
  buscar(id: number, esPersonal: boolean): Promise<unknown>;
  crear(datos: Cuerpo<F['crear']>, actor: Actor, origen: Origen): Promise<unknown>;
  editar(id: number, datos: Cuerpo<F['editar']>, actor: Actor, origen: Origen): Promise<unknown>;
  eliminar(id: number, actor: Actor, origen: Origen): Promise<unknown>;
};

/** `clave`: the cache key's tag of one row ('cd' a category, 'pd' a procedure). */
export function rutasDeFicha<F extends Ficha>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  o: { endpoints: F; service: ServicioFicha<F>; cache: CatalogoCache; clave: string; schema: { tags: string[] } },
) {
  const { endpoints, service, cache, clave, schema } = o;
  const id = (request: FastifyRequest) => (request.params as { id: number }).id;
  app.route({
    ...ruta(endpoints.buscar, { schema }),
    handler: async (request, reply) => {
      if (request.usuario) return service.buscar(id(request), esPersonal(request));
      return cache.responder(request, reply, JSON.stringify([clave, id(request)]), () =>
        service.buscar(id(request), false),
      );
    },
  });
  app.route({
    ...ruta(endpoints.crear, { schema }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.crear(request.body as Cuerpo<F['crear']>, usuarioDe(request), origen(request))),
  });
  app.route({
    ...ruta(endpoints.editar, { schema }),
    handler: async (request) =>
      service.editar(id(request), request.body as Cuerpo<F['editar']>, usuarioDe(request), origen(request)),
  });
  app.route({
    ...ruta(endpoints.eliminar, { schema }),
    handler: async (request) => service.eliminar(id(request), usuarioDe(request), origen(request)),
  });
}
