// Authentication and role checks. Every API route declares config.auth (lib/ruta.ts copies it from the route's
// endpoint object in the contracts); the server enforces it.
import type {
  DoneFuncWithErrOrRes,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { AuthRule, Rol } from '@clinica/contracts/roles';
import { noAutenticado, prohibido } from '../lib/app-error.ts';
import type { Audit } from '../platform/auditoria.repository.ts';

export type { AuthRule };

export type UsuarioActual = {
  id: number;
  rol: Rol;
  sid: string;
  tokenExp: number;
  /** When the session ends by time as of this check (ms): idle window or absolute end (lib/sesion-reglas.ts). */
  sesionHasta: number;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule;
  }
  interface FastifyRequest {
    usuario: UsuarioActual | null;
  }
}

export type AuthOptions = {
  /** features/usuarios/autenticacion.service.ts: the same check the live connection's handshake uses. */
  autenticar: (token: string) => Promise<UsuarioActual>;
  audit: Audit;
};

/** Paths that belong to the API (and must declare an auth rule). */
export const API_PREFIX = /^\/api[a-z]/;

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  app.decorateRequest('usuario', null);

  async function identify(request: FastifyRequest): Promise<UsuarioActual | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer (\S+)$/.exec(header);
    if (!match?.[1]) throw noAutenticado();
    return opts.autenticar(match[1]);
  }

  const autenticarSolicitud: onRequestAsyncHookHandler = async (request) => {
    const rule = request.routeOptions.config.auth!;
    if (rule === 'opcional') {
      request.usuario = await identify(request).catch(() => null);
      return;
    }
    const usuario = await identify(request);
    if (!usuario) throw noAutenticado('Debes iniciar sesión para continuar.');
    request.usuario = usuario;
    if (rule !== 'usuario' && !rule.includes(usuario.rol)) {
      await opts.audit({
        usuarioId: usuario.id,
        accion: `${request.method} ${request.routeOptions.url ?? ''}`,
        recurso: 'ruta',
        resultado: 'denegado',
        ip: request.ip,
      });
      throw prohibido();
    }
  };

  // Responses for a signed-in user carry personal data: never cache them.
  function sinCacheSiHayUsuario(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: DoneFuncWithErrOrRes,
  ) {
    if (request.usuario && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  }

  // The checks are attached to the routes that have a rule other than 'publico', when each route is added: a public
  // route (the health check, the cached catalogue, the pages) runs neither hook on any request.
  app.addHook('onRoute', (route) => {
    const rule = route.config?.auth;
    if (API_PREFIX.test(route.url) && route.method !== 'HEAD' && !rule) {
      throw new Error(`La ruta ${String(route.method)} ${route.url} no declara config.auth`);
    }
    if (!rule || rule === 'publico') return;
    // Once: a HEAD route may be built from its GET's options.
    const alPedir = [route.onRequest ?? []].flat();
    if (alPedir.some((h) => h === autenticarSolicitud)) return;
    route.onRequest = [autenticarSolicitud, ...alPedir];
    route.onSend = [sinCacheSiHayUsuario, ...[route.onSend ?? []].flat()];
  });
});

/** The signed-in user of a route declared with auth 'usuario' or a role list. */
export function usuarioDe(request: FastifyRequest): UsuarioActual {
  if (!request.usuario) throw noAutenticado();
  return request.usuario;
}
