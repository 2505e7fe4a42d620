// The one API client: JSON in and out, bearer token from localStorage 'token' (SPEC 7), Spanish errors.
import type { ApiError } from '@clinica/contracts/errors';
import { env } from './env.ts';

export const TOKEN_KEY = 'token';

export class ApiClientError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ApiError,
  ) {
    super(body.error);
    this.name = 'ApiClientError';
  }
  get code() {
    return this.body.code;
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function request<T>(method: Method, path: string, body?: unknown, init?: RequestInit): Promise<T> {
  const headers = new Headers(init?.headers);
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  let res: Response;
  try {
    res = await fetch(`${env.apiUrl}${path}`, {
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
    throw new ApiClientError(res.status, {
      error: typeof b?.error === 'string' ? b.error : 'Ocurrió un error inesperado. Inténtalo de nuevo.',
      code: typeof b?.code === 'string' ? b.code : 'ERROR_INTERNO',
      ...(Array.isArray(b?.issues) ? { issues: b.issues } : {}),
    });
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, init?: RequestInit) => request<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** Builds a query string from defined, non-empty values. */
export function qs(params: Record<string, string | number | boolean | undefined | null>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}
