// Route options from an endpoint object of packages/contracts (STYLE 1): method, URL, auth rule and schemas come
// from the contract, so a route cannot drift from what the web calls. A route that adds only its OpenAPI summary
// (most of them) is registered through registrarRutas; one that adds more (rate limits, an onRequest hook) spreads
// ruta() into app.route() and adds what is its own:
//
//   const registrar = registrarRutas(app, ['citas']);
//   registrar(citasEndpoints.buscar, 'Una cita', async (request) => …);
//   app.route({ ...ruta(usuariosEndpoints.registrar, { config: { rateLimit }, schema: { tags, summary } }), handler })
//
// The schema keeps the endpoint's exact zod types, so fastify-type-provider-zod still infers request.params,
// request.query, request.body and the reply from them.
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint } from '@clinica/contracts/endpoint';
import type { AuthRule } from '@clinica/contracts/roles';

/** The endpoint's schema for key K, or undefined when it declares none (Fastify then types the part unknown). */
type Esquema<E extends Endpoint, K extends 'params' | 'querystring' | 'body'> = E extends { [P in K]: infer S }
  ? S
  : undefined;

/** What a route adds to its endpoint: OpenAPI text and route config other than auth (rate limits...). */
export type Extra = {
  schema?: Pick<FastifySchema, 'tags' | 'summary' | 'description' | 'hide'>;
  config?: Omit<FastifyContextConfig, 'auth'>;
};

/** OpenAPI security of an auth rule: a bearer token, optional for 'opcional' routes. */
function seguridad(auth: AuthRule) {
  if (auth === 'publico') return undefined;
  return auth === 'opcional' ? [{}, { bearer: [] }] : [{ bearer: [] }];
}

/** The schema Fastify sees: the endpoint's own types, so the type provider infers the request and the reply. */
type EsquemaDeRuta<E extends Endpoint> = NonNullable<Extra['schema']> & {
  params: Esquema<E, 'params'>;
  querystring: Esquema<E, 'querystring'>;
  body: Esquema<E, 'body'>;
  response: E['response'];
};

export function ruta<const E extends Endpoint>(endpoint: E, extra: Extra = {}) {
  const security = seguridad(endpoint.auth);
  // Only the parts the endpoint has: Fastify and the OpenAPI transform read every key they are given.
  const schema = {
    ...extra.schema,
    ...(security ? { security } : {}),
    ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response: endpoint.response,
  } as EsquemaDeRuta<E>;
  return {
    method: endpoint.method,
    url: endpoint.path,
    config: { ...extra.config, auth: endpoint.auth },
    schema,
  };
}

/** The Fastify instance a route plugin gets (FastifyPluginAsyncZod). */
type AppZod = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A handler whose request and reply are typed by the endpoint's schemas. */
export type Manejador<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EsquemaDeRuta<E>,
  ZodTypeProvider
>;

/** Registers routes of one OpenAPI tag that add only a summary to their endpoint (see the top of this file). */
export function registrarRutas(app: AppZod, tags: string[]) {
  return <const E extends Endpoint>(endpoint: E, summary: string, handler: Manejador<E>) => {
    app.route({ ...ruta(endpoint, { schema: { tags, summary } }), handler });
  };
}
