// Security headers (strict CSP the built web satisfies), CORS allow-list and the global rate limit.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SCRIPT_TEMA } from '@clinica/contracts/tema';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';

export type SecurityOptions = {
  corsOrigins: string[];
  production: boolean;
  rateLimitMax?: number;
  /**
   * Where the e-mails' images live (URL_PUBLICA's origin): the administrators' preview of an e-mail is a sandboxed
   * frame with an opaque origin, where 'self' matches nothing.
   */
  origenImagenesCorreo?: string;
  /** Marks the process's own requests (app.inject from the public pages' render); random per process. */
  secretoInterno?: string;
};

/** Header carrying SecurityOptions.secretoInterno on the process's own injected requests. */
export const CABECERA_INTERNA = 'x-clinica-interna';

function esInterna(valor: string | string[] | undefined, secreto: string): boolean {
  if (typeof valor !== 'string' || valor.length !== secreto.length) return false;
  return timingSafeEqual(Buffer.from(valor), Buffer.from(secreto));
}

/**
 * The one inline script the web may run: the colour scheme before the first paint (packages/contracts/src/tema.ts),
 * allowed by its hash, not by 'unsafe-inline'.
 */
export const HASH_SCRIPT_TEMA = `'sha256-${createHash('sha256').update(SCRIPT_TEMA).digest('base64')}'`;

/**
 * The security headers every response carries, computed once from helmet's options (issue 12.2: @fastify/helmet
 * rebuilt helmet, CSP parsing included, on every request, a sixth of the CPU of `GET /salud`). helmet writes them
 * to a stand-in response here; each request then only copies the finished list.
 */
export function cabecerasDeSeguridad(production: boolean, origenImagenesCorreo?: string): [string, string][] {
  const cabeceras = new Map<string, string>();
  const respuesta = {
    setHeader: (nombre: string, valor: string) => void cabeceras.set(nombre, String(valor)),
    removeHeader: (nombre: string) => void cabeceras.delete(nombre),
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", HASH_SCRIPT_TEMA],
        // Mantine injects CSS variables at run time through <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(origenImagenesCorreo ? [origenImagenesCorreo] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, respuesta as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return [...cabeceras];
}

export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  const cabeceras = cabecerasDeSeguridad(opts.production, opts.origenImagenesCorreo);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [nombre, valor] of cabeceras) reply.header(nombre, valor);
    done();
  });

  await app.register(cors, {
    origin: (origin, cb) => {
      // Same-origin requests and non-browser clients send no Origin header.
      if (!origin || opts.corsOrigins.includes(origin)) cb(null, true);
      else cb(null, false);
    },
    credentials: false,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
  });

  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitMax ?? 600,
    timeWindow: '1 minute',
    allowList: (req) =>
      req.url.startsWith('/salud') ||
      req.url.startsWith('/assets/') ||
      req.url.startsWith('/media/') ||
      // The public pages' server render reads the catalogue through app.inject (plugins/static-web.ts): the visitor's
      // own request was already counted; these must not fill a shared 127.0.0.1 bucket.
      (opts.secretoInterno !== undefined && esInterna(req.headers[CABECERA_INTERNA], opts.secretoInterno)),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: `Demasiadas solicitudes. Espera ${Math.ceil(ctx.ttl / 1000)} segundos e inténtalo de nuevo.`,
      code: 'DEMASIADOS_INTENTOS',
    }),
  });
});
