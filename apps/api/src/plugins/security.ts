// Security headers (strict CSP the built web satisfies), CORS allow-list and the global rate limit.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type SecurityOptions = { corsOrigins: string[]; production: boolean; rateLimitMax?: number };

export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects CSS variables at run time through <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
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
    allowList: (req) => req.url.startsWith('/salud') || req.url.startsWith('/assets/') || req.url.startsWith('/media/'),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: `Demasiadas solicitudes. Espera ${Math.ceil(ctx.ttl / 1000)} segundos e inténtalo de nuevo.`,
      code: 'DEMASIADOS_INTENTOS',
    }),
  });
});
