// buildApp: registers plugins and features on a Fastify instance. It never listens.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { WEB_DIST_DEFAULT } from './lib/paths.ts';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCS_PATH } from '@clinica/contracts/rutas';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { conSerializadores, RegistroDeSolicitudes, registroPorSolicitud } from './lib/registro.ts';
import { serializadorDeRespuestas } from './lib/serializacion.ts';
import { authPlugin } from './plugins/auth.ts';
import { tiempoRealPlugin } from './plugins/tiempo-real.ts';
import { enCursoPlugin } from './plugins/en-curso.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { saludRoutes } from './features/salud/salud.routes.ts';
import { categoriasRoutes } from './features/catalogo/categorias.routes.ts';
import { procedimientosRoutes } from './features/catalogo/procedimientos.routes.ts';
import { carritoRoutes } from './features/carrito/carrito.routes.ts';
import { usuariosRoutes } from './features/usuarios/usuarios.routes.ts';
import { recuperacionRoutes } from './features/usuarios/recuperacion.routes.ts';
import { correosRoutes } from './features/correos/correos.routes.ts';
import { auditoriaRoutes } from './features/auditoria/auditoria.routes.ts';
import { respaldosRoutes } from './features/respaldos/respaldos.routes.ts';
import { archivosRoutes } from './features/archivos/archivos.routes.ts';
import { enlacesCitaRoutes } from './features/citas/enlaces.routes.ts';
import { citasRoutes } from './features/citas/citas.routes.ts';
import { notificacionesRoutes } from './features/notificaciones/notificaciones.routes.ts';
import { historiasRoutes } from './features/historias/historias.routes.ts';
import { copiaHistoriaRoutes } from './features/historias/copia.routes.ts';
import { adjuntosRoutes } from './features/adjuntos/adjuntos.routes.ts';
import { consentimientosRoutes } from './features/consentimientos/consentimientos.routes.ts';
import { evolucionesRoutes } from './features/evoluciones/evoluciones.routes.ts';
import { planesRoutes } from './features/evoluciones/planes.routes.ts';
import { pagosRoutes } from './features/pagos/pagos.routes.ts';
import { pagosEnLineaRoutes } from './features/pagos/en-linea/en-linea.routes.ts';
import { insumosRoutes } from './features/insumos/insumos.routes.ts';
import { trazabilidadRoutes } from './features/trazabilidad/trazabilidad.routes.ts';
import { esperaRoutes } from './features/espera/espera.routes.ts';
import { paquetesRoutes } from './features/paquetes/paquetes.routes.ts';
import { reportesRoutes } from './features/reportes/reportes.routes.ts';
import { mensajeriaRoutes } from './features/mensajeria/mensajeria.routes.ts';
import type { ProveedorWhatsapp } from './features/mensajeria/whatsapp.ts';
import type { Mailer } from './platform/correo.ts';
import { createServices, type Services } from './services.ts';

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
  /** Replaces the e-mail transport (tests). */
  mailer?: Mailer;
  /** Outbox poll in ms (0: off; tests dispatch by hand). */
  intervaloBandejaMs?: number;
  /** How a slowed-down sign-in waits (tests record instead of sleeping). */
  esperar?: (ms: number) => Promise<void>;
  /** How often the daily backup is looked for, in ms (0: off; tests call services.respaldos.revisar()). */
  intervaloRespaldosMs?: number;
  /** Schedule the reports' daily summary run at start (default true; the test helper turns it off). */
  resumenReportes?: boolean;
  /** Time a client has to send a whole request (PLAZO_SOLICITUD_MS; tests shorten it). */
  plazoSolicitudMs?: number;
  /** Replaces the WhatsApp provider (tests). */
  whatsapp?: ProveedorWhatsapp;
};

/**
 * Time a client has to send a whole request, headers and body (issue 21, item 2): a body dribbled a byte at a time
 * held its connection for ever (1,000 of them stayed open 100 s). A 10 MB photo on a slow phone link still fits.
 */
export const PLAZO_SOLICITUD_MS = 120_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The composition root's services (tests reach the outbox dispatcher and the clock through it). */
    services: Services;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const production = config.env === 'production';

  const plazoSolicitud = deps.plazoSolicitudMs ?? PLAZO_SOLICITUD_MS;
  const app = Fastify({
    logger: conSerializadores(deps.logger),
    logController: new RegistroDeSolicitudes(),
    childLoggerFactory: registroPorSolicitud,
    // N hops: the same as Fastify's numeric form (believe the last N entries), typed as its function form.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_direccion: string, salto: number) => salto < (config.trustProxy as number)
        : config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    bodyLimit: 256 * 1024,
    requestTimeout: plazoSolicitud,
    // Given to http.createServer as well: Node enforces the request deadline only while the headers' deadline is not
    // longer (it is 60 s when the server is created without one), and checks both this often (default 30 s).
    http: {
      requestTimeout: plazoSolicitud,
      headersTimeout: Math.min(60_000, plazoSolicitud),
      connectionsCheckingInterval: Math.min(5_000, plazoSolicitud),
    },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses: fast-json-stringify compiled from each contract's schema at registration, zod where it cannot be
  // (lib/serializacion.ts, decision 0021). The schemas stay zod for validation and the OpenAPI document.
  app.setSerializerCompiler(serializadorDeRespuestas);
  // SPEC 7: PATCH calls also send a JSON content type, and some (mark all read, archive read) send no body. An empty
  // body is no body (issue 27, item 1): a route whose body is required still answers its Spanish 400; anything else
  // goes to Fastify's own parser, with its protection against __proto__ and constructor keys.
  const jsonDeFastify = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, cuerpo, hecho) => {
    if (typeof cuerpo === 'string' && cuerpo.trim() === '') return hecho(null, undefined);
    void jsonDeFastify(request, cuerpo as string, hecho);
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  await app.register(enCursoPlugin);
  await app.register(errorsPlugin);
  // Marks the process's own injected reads (the public pages' render), random per process.
  const secretoInterno = randomBytes(32).toString('base64url');
  await app.register(securityPlugin, {
    secretoInterno,
    corsOrigins: config.corsOrigins,
    production,
    rateLimitMax: config.rateLimitMax,
    origenImagenesCorreo: new URL(config.urlPublica).origin,
  });

  if (!production) {
    // Loaded only here: production never serves the API docs, and does not pay their start-up time and memory.
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    await app.register(swagger, {
      openapi: {
        info: { title: `API ${config.clinicaNombre}`, version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PATH, staticCSP: true });
  }

  const services = await createServices({
    config,
    database,
    now,
    log: app.log,
    ...(deps.mailer ? { mailer: deps.mailer } : {}),
    ...(deps.intervaloBandejaMs !== undefined ? { intervaloBandejaMs: deps.intervaloBandejaMs } : {}),
    ...(deps.esperar ? { esperar: deps.esperar } : {}),
    ...(deps.intervaloRespaldosMs !== undefined ? { intervaloRespaldosMs: deps.intervaloRespaldosMs } : {}),
    ...(deps.resumenReportes !== undefined ? { resumenReportes: deps.resumenReportes } : {}),
    ...(deps.whatsapp ? { whatsapp: deps.whatsapp } : {}),
  });
  app.decorate('services', services);
  app.addHook('onReady', async () => services.iniciar());
  app.addHook('onClose', () => services.cerrar());
  await app.register(authPlugin, { autenticar: services.autenticacion.autenticar, audit: services.audit });
  await app.register(tiempoRealPlugin, {
    autenticar: services.autenticacion.autenticar,
    vigenteHasta: services.autenticacion.vigenteHasta,
    now,
    enVivo: services.enVivo,
    audit: services.audit,
    corsOrigins: config.corsOrigins,
    redisUrl: config.redisUrl,
  });

  // Feature routes are registered here, one line per area; they get services, never the database.
  await app.register(saludRoutes, { database: services.salud });
  await app.register(categoriasRoutes, { service: services.categorias, cache: services.catalogoCache });
  await app.register(procedimientosRoutes, {
    service: services.procedimientos,
    storage: services.almacenPublico,
    cache: services.catalogoCache,
  });
  await app.register(carritoRoutes, { service: services.carrito });
  await app.register(usuariosRoutes, { usuarios: services.usuarios, config });
  await app.register(recuperacionRoutes, { recuperacion: services.recuperacion, config });
  await app.register(correosRoutes, { service: services.correos });
  await app.register(respaldosRoutes, { service: services.respaldos });
  await app.register(auditoriaRoutes, { service: services.auditoriaConsulta });
  await app.register(citasRoutes, { service: services.citas });
  await app.register(enlacesCitaRoutes, { service: services.enlacesCita, config });
  await app.register(notificacionesRoutes, { service: services.notificaciones });
  await app.register(historiasRoutes, {
    service: services.historias,
    productosAplicados: services.productosAplicados,
  });
  await app.register(copiaHistoriaRoutes, { service: services.copiaHistoria });
  await app.register(evolucionesRoutes, { service: services.evoluciones });
  await app.register(planesRoutes, { service: services.planes });
  await app.register(pagosRoutes, { service: services.pagos });
  await app.register(pagosEnLineaRoutes, { service: services.pagosEnLinea });
  await app.register(consentimientosRoutes, { service: services.consentimientos });
  await app.register(adjuntosRoutes, { service: services.adjuntos });
  await app.register(archivosRoutes, { service: services.archivos });
  await app.register(paquetesRoutes, { service: services.paquetes });
  await app.register(reportesRoutes, { service: services.reportes });
  await app.register(insumosRoutes, { service: services.insumos });
  await app.register(trazabilidadRoutes, { service: services.trazabilidad });
  await app.register(esperaRoutes, { service: services.espera });
  await app.register(mensajeriaRoutes, { service: services.mensajeria });

  // The built web, when present (npm start, e2e, production): one process, one port.
  await app.register(staticWebPlugin, {
    root: path.resolve(config.webDist ?? WEB_DIST_DEFAULT),
    catalogo: services.catalogoCache,
    secretoInterno,
  });

  return app;
}
