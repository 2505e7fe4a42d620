// Authentication and role checks. Every API route declares config.auth; the server enforces it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Rol } from '@clinica/contracts/usuarios';
import { AppError, noAutenticado, prohibido } from '../lib/app-error.ts';
import type { Tokens } from '../lib/tokens.ts';
import { sessionIsLive } from '../lib/sesion-reglas.ts';
import type { SesionesRepository } from '../features/usuarios/sesiones.repository.ts';

/** 'publico': anyone; 'opcional': anyone, user attached when a valid token comes; 'usuario': any signed-in role. */
export type AuthRule = 'publico' | 'opcional' | 'usuario' | readonly Rol[];

export type UsuarioActual = { id: number; rol: Rol; sid: string; tokenExp: number };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRule;
  }
  interface FastifyRequest {
    usuario: UsuarioActual | null;
  }
}

export type AuthOptions = { tokens: Tokens; sesiones: SesionesRepository; now?: () => Date };

/** Paths that belong to the API (and must declare an auth rule). */
export const API_PREFIX = /^\/api[a-z]/;

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  const now = opts.now ?? (() => new Date());
  app.decorateRequest('usuario', null);

  app.addHook('onRoute', (route) => {
    if (API_PREFIX.test(route.url) && route.method !== 'HEAD' && !route.config?.auth) {
      throw new Error(`La ruta ${String(route.method)} ${route.url} no declara config.auth`);
    }
  });

  async function identify(request: FastifyRequest): Promise<UsuarioActual | null> {
    const header = request.headers.authorization;
    if (!header) return null;
    const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header);
    if (!match?.[1]) throw noAutenticado();
    const claims = await opts.tokens.verify(match[1]);
    if (!claims) throw noAutenticado();
    const sesion = await opts.sesiones.find(claims.sid);
    if (!sesion || sesion.usuarioId !== claims.id) throw noAutenticado();
    if (!sessionIsLive(sesion, now())) {
      if (!sesion.estado) throw new AppError('NO_AUTENTICADO', 401, 'Tu cuenta está inactiva. Comunícate con la clínica.');
      throw noAutenticado();
    }
    return { id: sesion.usuarioId, rol: sesion.rol, sid: sesion.sid, tokenExp: claims.exp };
  }

  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config?.auth;
    if (!rule || rule === 'publico') return;
    if (rule === 'opcional') {
      request.usuario = await identify(request).catch(() => null);
      return;
    }
    const usuario = await identify(request);
    if (!usuario) throw noAutenticado('Debes iniciar sesión para continuar.');
    request.usuario = usuario;
    if (rule !== 'usuario' && !rule.includes(usuario.rol)) {
      await app.audit({
        usuarioId: usuario.id,
        accion: `${request.method} ${request.routeOptions.url ?? ''}`,
        recurso: 'ruta',
        resultado: 'denegado',
        ip: request.ip,
      });
      throw prohibido();
    }
  });

  // Responses for a signed-in user carry personal data: never cache them.
  app.addHook('onSend', async (request, reply) => {
    if (request.usuario && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});

/** The signed-in user of a route declared with auth 'usuario' or a role list. */
export function usuarioDe(request: FastifyRequest): UsuarioActual {
  if (!request.usuario) throw noAutenticado();
  return request.usuario;
}
