// Production: the API process also serves the built web, with history fallback for client routes.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RUTA_LOGO_CORREO } from '../platform/plantillas-correo.ts';
import { API_PREFIX } from './auth.ts';

export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const index = path.join(opts.root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ root: opts.root }, 'no se encontró la web compilada; solo se sirve la API');
    return;
  }
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
      return serveIndex(reply);
    },
  });
});
