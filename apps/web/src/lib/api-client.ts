// The one API client: JSON in and out, bearer token from localStorage 'token' (SPEC 7), Spanish errors.
// Callers pass an endpoint descriptor from @clinica/contracts/rutas (zod-free, so it can be in the first download)
// and get the types of its params, query, body and answer from the endpoint object it belongs to, imported as
// types only: the schemas themselves never reach the browser through this module (decision 0005).
import type { BodyDe, Endpoint, EsMultipart, ParamsDe, QueryDe, RespuestaDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import type { ApiError } from '@clinica/contracts/errors';
import { rellenarPath, type Metodo, type RutaApi } from '@clinica/contracts/rutas';
import { env } from './env.ts';

export const TOKEN_KEY = 'token';

export class ApiClientError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ApiError,
    /** The whole error body as parsed, for codes that carry more (HORARIO_OCUPADO's `siguientes`). */
    public readonly datos?: unknown,
  ) {
    super(body.error);
    this.name = 'ApiClientError';
  }
  get code() {
    return this.body.code;
  }
}

/** The server refused the request to this role (403): the screen says so instead of offering a retry. */
export const esProhibido = (error: unknown) => error instanceof ApiClientError && error.status === 403;

type Transporte = (url: string, init: RequestInit) => Promise<Response>;
let transporte: Transporte | undefined;

/**
 * The server render of the public pages (entrada-servidor.tsx) reads the catalogue through the API process itself
 * (app.inject) instead of the network; the browser always uses fetch.
 */
export function usarTransporte(t: Transporte | undefined) {
  transporte = t;
}

function tokenGuardado(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null; // no storage: the server render, or a browser that blocks it
  }
}

async function request<T>(method: Metodo, path: string, body?: unknown, init?: RequestInit): Promise<T> {
  const headers = new Headers(init?.headers);
  const token = tokenGuardado();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  let res: Response;
  try {
    res = await (transporte ?? fetch)(`${env.apiUrl}${path}`, {
      ...init,
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
  } catch {
    throw new ApiClientError(0, {
      error: 'No pudimos conectar con la clínica. Revisa tu conexión e inténtalo de nuevo.',
      code: 'SIN_CONEXION',
    });
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const b = data as Partial<ApiError> | undefined;
    // A stored token the server rejects means the session ended (expired, revoked, user deactivated):
    // the session controller listens and shows the 'Sesión expirada' dialog.
    if (res.status === 401 && token) {
      window.dispatchEvent(
        new CustomEvent('session-rejected', {
          detail: { path, code: typeof b?.code === 'string' ? b.code : undefined },
        }),
      );
    }
    throw new ApiClientError(
      res.status,
      {
        error: typeof b?.error === 'string' ? b.error : 'Ocurrió un error inesperado. Inténtalo de nuevo.',
        code: typeof b?.code === 'string' ? b.code : 'ERROR_INTERNO',
        ...(Array.isArray(b?.issues) ? { issues: b.issues } : {}),
      },
      data,
    );
  }
  return data as T;
}

/** What a call to endpoint E takes: path params, query, body (FormData for uploads) and an abort signal. */
export type OpcionesDe<E extends Endpoint> = ([ParamsDe<E>] extends [never]
  ? { params?: undefined }
  : { params: ParamsDe<E> }) &
  ([QueryDe<E>] extends [never] ? { query?: undefined } : { query?: QueryDe<E> }) &
  (EsMultipart<E> extends true
    ? { body: FormData }
    : [BodyDe<E>] extends [never]
      ? { body?: undefined }
      : { body: BodyDe<E> }) & {
    signal?: AbortSignal;
    /** Extra request headers, e.g. Idempotency-Key on a booking. */
    headers?: Record<string, string>;
  };

/** The options argument may be left out when nothing in it is required. */
type Argumentos<E extends Endpoint> =
  object extends OpcionesDe<E> ? [opciones?: OpcionesDe<E>] : [opciones: OpcionesDe<E>];

/** The answer of the endpoint a descriptor belongs to, as JSON carries it (dates are ISO strings). */
export type RespuestaApi<R extends RutaApi> = RespuestaDe<EndpointDe<R>>;

/**
 * Calls one endpoint: `api(usuariosRutas.buscar, { params: { id } })` resolves to the user as the wire carries
 * it. Query values that are undefined, null or '' are left out. Failures reject with ApiClientError.
 */
export function api<R extends RutaApi>(ruta: R, ...[opciones]: Argumentos<EndpointDe<R>>): Promise<RespuestaApi<R>> {
  const o = (opciones ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  const path = `${rellenarPath(ruta.path, o.params as Record<string, unknown> | undefined)}${qs(o.query ?? {})}`;
  // Fastify refuses a JSON content type with an empty body: bodiless writes send {}.
  const body = o.body ?? (ruta.method === 'GET' || ruta.method === 'DELETE' ? undefined : {});
  const init: RequestInit = {};
  if (o.signal) init.signal = o.signal;
  if (o.headers) init.headers = o.headers;
  return request(ruta.method, path, body, init);
}

/** Builds a query string from defined, non-empty values. */
function qs(params: object): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params) as [string, unknown][]) {
    if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}
