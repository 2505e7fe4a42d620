// /apiusuarios: registration, sign-in, sessions, own profile and user administration (issue 3).
// Who may call what follows DOMAIN.md; the rules live in usuarios.service.ts and its parts. Method, path, auth rule and
// schemas of every route come from usuariosEndpoints in the contracts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiError } from '@clinica/contracts/errors';
import { usuariosEndpoints as endpoints } from '@clinica/contracts/usuarios';
import type { Config } from '../../config.ts';
import { MENSAJE_HASH_SATURADO, SEGUNDOS_REINTENTO_HASH } from '../../lib/passwords.ts';
import { registrarRutas, ruta } from '../../lib/ruta.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import { origen } from '../../lib/solicitud.ts';
import { BloqueoError } from './usuarios.reglas.ts';
import type { UsuariosService } from './usuarios.service.ts';

export type UsuariosRoutesOptions = {
  usuarios: UsuariosService;
  config: Pick<Config, 'rateLimitMax'>;
};

const tags = ['usuarios'];

/** Per-route limits derived from the global one (600/min by default -> 10 registrations, 30 sign-ins). */
export function limitesPorMinuto(rateLimitMax: number) {
  return {
    registrar: Math.max(5, Math.round(rateLimitMax / 60)),
    iniciarSesion: Math.max(10, Math.round(rateLimitMax / 20)),
  };
}

export const usuariosRoutes: FastifyPluginAsyncZod<UsuariosRoutesOptions> = async (app, opts) => {
  const servicio = opts.usuarios;
  const limites = limitesPorMinuto(opts.config.rateLimitMax);
  const registrar = registrarRutas(app, tags);

  /**
   * During a flood the refusal must cost next to nothing: answered before the body is read or validated, with no
   * error object and no log line (issue 11.2). The service's own admission still holds for whatever passes here.
   */
  const rechazarSiSaturado = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!servicio.saturado()) return;
    const cuerpo: ApiError = { error: MENSAJE_HASH_SATURADO, code: 'NO_DISPONIBLE' };
    return reply
      .code(503)
      .header('retry-after', String(SEGUNDOS_REINTENTO_HASH))
      .header('cache-control', 'no-store')
      .send(cuerpo);
  };

  /** Lockouts carry Retry-After so clients (and proxies) know when to try again. */
  async function conRetryAfter<T>(reply: FastifyReply, trabajo: () => Promise<T>): Promise<T> {
    try {
      return await trabajo();
    } catch (err) {
      if (err instanceof BloqueoError) reply.header('retry-after', String(Math.ceil(err.segundos)));
      throw err;
    }
  }

  app.route({
    ...ruta(endpoints.registrar, {
      config: { rateLimit: { max: limites.registrar, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Registro público de pacientes' },
    }),
    onRequest: rechazarSiSaturado,
    handler: async (request, reply) => {
      const usuario = await servicio.registrar(request.body, origen(request));
      return reply.code(201).header('cache-control', 'no-store').send(usuario);
    },
  });

  app.route({
    ...ruta(endpoints.iniciarSesion, {
      config: { rateLimit: { max: limites.iniciarSesion, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Iniciar sesión' },
    }),
    onRequest: rechazarSiSaturado,
    handler: async (request, reply) => {
      // The answer carries a token and personal data; the route is public, so say it here.
      reply.header('cache-control', 'no-store');
      return conRetryAfter(reply, () => servicio.iniciarSesion(request.body, origen(request)));
    },
  });

  registrar(endpoints.renovarSesion, 'Renovar el token de la sesión activa', async (request) =>
    servicio.renovarSesion(usuarioDe(request)),
  );

  registrar(endpoints.cerrarSesion, 'Cerrar la sesión', async (request) =>
    servicio.cerrarSesion(usuarioDe(request), origen(request)),
  );

  registrar(endpoints.perfil, 'Mi perfil', async (request) => servicio.perfil(usuarioDe(request)));

  registrar(endpoints.editarPerfil, 'Editar mi perfil', async (request) =>
    servicio.editarPerfil(usuarioDe(request), request.body, origen(request)),
  );

  registrar(endpoints.cambiarContrasena, 'Cambiar mi contraseña', async (request, reply) =>
    conRetryAfter(reply, () => servicio.cambiarContrasena(usuarioDe(request), request.body, origen(request))),
  );

  registrar(endpoints.aceptarAutorizacion, 'Aceptar los términos y la política de datos (Ley 1581)', async (request) =>
    servicio.aceptarAutorizacion(usuarioDe(request), origen(request)),
  );

  registrar(
    endpoints.registrarAutorizacion,
    'Registrar en recepción que la paciente aceptó la política de datos (Ley 1581)',
    async (request) =>
      servicio.registrarAutorizacionEnRecepcion(usuarioDe(request), request.params.id, origen(request)),
  );

  registrar(endpoints.cambiarCorreo, 'Pedir el cambio de mi correo (enlace al correo nuevo)', async (request, reply) =>
    conRetryAfter(reply, () => servicio.pedirCambioCorreo(usuarioDe(request), request.body, origen(request))),
  );

  registrar(endpoints.confirmarCorreo, 'Confirmar el cambio de correo con el enlace recibido', async (request) =>
    servicio.confirmarCambioCorreo(request.body, origen(request)),
  );

  registrar(endpoints.listar, 'Listar y buscar usuarios', async (request) =>
    servicio.listar(usuarioDe(request), request.query),
  );

  registrar(endpoints.buscar, 'Detalle de un usuario', async (request) =>
    servicio.buscar(usuarioDe(request), request.params.id, origen(request)),
  );

  registrar(
    endpoints.crearAdmin,
    'Crear un usuario (administración: cualquier rol; recepción: pacientes)',
    async (request, reply) =>
      reply.code(201).send(await servicio.crearUsuario(usuarioDe(request), request.body, origen(request))),
  );

  registrar(
    endpoints.crearPaciente,
    'Registrar en recepción a una paciente sin cuenta en línea (correo opcional)',
    async (request, reply) =>
      reply.code(201).send(await servicio.crearPaciente(usuarioDe(request), request.body, origen(request))),
  );

  registrar(endpoints.invitar, 'Enviar de nuevo la invitación para elegir la contraseña', async (request) =>
    servicio.invitar(usuarioDe(request), request.params.id, origen(request)),
  );

  registrar(
    endpoints.editar,
    'Editar un usuario (administración: todo; recepción: contacto de pacientes)',
    async (request) => servicio.editarUsuario(usuarioDe(request), request.params.id, request.body, origen(request)),
  );

  registrar(endpoints.editarEstado, 'Activar o desactivar un usuario', async (request) =>
    servicio.cambiarEstado(usuarioDe(request), request.params.id, request.body.estado, origen(request)),
  );

  registrar(endpoints.bloqueosRecientes, 'Bloqueos y ráfagas de inicio de sesión de los últimos 7 días', async () =>
    servicio.bloqueosRecientes(),
  );
};
