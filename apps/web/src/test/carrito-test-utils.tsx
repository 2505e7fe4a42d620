// Test helpers for the cart: signed tokens, wire fixtures and a fetch mock that routes by method + path.
import type { CarritoItemWire } from '@clinica/contracts/carrito';
import type { ProcedimientoWire } from '@clinica/contracts/catalogo';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { theme } from '../app/theme.ts';
import { ProveedorFechas } from '../components/proveedor-fechas.tsx';
import { AuthProvider } from '../lib/session/auth-context.tsx';
import { CartProvider } from '../lib/carrito/cart-context.tsx';
import { mockFetchPermisivo, responde, type RutaSimulada } from './mock-fetch.ts';

export function nuevoQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Mantine (test mode), TanStack Query, session, cart, modals and toasts: what the app's providers give a screen. */
export function ProveedoresDePrueba({
  children,
  client = nuevoQueryClient(),
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <AuthProvider>
          <CartProvider>
            <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
              <Notifications />
              {children}
            </ModalsProvider>
          </CartProvider>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A three-part token whose payload the web can read (the signature is not checked on the client). */
export function tokenDePrueba(payload: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ id: 1, rol: 'paciente', exp, ...payload })}.firma`;
}

export function procedimientoDePrueba(over: Partial<ProcedimientoWire> = {}): ProcedimientoWire {
  return {
    id: 7,
    nombre: 'Limpieza facial profunda',
    descripcion: 'Limpieza con extracción y mascarilla calmante.',
    precio: 180000,
    duracion_minutos: 60,
    margen_minutos: 0,
    requiere_evaluacion: false,
    recomendaciones_previas: 'No exponerse al sol 48 horas antes.',
    examenes_requeridos: null,
    edad_minima: 18,
    exento_ley_1799: false,
    anticipo: null,
    activo: true,
    categoria: { id: 1, nombre: 'Facial' },
    imagenes: [
      {
        id: 1,
        alt: 'Limpieza facial',
        orden: 0,
        url_tarjeta: '/media/p/1-tarjeta.webp',
        url_detalle: '/media/p/1-detalle.webp',
      },
    ],
    creado_en: '2026-01-01T10:00:00.000Z',
    actualizado_en: '2026-01-01T10:00:00.000Z',
    ...over,
  };
}

export function itemDePrueba(id: number, procedimiento: ProcedimientoWire = procedimientoDePrueba()): CarritoItemWire {
  return { id, id_procedimiento: procedimiento.id, procedimiento, creado_en: '2026-01-02T10:00:00.000Z' };
}

/** Adapters of the old cart-test fetch mock over test/mock-fetch.ts, for tests not yet moved to it. */
export type Route = RutaSimulada;
export const en = responde;
export const mockFetch = (routes: Route[]) =>
  mockFetchPermisivo(routes, (p) =>
    json({ error: `sin ruta de prueba ${p.method} ${p.url.pathname}`, code: 'PRUEBA' }, 599),
  );

export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Calls made to fetch as 'METHOD /path?query'. */
export function llamadas(fn: ReturnType<typeof mockFetch>): string[] {
  return fn.llamadas();
}

/** Current location as text, so tests can assert where a screen navigated and with which state. */
export function Ubicacion() {
  const location = useLocation();
  return (
    <output data-testid="ubicacion" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

/** Renders `rutas` ({ path: element }) inside the providers and a memory router starting at `en` (a path, or a
 *  location with its navigation state). */
/** A screen with date pickers, inside the locale provider they need. */
export const conFechas = (pantalla: ReactElement) => <ProveedorFechas>{pantalla}</ProveedorFechas>;

export function renderEnRuta(en: InitialEntry, rutas: Record<string, ReactElement>) {
  const client = nuevoQueryClient();
  const view = render(
    <MemoryRouter initialEntries={[en]}>
      <ProveedoresDePrueba client={client}>
        <Routes>
          {Object.entries(rutas).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<p>otra página</p>} />
        </Routes>
        <Ubicacion />
      </ProveedoresDePrueba>
    </MemoryRouter>,
  );
  return { ...view, client };
}
