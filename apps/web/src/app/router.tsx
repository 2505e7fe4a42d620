// The browser router over the route table in routes.tsx.
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes.tsx';

export type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

export function crearRouter(): AppRouterInstance {
  return createBrowserRouter(routes);
}

/**
 * Before hydrating a page the server rendered (entrada-servidor.tsx): load the lazy layout and screen of the
 * current URL and put them on the route objects, so the router starts initialised and its first render is the same
 * tree as the server's, instead of the loading fallback (a hydration mismatch).
 */
export async function cargarRutasDe(pathname: string, tabla: RouteObject[] = routes): Promise<void> {
  const perezosas = (matchRoutes(tabla, pathname) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    perezosas.map(async ({ route }) => {
      const cargar = route.lazy as () => Promise<Partial<RouteObject>>;
      const modulo = await cargar();
      Object.assign(route, { ...modulo, lazy: undefined });
    }),
  );
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}
