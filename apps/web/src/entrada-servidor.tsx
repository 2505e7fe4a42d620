// Server render of the public pages (issue 12.6; docs/decisions/0022-paginas-publicas-prerenderizadas.md).
//
// Built by `vite build --ssr` into apps/web/dist-servidor/ and loaded by the API process (plugins/static-web.ts),
// which calls `renderizarPagina` for /inicio, /servicios and /servicios/:id with a transport that answers the
// catalogue reads from its in-memory public catalogue (app.inject), and keeps the result per catalogue version.
//
// The page is the same React tree the browser hydrates (main.tsx): the same providers, the same route table, the
// same screens and query options. Their queries are discovered by rendering once (useQuery registers its query in
// the cache on the server without fetching), fetched, and the tree rendered again with the data; the data goes
// into the page (TanStack Query's dehydrate) so hydration starts from it and fetches nothing.
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { bodyClassFor } from './app/body-class.tsx';
import { ID_DATOS_INICIALES } from './app/datos-iniciales.ts';
import { AppProviders } from './app/providers.tsx';
import { cargarRutasDe } from './app/router.tsx';
import { routes } from './app/routes.tsx';
import { DEFAULT_DESCRIPTION, MetaDelServidor, pageTitle, type PageMeta } from './components/use-page-meta.ts';
import { cargaTrasPintar } from './carga-tras-pintar.ts';
import { conCssCritico, type LeerHoja } from './css-critico.ts';
import { usarTransporte } from './lib/api-client.ts';

export type Transporte = (url: string, init: RequestInit) => Promise<Response>;
export type { LeerHoja };
/** Vite's client manifest (build.manifest): source module -> its chunk, CSS and static imports. */
export type Manifiesto = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/**
 * The screen module of each server-rendered route (keys of the client manifest). Their CSS must be in the page's
 * <head>: in the SPA a lazy screen's styles arrive with its code, which here comes after the first paint.
 * e2e/paginas-publicas.spec.ts checks that hydrating adds no stylesheet the page did not already have.
 */
function pantallaDe(pathname: string): string | null {
  if (pathname === '/inicio') return 'src/features/inicio/inicio-screen.tsx';
  if (pathname === '/servicios') return 'src/features/servicios/servicios-screen.tsx';
  if (/^\/servicios\/[^/]+$/.test(pathname)) return 'src/features/servicios/servicio-detalle-screen.tsx';
  return null;
}

/** <link> tags for the screen's stylesheets and modules (and their static imports) not already in the page. */
function enlacesDe(modulo: string, manifiesto: Manifiesto, plantilla: string): string {
  const css = new Set<string>();
  const js = new Set<string>();
  const visitar = (clave: string) => {
    const item = manifiesto[clave];
    if (!item || js.has(item.file)) return;
    js.add(item.file);
    for (const c of item.css ?? []) css.add(c);
    for (const i of item.imports ?? []) visitar(i);
  };
  visitar(modulo);
  const nuevo = (archivo: string) => !plantilla.includes(`/${archivo}"`);
  return [
    ...[...css].filter(nuevo).map((c) => `<link rel="stylesheet" crossorigin href="/${c}">`),
    ...[...js].filter(nuevo).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('');
}

/** Discover, fetch, render again: a screen whose query depends on another's data needs one more round. */
const MAX_RONDAS = 3;

function habilitada(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Queries the tree asked for that have no data yet and may run. */
function porTraer(cliente: QueryClient): Query[] {
  return cliente
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && habilitada(q));
}

function escaparHtml(texto: string): string {
  return texto.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `<` escaped: the JSON sits inside a <script> element and must not be able to close it. */
function jsonEnScript(valor: unknown): string {
  return JSON.stringify(valor)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page for `url` (path and query) as HTML, built on `plantilla` (the built index.html), or null when it cannot
 * be rendered faithfully (a redirect, a route error, a read that failed): the caller then sends index.html as
 * before and the browser renders the page itself, exactly as for every other route. With `leerHoja` (the built web's
 * stylesheets by public path) the page's critical CSS goes inline and its stylesheets stop blocking the first paint
 * (css-critico.ts).
 */
export async function renderizarPagina(
  plantilla: string,
  url: string,
  transporte: Transporte,
  manifiesto: Manifiesto = {},
  leerHoja?: LeerHoja,
): Promise<string | null> {
  usarTransporte(transporte);
  const direccion = new URL(url, 'http://clinica.invalid');
  // The matched layout and screen are loaded now, so the static router renders them (not a loading fallback) and
  // the browser, which does the same before hydrating, renders the same tree.
  await cargarRutasDe(direccion.pathname);
  const handler = createStaticHandler(routes);
  const contexto = await handler.query(new Request(direccion.href));
  if (contexto instanceof Response || contexto.errors) return null;

  const cliente = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
  const router = createStaticRouter(handler.dataRoutes, contexto);
  let meta: PageMeta = {};
  const anotarMeta = (m: PageMeta) => {
    meta = m;
  };
  const render = () =>
    renderToString(
      <StrictMode>
        <MetaDelServidor.Provider value={anotarMeta}>
          <AppProviders queryClient={cliente}>
            <StaticRouterProvider router={router} context={contexto} hydrate={false} />
          </AppProviders>
        </MetaDelServidor.Provider>
      </StrictMode>,
    );

  let html = render();
  for (let ronda = 0; ronda < MAX_RONDAS; ronda++) {
    const pendientes = porTraer(cliente);
    if (pendientes.length === 0) break;
    await Promise.all(pendientes.map((q) => q.fetch().catch(() => undefined)));
    html = render();
  }
  // A failed read (an inactive procedure's 404, the database down) or a query still waiting: the page the browser
  // would draw is not the one we have, so let it draw it.
  const consultas = cliente.getQueryCache().getAll();
  if (consultas.some((q) => q.state.status === 'error') || porTraer(cliente).length > 0) return null;

  const datos = jsonEnScript(dehydrate(cliente));
  const pantalla = pantallaDe(direccion.pathname);
  const pagina = plantilla
    .replace(/<title>[^<]*<\/title>/, `<title>${escaparHtml(pageTitle(meta.title))}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escaparHtml(meta.description ?? DEFAULT_DESCRIPTION)}" />`,
    )
    .replace('</head>', `${pantalla ? enlacesDe(pantalla, manifiesto, plantilla) : ''}</head>`)
    .replace('<body>', `<body class="${bodyClassFor(direccion.pathname)}">`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html}</div><script type="application/json" id="${ID_DATOS_INICIALES}">${datos}</script>`,
    );
  // Without the inline critical CSS the stylesheets must block the paint, and the code may as well come with them.
  return leerHoja ? cargaTrasPintar(await conCssCritico(pagina, leerHoja)) : pagina;
}
