// Test helpers of the app shell: a JSON fetch mock routed by path, a readable token, a controllable matchMedia
// and the real route table in a memory router inside the real providers (Mantine in test mode).
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import { carritoRutas } from '@clinica/contracts/rutas';
import { jsonResponse, mockFetchPermisivo, responde, type RutaSimulada } from './mock-fetch.ts';

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

/** Adapters of the old app-test fetch mock over test/mock-fetch.ts, for tests not yet moved to it. */
export { responde };

/** Every screen inside the providers loads the cart of a signed-in person: an empty one unless a route says. */
export const carritoVacio = responde(carritoRutas.listar, { body: [] });

export function mockFetch(...handlers: RutaSimulada[]) {
  return mockFetchPermisivo([...handlers, carritoVacio], () =>
    jsonResponse(404, { error: 'No encontrado', code: 'NO_ENCONTRADO' }),
  );
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
