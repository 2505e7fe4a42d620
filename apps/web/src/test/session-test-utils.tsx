// Test helper: renders UI inside the providers a screen expects (Mantine in test mode, TanStack Query,
// a memory router, the auth context and toasts), and records navigations for assertions.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType, type InitialEntry } from 'react-router';
import type { RutaApi } from '@clinica/contracts/rutas';
import { AuthProvider, useAuth } from '../lib/session/auth-context.tsx';
import type { ParamsSimulados, RespuestaSimulada } from './api-mock.ts';
import { mockFetchPermisivo, responde, type RutaSimulada } from './mock-fetch.ts';

export function newQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Shows the current location and how it was reached, so tests can assert replace vs push. */
export function LocationProbe() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <div data-testid="location" data-type={type} data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </div>
  );
}

/** Shows the auth state as text. */
export function AuthProbe() {
  const auth = useAuth();
  return (
    <div data-testid="auth">
      {JSON.stringify({
        isAuthenticated: auth.isAuthenticated,
        userRole: auth.userRole,
        userId: auth.userId,
        token: auth.token,
      })}
    </div>
  );
}

export function readAuth(getByTestId: (id: string) => HTMLElement) {
  return JSON.parse(getByTestId('auth').textContent ?? '{}') as {
    isAuthenticated: boolean;
    userRole: string | null;
    userId: number | null;
    token: string | null;
  };
}

type Options = {
  route?: InitialEntry;
  initialEntries?: InitialEntry[];
  /** Route pattern for `ui` (default: the route's path). */
  path?: string;
  /** Extra routes, e.g. the target of a navigation. */
  routes?: ReactNode;
  queryClient?: QueryClient;
};

export function renderWithProviders(ui: ReactElement, opts: Options = {}) {
  const queryClient = opts.queryClient ?? newQueryClient();
  const entries = opts.initialEntries ?? [opts.route ?? '/'];
  const first = entries[entries.length - 1];
  const path = opts.path ?? (typeof first === 'string' ? first.split('?')[0] : (first?.pathname ?? '/'));
  const result = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
          <AuthProvider>
            <Routes>
              <Route path={path} element={ui} />
              {opts.routes}
              <Route path="*" element={<div>Otra página</div>} />
            </Routes>
            <LocationProbe />
            <AuthProbe />
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}

/** Adapter of the old session-test fetch mock over test/mock-fetch.ts, for tests not yet moved to it. */
export type MockRoute = RutaSimulada;

/** `responde()` with the old `{ responder(body, url) }` form. */
export function simular<R extends RutaApi>(
  ruta: R,
  respuesta: RespuestaSimulada<R> | { responder: (body: unknown, url: URL) => RespuestaSimulada<R> },
  params?: ParamsSimulados,
): MockRoute {
  if ('responder' in respuesta) return responde(ruta, (p) => respuesta.responder(p.body, p.url), params);
  return responde(ruta, respuesta, params);
}

/**
 * One page of a paginated list as the API answers it: every item on page 1 unless told otherwise. `totalExacto`
 * is only in the appointments list (lists that never stop counting ignore it).
 */
export function paginaDe<T>(
  items: T[],
  extra: { total?: number; pagina?: number; porPagina?: number; totalExacto?: boolean } = {},
) {
  return {
    items,
    total: extra.total ?? items.length,
    pagina: extra.pagina ?? 1,
    porPagina: extra.porPagina ?? 20,
    totalExacto: extra.totalExacto ?? true,
  };
}

export { jsonResponse } from './mock-fetch.ts';

export function mockFetch(routes: MockRoute[]) {
  const spy = mockFetchPermisivo(routes, (p) => {
    throw new Error(`fetch sin simular: ${p.method} ${p.url.pathname}`);
  });
  return Object.assign(spy, { spy });
}
