// Root route element: providers that need the router, the body class per route, scroll restoration.
import { Outlet, ScrollRestoration } from 'react-router';
import { BodyClassSync } from './body-class.tsx';
import { RouteProviders } from './providers.tsx';

export function Root() {
  return (
    <RouteProviders>
      <BodyClassSync />
      <ScrollRestoration />
      <Outlet />
    </RouteProviders>
  );
}

/** Shown while the first screen's code loads (usually a fraction of a second): quiet, no layout shift. */
export function CargaInicial() {
  return <div className="carga-inicial" role="status" aria-label="Cargando" />;
}
