// Start-up of the web in the browser (main.tsx). A public page the server rendered (entrada-servidor.tsx) is hydrated
// from its HTML and its embedded query data; every other page is rendered here, as always.
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { ID_DATOS_INICIALES } from './datos-iniciales.ts';
import { aplicarHojasDiferidas } from './hojas-diferidas.ts';
import { AppProviders, createQueryClient } from './providers.tsx';
import { AppRouter, cargarRutasDe, crearRouter } from './router.tsx';

/** The server-rendered page's query data, or null for the plain shell. */
function datosIniciales(raiz: HTMLElement): DehydratedState | null {
  const el = document.getElementById(ID_DATOS_INICIALES);
  if (!el?.textContent || !raiz.firstElementChild) return null;
  try {
    return JSON.parse(el.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

/**
 * Hydrates the server's page when there is one, else renders the app into `raiz`. Resolves once it has started,
 * with the React root (the page never unmounts it; a test does, so no work is left for after its document is gone).
 */
export async function iniciarApp(raiz: HTMLElement): Promise<{ modo: 'hidratada' | 'renderizada'; root: Root }> {
  const queryClient = createQueryClient();
  // A server-rendered page paints with its critical CSS inline and its stylesheets deferred: React renders only
  // once they apply, so what it draws after hydrating is styled exactly as it always was.
  const hojas = aplicarHojasDiferidas();
  const datos = datosIniciales(raiz);
  if (datos) {
    try {
      // The server read this data for this very response (its pages are kept only while the catalogue is
      // unchanged): it is as fresh as a fetch made now, so the screens do not fetch it again on mount.
      const ahora = Date.now();
      for (const q of datos.queries) q.state.dataUpdatedAt = ahora;
      hydrate(queryClient, datos);
      await Promise.all([cargarRutasDe(window.location.pathname), hojas]);
      const app = (
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <AppRouter router={crearRouter()} />
          </AppProviders>
        </StrictMode>
      );
      return { modo: 'hidratada', root: hydrateRoot(raiz, app) };
    } catch {
      // A screen's code could not be loaded: render from scratch below (the router retries the lazy load).
      queryClient.clear();
    }
  }
  await hojas;
  const root = createRoot(raiz);
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouter router={crearRouter()} />
      </AppProviders>
    </StrictMode>,
  );
  return { modo: 'renderizada', root };
}
