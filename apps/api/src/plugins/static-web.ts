// Production: the API process also serves the built web, with history fallback for client routes; the public pages
// /inicio, /servicios and /servicios/:id arrive rendered, with the catalogue (paginas-publicas.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RUTA_LOGO_CORREO } from '../platform/plantillas-correo.ts';
import { API_PREFIX } from './auth.ts';
import {
  crearPaginasPublicas,
  paginaPrerenderizable,
  type LeerHoja,
  type Manifiesto,
  type Renderizador,
  type VersionCatalogo,
} from './paginas-publicas.ts';
import { CABECERA_INTERNA } from './security.ts';

export type StaticWebOptions = {
  root: string;
  /** The web's server entry (default: dist-servidor/entrada-servidor.js next to `root`). */
  servidor?: string;
  /** Without it the public pages are not rendered here (index.html, as for every route). */
  catalogo?: VersionCatalogo;
  /** Sent on the render's own catalogue reads (SecurityOptions.secretoInterno). */
  secretoInterno?: string;
};

/**
 * The web's server renderer, or undefined when it was not built (the pages are then rendered by browsers). The
 * bundle (React, the router, Mantine) is imported on first use, not while the app registers its plugins: on a
 * busy machine that import alone could exceed Fastify's plugin start-up limit and stop the server from starting.
 * `precargar` starts it in the background once the server is ready, so the first visitor rarely waits for it. If
 * it fails to load, that is logged once and every page goes to the browser as before.
 */
function renderizadorPerezoso(
  app: FastifyInstance,
  archivo: string,
): { renderizar: Renderizador; precargar: () => void } | undefined {
  if (!existsSync(archivo)) {
    app.log.warn(
      { archivo },
      'no se encontró el renderizado del servidor de la web; las páginas públicas llegan sin contenido',
    );
    return undefined;
  }
  let cargado: Promise<Renderizador | undefined> | undefined;
  const cargar = () =>
    (cargado ??= import(pathToFileURL(archivo).href)
      .then((modulo: { renderizarPagina?: Renderizador }) => {
        if (typeof modulo.renderizarPagina !== 'function') throw new Error('renderizarPagina no está exportada');
        return modulo.renderizarPagina;
      })
      .catch((error: unknown) => {
        app.log.warn({ err: error, archivo }, 'no se pudo cargar el renderizado del servidor de la web');
        return undefined;
      }));
  return {
    renderizar: async (...args) => {
      const r = await cargar();
      return r ? r(...args) : null;
    },
    precargar: () => void cargar(),
  };
}

/**
 * The web's client manifest (its build writes it next to the server entry). Without it the pages still render, but
 * a screen's own styles arrive with its code, after the first paint.
 */
function leerManifiesto(app: FastifyInstance, archivo: string): Manifiesto | undefined {
  try {
    return JSON.parse(readFileSync(archivo, 'utf8')) as Manifiesto;
  } catch (error) {
    app.log.warn(
      { err: error, archivo },
      'sin el manifiesto de la web: las páginas públicas cargan sus estilos con el código',
    );
    return undefined;
  }
}

/**
 * The built web's stylesheets by public path, for the rendered pages' inline critical CSS (the web's
 * css-critico.ts). Only `/assets/<name>.css` (hashed, immutable: read once and kept).
 */
function lectorDeHojas(root: string): LeerHoja {
  const hojas = new Map<string, string | undefined>();
  return (href) => {
    if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return undefined;
    if (!hojas.has(href)) {
      let texto: string | undefined;
      try {
        texto = readFileSync(path.join(root, href), 'utf8');
      } catch {
        texto = undefined;
      }
      hojas.set(href, texto);
    }
    return hojas.get(href);
  };
}

export const staticWebPlugin = fp(async (app: FastifyInstance, opts: StaticWebOptions) => {
  const index = path.join(opts.root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ root: opts.root }, 'no se encontró la web compilada; solo se sirve la API');
    return;
  }
  const servidor = opts.servidor ?? path.join(path.dirname(opts.root), 'dist-servidor', 'entrada-servidor.js');
  const renderizador = opts.catalogo ? renderizadorPerezoso(app, servidor) : undefined;
  if (renderizador) {
    app.addHook('onReady', (done) => {
      renderizador.precargar();
      done();
    });
  }
  const renderizar = renderizador?.renderizar;
  const paginas =
    renderizar && opts.catalogo
      ? crearPaginasPublicas({
          plantilla: readFileSync(index, 'utf8'),
          manifiesto: leerManifiesto(app, path.join(path.dirname(servidor), 'manifiesto-cliente.json')),
          leerHoja: lectorDeHojas(opts.root),
          renderizar,
          catalogo: opts.catalogo,
          log: app.log,
          inyectar: async (url) => {
            const r = await app.inject({
              method: 'GET',
              url,
              headers: opts.secretoInterno ? { [CABECERA_INTERNA]: opts.secretoInterno } : {},
            });
            const tipo = r.headers['content-type'];
            return { status: r.statusCode, tipo: typeof tipo === 'string' ? tipo : undefined, cuerpo: r.rawPayload };
          },
        })
      : undefined;
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    // Brotli/gzip copies written at build time (apps/web/scripts/comprimir.mjs).
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Hashed assets never change; index.html must always be revalidated.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The e-mails' logo is shown by mail clients and webmail pages of other sites, and in the sandboxed preview of
      // /correos (an opaque origin): it must be loadable from anywhere.
      if (filePath === path.join(opts.root, RUTA_LOGO_CORREO)) {
        reply.header('cross-origin-resource-policy', 'cross-origin');
        reply.header('cache-control', 'public, max-age=86400');
      }
    },
  });

  const serveIndex = (reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown }) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };

  // Anything else that is not an API path gets a real file when one exists, else index.html.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    config: { auth: 'publico' },
    handler: async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (API_PREFIX.test(url) || url.startsWith('/salud') || url.startsWith('/media/')) {
        return reply.code(404).send({ error: `No existe la ruta ${request.method} ${url}`, code: 'NO_ENCONTRADO' });
      }
      const rel = decodeURIComponent(url).replace(/^\/+/, '');
      const file = path.join(opts.root, rel);
      if (rel && file.startsWith(opts.root + path.sep) && existsSync(file) && !file.endsWith(path.sep)) {
        if (rel.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        return reply.sendFile(rel);
      }
      // A missing hashed asset is a real 404, not the app shell.
      if (rel.startsWith('assets/'))
        return reply.code(404).send({ error: 'Archivo no encontrado', code: 'NO_ENCONTRADO' });
      const clave = paginas ? paginaPrerenderizable(request.url) : null;
      const pagina =
        paginas && clave
          ? await paginas.obtener(clave, request.headers['accept-encoding'], request.headers['if-none-match'])
          : null;
      if (pagina) {
        // Like index.html: revalidated on every visit (it carries the catalogue as it is now).
        reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').header('etag', pagina.etag);
        if (pagina.noModificada) return reply.code(304).send();
        reply.type('text/html; charset=utf-8');
        if (pagina.codificacion) reply.header('content-encoding', pagina.codificacion);
        return reply.send(pagina.cuerpo);
      }
      return serveIndex(reply);
    },
  });
});
