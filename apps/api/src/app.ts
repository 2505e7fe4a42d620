// buildApp: registers plugins and features on a Fastify instance. It never listens.
import path from 'node:path';
import { WEB_DIST_DEFAULT } from './lib/paths.ts';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createTokens } from './lib/tokens.ts';
import { auditPlugin } from './plugins/audit.ts';
import { authPlugin } from './plugins/auth.ts';
import { enCursoPlugin } from './plugins/en-curso.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { saludRoutes } from './features/salud/salud.routes.ts';
import { categoriasRoutes } from './features/categorias/categorias.routes.ts';
import { procedimientosRoutes } from './features/procedimientos/procedimientos.routes.ts';
import { createProcedimientosFeature } from './features/procedimientos/procedimientos.service.ts';
import { carritoRoutes } from './features/carrito/carrito.routes.ts';
import { crearSesiones } from './features/usuarios/sesiones-cache.ts';
import { usuariosRoutes } from './features/usuarios/usuarios.routes.ts';

z.config(z.locales.es());

export type AppDeps = {
  config: Config;
  database: Database;
  /** Clock, replaceable in tests. */
  now?: () => Date;
  /** Logger: true/options for the real server, false in tests. */
  logger?: boolean | object;
  /** Sees every route as it is registered (tests enumerate the API with it). */
  onRoute?: (route: RouteOptions) => void;
};

export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  '*.contrasena',
  '*.contrasena_actual',
  '*.contrasena_nueva',
  '*.contrasena_hash',
  '*.token',
  'body.contrasena',
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const production = config.env === 'production';

  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    bodyLimit: 256 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  await app.register(enCursoPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    corsOrigins: config.corsOrigins,
    production,
    rateLimitMax: config.rateLimitMax,
  });

  if (!production) {
    await app.register(swagger, {
      openapi: {
        info: { title: `API ${config.clinicaNombre}`, version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  const tokens = createTokens(config.jwtSecret);
  // Every authenticated request looks its session up; on PGlite from a cache the database keeps exact.
  const { repo: sesiones, detener } = await crearSesiones(database, { log: app.log });
  app.addHook('onClose', detener);
  await app.register(auditPlugin, { db: database.db });
  await app.register(authPlugin, { tokens, sesiones, now });

  await app.register(saludRoutes, { database });
  // Feature routes are registered here, one line per area.
  const catalogo = createProcedimientosFeature({ db: database.db, dataDir: config.dataDir, audit: app.audit, log: app.log });
  await app.register(categoriasRoutes, { db: database.db });
  await app.register(procedimientosRoutes, catalogo);
  await app.register(carritoRoutes, { db: database.db, catalogo: catalogo.service });
  await app.register(usuariosRoutes, { db: database.db, tokens, sesiones, now, config });

  // The built web, when present (npm start, e2e, production): one process, one port.
  await app.register(staticWebPlugin, { root: path.resolve(config.webDist ?? WEB_DIST_DEFAULT) });

  return app;
}
