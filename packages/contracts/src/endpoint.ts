// The endpoint object (STYLE 1): one zod-free descriptor from rutas.ts (method, path, who may call it) plus the
// zod schemas of its params, query, body and responses. The API registers its routes from these objects; the web
// types its client from them with `import type` only, and calls the descriptor at run time.
//
// Wire types: the server validates z.output of params/querystring/body and serialises z.input of a response
// (Dates become ISO strings). The web therefore sends z.input of params/querystring/body and receives z.input of
// the success responses (e.g. CategoriaWire = z.input<typeof categoriaSchema>).
import type { z } from 'zod';
import type { RutaApi } from './rutas.ts';

/** Schemas of one endpoint, in the shape Fastify's route `schema` takes. */
export type Esquemas = {
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  /** Every status the route answers; errors use errorSchema. It is also the allow-list of what leaves the server. */
  readonly response: { readonly [status: number]: z.ZodType };
  /** Request content types other than JSON (the image upload is multipart and parsed by the route). */
  readonly consumes?: readonly string[];
};

export type Endpoint = RutaApi & Esquemas;

/** Joins a descriptor and its schemas; the result keeps every literal type of both. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const R extends RutaApi, const S extends Esquemas>(ruta: R, esquemas: S): R & S {
  return { ...ruta, ...esquemas };
}

// ---- types the web's client derives from an endpoint -----------------------------------------------
type Exito = 200 | 201 | 202 | 203 | 204 | 206;

/** What a successful answer carries on the wire (JSON: dates are strings). */
export type RespuestaDe<E extends Endpoint> = {
  [K in keyof E['response']]: K extends Exito ? z.input<E['response'][K]> : never;
}[keyof E['response']];

export type ParamsDe<E extends Endpoint> = E extends { params: infer P extends z.ZodType } ? z.input<P> : never;
export type QueryDe<E extends Endpoint> = E extends { querystring: infer Q extends z.ZodType } ? z.input<Q> : never;
/** A JSON body as sent (never for an endpoint without a JSON body). */
export type BodyDe<E extends Endpoint> = E extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** True when the endpoint takes multipart/form-data (the web sends FormData). */
export type EsMultipart<E extends Endpoint> = E extends { consumes: readonly (infer C)[] }
  ? 'multipart/form-data' extends C
    ? true
    : false
  : false;
