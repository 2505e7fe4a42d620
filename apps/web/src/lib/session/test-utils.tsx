// Test helper: renders UI inside the providers a screen expects (Mantine in test mode, TanStack Query,
// a memory router, the auth context and toasts), and records navigations for assertions.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType, type InitialEntry } from 'react-router';
import type { RutaApi } from '@clinica/contracts/rutas';
import { peticion, type ParamsSimulados, type RespuestaSimulada, type Tipada } from '../../test/api-mock.ts';
import { AuthProvider, useAuth } from './auth-context.tsx';

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

/** A fetch mock that answers by method and path. Unmatched calls fail the test. Built by `simular()`. */
export type MockRoute = Tipada & {
  method?: string;
  path: RegExp;
  status?: number;
  body?: unknown;
  /** Called with the parsed JSON body of the request. */
  onCall?: (body: unknown, url: URL) => void;
  respond?: (body: unknown, url: URL) => { status?: number; body?: unknown };
};

/**
 * A route of this mock for one endpoint of the contracts: the answer (fixed, or computed from the request by
 * `responder`) must have the wire type of that endpoint's success response, or be an error envelope.
 */
export function simular<R extends RutaApi>(
  ruta: R,
  respuesta:
    | RespuestaSimulada<R>
    | { responder: (body: unknown, url: URL) => RespuestaSimulada<R>; onCall?: MockRoute['onCall'] },
  params?: ParamsSimulados,
): MockRoute {
  const { method, path } = peticion(ruta, params);
  if ('responder' in respuesta) {
    return { method, path, respond: respuesta.responder, onCall: respuesta.onCall } as MockRoute;
  }
  return { method, path, status: respuesta.status ?? 200, body: respuesta.body } as MockRoute;
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

export function jsonResponse(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function mockFetch(routes: MockRoute[]) {
  const calls: { method: string; url: URL; body: unknown; headers: Headers }[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body, headers: new Headers(init?.headers) });
    const route = routes.find((r) => (r.method ?? 'GET').toUpperCase() === method && r.path.test(url.pathname));
    if (!route) throw new Error(`fetch sin simular: ${method} ${url.pathname}`);
    route.onCall?.(body, url);
    if (route.respond) {
      const r = route.respond(body, url);
      return jsonResponse(r.status ?? 200, r.body);
    }
    return jsonResponse(route.status ?? 200, route.body);
  };
  const spy = vi.fn(fn);
  vi.stubGlobal('fetch', spy);
  return { calls, spy };
}
