// /apiusuarios: registration, sign-in, sessions, own profile and user administration (issue 3).
// Who may call what follows DOMAIN.md; the rules live in usuarios.service.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, mensajeSchema } from '@clinica/contracts/common';
import {
  cambiarContrasenaSchema,
  crearUsuarioAdminSchema,
  editarEstadoSchema,
  editarPerfilSchema,
  editarUsuarioAdminSchema,
  iniciarSesionSchema,
  listaUsuariosSchema,
  listarUsuariosQuery,
  registrarSchema,
  rolesUsuarios,
  sesionSchema,
  tokenSchema,
  usuarioSchema,
  usuariosPaths as rutas,
} from '@clinica/contracts/usuarios';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { prepararHashFicticio } from '../../lib/passwords.ts';
import type { Tokens } from '../../lib/tokens.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import { createBloqueosRepository } from './bloqueos.repository.ts';
import type { SesionesRepository } from './sesiones.repository.ts';
import { BloqueoError, createUsuariosService, type Origen } from './usuarios.service.ts';
import { createUsuariosRepository } from './usuarios.repository.ts';

export type UsuariosRoutesOptions = {
  db: Db;
  tokens: Tokens;
  sesiones: SesionesRepository;
  now: () => Date;
  config: Pick<Config, 'clinicaNombre' | 'rateLimitMax'>;
};

const TAGS = ['usuarios'];
const BEARER = [{ bearer: [] }];

function origen(request: FastifyRequest): Origen {
  return { ip: request.ip, agente: request.headers['user-agent'] };
}

/** Per-route limits derived from the global one (600/min by default -> 10 registrations, 30 sign-ins). */
export function limitesPorMinuto(rateLimitMax: number) {
  return {
    registrar: Math.max(5, Math.round(rateLimitMax / 60)),
    iniciarSesion: Math.max(10, Math.round(rateLimitMax / 20)),
  };
}

export const usuariosRoutes: FastifyPluginAsyncZod<UsuariosRoutesOptions> = async (app, opts) => {
  const servicio = createUsuariosService({
    usuarios: createUsuariosRepository(opts.db),
    sesiones: opts.sesiones,
    bloqueos: createBloqueosRepository(opts.db),
    tokens: opts.tokens,
    audit: (e) => app.audit(e),
    now: opts.now,
    clinicaNombre: opts.config.clinicaNombre,
  });
  const limites = limitesPorMinuto(opts.config.rateLimitMax);
  // An unknown e-mail is checked against a throw-away hash; computing it now keeps even the first
  // such sign-in as slow as a real one.
  void prepararHashFicticio();

  /** Lockouts carry Retry-After so clients (and proxies) know when to try again. */
  async function conRetryAfter<T>(reply: FastifyReply, trabajo: () => Promise<T>): Promise<T> {
    try {
      return await trabajo();
    } catch (err) {
      if (err instanceof BloqueoError) reply.header('retry-after', String(Math.ceil(err.segundos)));
      throw err;
    }
  }

  app.post(
    rutas.registrar,
    {
      config: { auth: 'publico', rateLimit: { max: limites.registrar, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Registro público de pacientes',
        body: registrarSchema,
        response: { 201: usuarioSchema },
      },
    },
    async (request, reply) => {
      const usuario = await servicio.registrar(request.body, origen(request));
      return reply.code(201).header('cache-control', 'no-store').send(usuario);
    },
  );

  app.post(
    rutas.iniciarSesion,
    {
      config: { auth: 'publico', rateLimit: { max: limites.iniciarSesion, timeWindow: '1 minute' } },
      schema: { tags: TAGS, summary: 'Iniciar sesión', body: iniciarSesionSchema, response: { 200: sesionSchema } },
    },
    async (request, reply) => {
      // The answer carries a token and personal data; the route is public, so say it here.
      reply.header('cache-control', 'no-store');
      return conRetryAfter(reply, () => servicio.iniciarSesion(request.body, origen(request)));
    },
  );

  app.post(
    rutas.renovarSesion,
    {
      config: { auth: 'usuario' },
      schema: {
        tags: TAGS,
        summary: 'Renovar el token de la sesión activa',
        security: BEARER,
        response: { 200: tokenSchema },
      },
    },
    async (request) => servicio.renovarSesion(usuarioDe(request)),
  );

  app.post(
    rutas.cerrarSesion,
    {
      config: { auth: 'usuario' },
      schema: { tags: TAGS, summary: 'Cerrar la sesión', security: BEARER, response: { 200: mensajeSchema } },
    },
    async (request) => servicio.cerrarSesion(usuarioDe(request), origen(request)),
  );

  app.get(
    rutas.perfil,
    {
      config: { auth: 'usuario' },
      schema: { tags: TAGS, summary: 'Mi perfil', security: BEARER, response: { 200: usuarioSchema } },
    },
    async (request) => servicio.perfil(usuarioDe(request)),
  );

  app.patch(
    rutas.perfil,
    {
      config: { auth: 'usuario' },
      schema: {
        tags: TAGS,
        summary: 'Editar mi perfil',
        security: BEARER,
        body: editarPerfilSchema,
        response: { 200: usuarioSchema },
      },
    },
    async (request) => servicio.editarPerfil(usuarioDe(request), request.body, origen(request)),
  );

  app.patch(
    rutas.perfilContrasena,
    {
      config: { auth: 'usuario' },
      schema: {
        tags: TAGS,
        summary: 'Cambiar mi contraseña',
        security: BEARER,
        body: cambiarContrasenaSchema,
        response: { 200: mensajeSchema },
      },
    },
    async (request, reply) =>
      conRetryAfter(reply, () => servicio.cambiarContrasena(usuarioDe(request), request.body, origen(request))),
  );

  app.get(
    rutas.listar,
    {
      config: { auth: rolesUsuarios.listar },
      schema: {
        tags: TAGS,
        summary: 'Listar y buscar usuarios',
        security: BEARER,
        querystring: listarUsuariosQuery,
        response: { 200: listaUsuariosSchema },
      },
    },
    async (request) => servicio.listar(usuarioDe(request), request.query),
  );

  app.get(
    rutas.buscar(':id'),
    {
      config: { auth: rolesUsuarios.buscar },
      schema: {
        tags: TAGS,
        summary: 'Detalle de un usuario',
        security: BEARER,
        params: idParam,
        response: { 200: usuarioSchema },
      },
    },
    async (request) => servicio.buscar(usuarioDe(request), request.params.id, origen(request)),
  );

  app.post(
    rutas.crearAdmin,
    {
      config: { auth: rolesUsuarios.crearAdmin },
      schema: {
        tags: TAGS,
        summary: 'Crear un usuario (cualquier rol)',
        security: BEARER,
        body: crearUsuarioAdminSchema,
        response: { 201: usuarioSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await servicio.crearUsuario(usuarioDe(request), request.body, origen(request))),
  );

  app.patch(
    rutas.editar(':id'),
    {
      config: { auth: rolesUsuarios.editar },
      schema: {
        tags: TAGS,
        summary: 'Editar un usuario (incluido su rol)',
        security: BEARER,
        params: idParam,
        body: editarUsuarioAdminSchema,
        response: { 200: usuarioSchema },
      },
    },
    async (request) => servicio.editarUsuario(usuarioDe(request), request.params.id, request.body, origen(request)),
  );

  app.patch(
    rutas.editarEstado(':id'),
    {
      config: { auth: rolesUsuarios.editarEstado },
      schema: {
        tags: TAGS,
        summary: 'Activar o desactivar un usuario',
        security: BEARER,
        params: idParam,
        body: editarEstadoSchema,
        response: { 200: usuarioSchema },
      },
    },
    async (request) =>
      servicio.cambiarEstado(usuarioDe(request), request.params.id, request.body.estado, origen(request)),
  );
};
