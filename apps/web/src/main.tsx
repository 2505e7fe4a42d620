// Entry point: apply the stored colour scheme (the inline script in index.html already did, before the first
// paint), then mount providers and router. A public page the server rendered (entrada-servidor.tsx) is hydrated
// from its HTML and its embedded query data; every other page is rendered here, as always.
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ID_DATOS_INICIALES } from './app/datos-iniciales.ts';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRouter, cargarRutasDe, crearRouter } from './app/router.tsx';
import { applyStoredColorScheme } from './app/ui-state.tsx';

applyStoredColorScheme();

const container = document.getElementById('root');
if (!container) throw new Error('No se encontró el elemento #root');

/** The server-rendered page's query data, or null for the plain shell. */
function datosIniciales(): DehydratedState | null {
  const el = document.getElementById(ID_DATOS_INICIALES);
  if (!el?.textContent || !container?.firstElementChild) return null;
  try {
    return JSON.parse(el.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

async function iniciar(raiz: HTMLElement) {
  const queryClient = createQueryClient();
  const datos = datosIniciales();
  if (datos) {
    try {
      // The server read this data for this very response (its pages are kept only while the catalogue is
      // unchanged): it is as fresh as a fetch made now, so the screens do not fetch it again on mount.
      const ahora = Date.now();
      for (const q of datos.queries) q.state.dataUpdatedAt = ahora;
      hydrate(queryClient, datos);
      await cargarRutasDe(window.location.pathname);
      const app = (
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <AppRouter router={crearRouter()} />
          </AppProviders>
        </StrictMode>
      );
      hydrateRoot(raiz, app);
      return;
    } catch {
      // A screen's code could not be loaded: render from scratch below (the router retries the lazy load).
      queryClient.clear();
    }
  }
  createRoot(raiz).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouter router={crearRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

void iniciar(container);
