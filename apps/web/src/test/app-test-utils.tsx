// Test helpers of the app shell: a JSON fetch mock routed by path, a readable token, a controllable matchMedia
// and the real route table in a memory router inside the real providers (Mantine in test mode).
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import { carritoRutas, type RutaApi } from '@clinica/contracts/rutas';
import { peticion, type ParamsSimulados, type RespuestaSimulada, type Tipada } from './api-mock.ts';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A three-part token the client can read (signature unchecked), valid for an hour. */
export function testToken(payload: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ id: 3, rol: 'paciente', exp, ...payload })}.firma`;
}

/** Built by `responde()`, typed from the contracts. */
type Handler = ((url: URL, init?: RequestInit) => { status?: number; body?: unknown } | undefined) & Tipada;

/**
 * A handler answering one endpoint of the contracts with a body of its wire type (or an error envelope); a function
 * computes the answer at each call.
 */
export function responde<R extends RutaApi>(
  ruta: R,
  respuesta: RespuestaSimulada<R> | (() => RespuestaSimulada<R>),
  params?: ParamsSimulados,
): Handler {
  const { method, path } = peticion(ruta, params);
  const handler = (url: URL, init?: RequestInit) => {
    if ((init?.method ?? 'GET').toUpperCase() !== method || !path.test(url.pathname)) return undefined;
    return typeof respuesta === 'function' ? respuesta() : respuesta;
  };
  return handler as Handler;
}

/** Replaces fetch: the first handler that answers wins; unknown API paths answer 404 with the API's envelope. */
/** Every screen inside the providers loads the cart of a signed-in person: an empty one unless a handler says. */
const carrito = responde(carritoRutas.listar, { body: [] });

export function mockFetch(...handlers: Handler[]) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    for (const h of handlers) {
      const r = h(url, init);
      if (r)
        return new Response(JSON.stringify(r.body ?? null), {
          status: r.status ?? 200,
          headers: { 'content-type': 'application/json' },
        });
    }
    if (carrito(url, init)) return new Response('[]', { status: 200 });
    return new Response(JSON.stringify({ error: 'No encontrado', code: 'NO_ENCONTRADO' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** matchMedia whose '(prefers-color-scheme: dark)' answer can be changed, notifying listeners like a browser. */
export function controllableMatchMedia(initialDark = false) {
  let dark = initialDark;
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const isDarkQuery = query.includes('prefers-color-scheme: dark');
    return {
      get matches() {
        return isDarkQuery ? dark : false;
      },
      media: query,
      onchange: null,
      addListener: (l: (e: MediaQueryListEvent) => void) => isDarkQuery && listeners.add(l),
      removeListener: (l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => isDarkQuery && listeners.add(l),
      removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return {
    setDark(value: boolean) {
      dark = value;
      for (const l of [...listeners])
        l({ matches: value, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent);
    },
    restore() {
      window.matchMedia = original;
    },
  };
}

/** The real route table in a memory router, inside the app's providers. */
export function renderApp(path: string, { queryClient = testQueryClient() } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...utils };
}
