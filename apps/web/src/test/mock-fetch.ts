// The one fetch mock of web tests (issue 22, item 7). A test lists the endpoints it expects, each built by
// `responde()` from a descriptor of the contracts, so an answer's body has that endpoint's wire type; a call to any
// other path fails the test (the fetch rejects and the test fails after it ends, even if the screen swallowed the
// error). Every call is recorded for assertions.
import type { RutaApi } from '@clinica/contracts/rutas';
import { vi } from 'vitest';
import { peticion, type ParamsSimulados, type RespuestaSimulada, type Tipada } from './api-mock.ts';

/** A call the screen made: method, URL, the body (parsed when it is JSON) and the headers. */
export type Peticion = { method: string; url: URL; body: unknown; headers: Headers; init: RequestInit | undefined };

/** An answer of endpoint R: a typed body or error envelope, or a raw Response (network failures, files, delays). */
type Respuesta<R extends RutaApi> = RespuestaSimulada<R> | Response;

/** Built by `responde()`, typed from the contracts. */
export type RutaSimulada = Tipada & {
  method: string;
  path: RegExp;
  responder: (p: Peticion) => Response | Promise<Response>;
};

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined || status === 204 ? null : JSON.stringify(body ?? null), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * One endpoint of the contracts and its answer: fixed, or computed from each call (a function may also return a
 * Response, or a promise of one, for network failures and slow answers). `params` fixes path parameters.
 */
export function responde<R extends RutaApi>(
  ruta: R,
  respuesta: Respuesta<R> | ((p: Peticion) => Respuesta<R> | Promise<Respuesta<R>>),
  params?: ParamsSimulados,
): RutaSimulada {
  const aResponse = (r: Respuesta<R>) => (r instanceof Response ? r : jsonResponse(r.status ?? 200, r.body));
  const responder = (p: Peticion) => {
    if (typeof respuesta !== 'function') return aResponse(respuesta);
    const r = respuesta(p);
    return r instanceof Promise ? r.then(aResponse) : aResponse(r);
  };
  return { ...peticion(ruta, params), responder } as RutaSimulada;
}

function leerCuerpo(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** The mock installed by the test running now; `comprobarFetch()` (test/setup.ts) checks it after each test. */
let actual: { sinSimular: string[] } | undefined;

/** Fails the test that just ended if its screen called a path no route answers; called after every test. */
export function comprobarFetch() {
  const sinSimular = actual?.sinSimular ?? [];
  actual = undefined;
  if (sinSimular.length) throw new Error(`fetch sin simular:\n${sinSimular.join('\n')}`);
}

/**
 * Replaces fetch for this test: the first route matching method and path answers. The returned spy also carries
 * `calls` (every call, in order) and `llamadas()` ('METHOD /path?query' of every call).
 */
export function mockFetch(rutas: readonly RutaSimulada[]) {
  const estado = { sinSimular: [] as string[] };
  actual = estado;
  return instalar(rutas, (p) => {
    const texto = `${p.method} ${p.url.pathname}${p.url.search}`;
    estado.sinSimular.push(texto);
    throw new Error(`fetch sin simular: ${texto}`);
  });
}

/**
 * The old mocks' answer to a path no route knows (a 404, a 599 or a rejected fetch the test never sees). Only for
 * the adapters in test/app-test-utils.tsx, test/carrito-test-utils.tsx and test/session-test-utils.tsx, which go
 * once their last test has moved to `mockFetch`.
 */
export function mockFetchPermisivo(rutas: readonly RutaSimulada[], sinRuta: (p: Peticion) => Response) {
  actual = undefined;
  return instalar(rutas, sinRuta);
}

function instalar(rutas: readonly RutaSimulada[], sinRuta: (p: Peticion) => Response) {
  const calls: Peticion[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const p: Peticion = { method, url, body: leerCuerpo(init?.body), headers: new Headers(init?.headers), init };
    calls.push(p);
    const ruta = rutas.find((r) => r.method === method && r.path.test(url.pathname + url.search));
    return ruta ? ruta.responder(p) : sinRuta(p);
  });
  vi.stubGlobal('fetch', spy);
  return Object.assign(spy, {
    calls,
    llamadas: () => calls.map((c) => `${c.method} ${c.url.pathname}${c.url.search}`),
  });
}
