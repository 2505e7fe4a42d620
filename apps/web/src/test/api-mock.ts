// Typed API answers for the fetch mocks of web tests (issue 7): a test names the endpoint descriptor it answers
// and the body must be what the contracts say that endpoint returns on the wire (or the API's error envelope),
// so a mock cannot drift from the API it stands in for. test/mock-fetch.ts builds the one fetch mock on these pieces.
import type { ApiError } from '@clinica/contracts/errors';
import { rellenarPath, type Metodo, type RutaApi } from '@clinica/contracts/rutas';
import type { RespuestaApi } from '../lib/api-client.ts';

/** Error statuses the API answers with its `{ error, code }` envelope. */
export type CodigoError = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503;

/** A success body of endpoint R as the wire carries it, or an error. */
export type RespuestaSimulada<R extends RutaApi> =
  { status?: 200 | 201; body: RespuestaApi<R> } | { status: CodigoError; body: ApiError };

declare const tipada: unique symbol;
/**
 * Marks a mock built from an endpoint descriptor. The fetch mocks accept only marked routes, so a hand-written
 * `{ path: '/api…', body: … }` with an untyped body does not compile.
 */
export type Tipada = { readonly [tipada]: true };

/** Path parameters a mock requires; any value matches a parameter left out. */
export type ParamsSimulados = Readonly<Record<string, string | number>>;

const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The method and a pattern for the descriptor's path (`:param` filled from `params`, else any one segment). The
 * pattern matches the pathname with or without a query string.
 */
export function peticion(ruta: RutaApi, params: ParamsSimulados = {}): { method: Metodo; path: RegExp } {
  const partes = ruta.path.split(/(:[A-Za-z_]\w*)/);
  const patron = partes
    .map((p) => {
      if (!p.startsWith(':')) return escapar(p);
      const valor = params[p.slice(1)];
      return valor === undefined ? '[^/?]+' : escapar(encodeURIComponent(String(valor)));
    })
    .join('');
  return { method: ruta.method, path: new RegExp(`^${patron}(\\?.*)?$`) };
}

/** The descriptor's path with its parameters filled (and a query), for assertions on the calls a screen made. */
export function url(ruta: RutaApi, params: ParamsSimulados = {}, query = ''): string {
  return `${rellenarPath(ruta.path, params)}${query}`;
}

/** 'METHOD /path?query' of a call to the descriptor, as test/carrito-test-utils.tsx's `llamadas` lists them. */
export function llamada(ruta: RutaApi, params: ParamsSimulados = {}, query = ''): string {
  return `${ruta.method} ${url(ruta, params, query)}`;
}
