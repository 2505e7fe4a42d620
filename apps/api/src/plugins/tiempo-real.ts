// The live connection (SPEC 4, 7; issue 10): socket.io on the same HTTP server and port, websocket transport
// only. The handshake is authenticated with the token in `auth` (never in the URL) by the same autenticar() as
// HTTP; each socket joins its own user's room and nothing else. registrarDoctor / registrarPaciente with
// someone else's id join nothing and are audited. Notifications are emitted to the user's room after commit;
// a revoked session or deactivated user is disconnected at once (through the adapter, on every instance).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@clinica/contracts/events';
import type { UsuarioActual } from './auth.ts';
import type { Audit } from '../platform/auditoria.repository.ts';
import type { EnVivo } from '../platform/en-vivo.ts';
import type { ClienteRedis } from './tiempo-real-redis.ts';

type DatosSocket = { usuario: UsuarioActual };
export type ServidorTiempoReal = Server<ClientToServerEvents, ServerToClientEvents, object, DatosSocket>;

export const salaUsuario = (id: number) => `usuario:${id}`;
const salaSesion = (sid: string) => `sesion:${sid}`;
declare module 'fastify' {
  interface FastifyInstance {
    tiempoReal: ServidorTiempoReal;
  }
}

export type TiempoRealOptions = {
  autenticar: (token: string) => Promise<UsuarioActual>;
  enVivo: EnVivo;
  audit: Audit;
  corsOrigins: string[];
  /** With several instances: events cross them through Redis Streams, which keep what a blip would lose. */
  redisUrl?: string | undefined;
};

export const tiempoRealPlugin = fp(async (app: FastifyInstance, opts: TiempoRealOptions) => {
  const io: ServidorTiempoReal = new Server(app.server, {
    transports: ['websocket'],
    serveClient: false,
    // Browsers on other origins (VITE_API_URL setups) must be in the allow-list, as for HTTP.
    cors: { origin: opts.corsOrigins, credentials: false },
    // Small frames only: the server never expects more than an id from a client.
    maxHttpBufferSize: 4096,
  });

  let redis: ClienteRedis | undefined;
  let latido: ReturnType<typeof setInterval> | undefined;
  if (opts.redisUrl) {
    // Loaded only with REDIS_URL (several instances): one instance never pays for the Redis client.
    const { conectarRedis } = await import('./tiempo-real-redis.ts');
    ({ redis, latido } = conectarRedis(io, opts.redisUrl, app.log));
  }

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return next(new Error('NO_AUTENTICADO'));
    opts.autenticar(token).then(
      (usuario) => {
        socket.data.usuario = usuario;
        next();
      },
      () => next(new Error('NO_AUTENTICADO')),
    );
  });

  io.on('connection', (socket) => {
    const { usuario } = socket.data;
    void socket.join([salaUsuario(usuario.id), salaSesion(usuario.sid)]);
    const registrar = (evento: 'registrarDoctor' | 'registrarPaciente') => (id: unknown) => {
      // SPEC 7: the web announces its user; the room was already chosen from the token. Another id joins
      // nothing and is recorded.
      if (id === usuario.id) return;
      void opts
        .audit({
          usuarioId: usuario.id,
          accion: `socket.${evento}`,
          recurso: 'usuario',
          recursoId: typeof id === 'number' || typeof id === 'string' ? String(id).slice(0, 20) : null,
          resultado: 'denegado',
          ip: socket.handshake.address,
          detalle: 'id ajeno',
        })
        .catch((err: unknown) => app.log.error({ err }, 'no se pudo auditar un registro de socket'));
    };
    socket.on('registrarDoctor', registrar('registrarDoctor'));
    socket.on('registrarPaciente', registrar('registrarPaciente'));
  });

  const dejar = [
    opts.enVivo.suscribir('notificacion', ({ usuarioId, notificacion }) => {
      io.to(salaUsuario(usuarioId)).emit('nuevaNotificacion', notificacion);
    }),
    opts.enVivo.suscribir('sesiones.revocadas', ({ usuarioId, exceptoSid, sid }) => {
      const sala = sid ? salaSesion(sid) : salaUsuario(usuarioId);
      const excepto = !sid && exceptoSid ? [salaSesion(exceptoSid)] : [];
      // Here at once: through the adapter, this instance would act only after Redis took the message, so a
      // Redis outage would keep an ended session listening. Then, through Redis, on the other instances.
      io.local.in(sala).except(excepto).disconnectSockets(true);
      if (redis) io.in(sala).except(excepto).disconnectSockets(true);
    }),
  ];

  app.decorate('tiempoReal', io);
  app.addHook('onClose', async () => {
    for (const d of dejar) d();
    clearInterval(latido);
    await io.close();
    if (redis?.isOpen) {
      // Politely when Redis answers; while it is away a close would wait for it (and hold up the shutdown).
      const cliente = redis;
      if (cliente.isReady) {
        await Promise.race([cliente.close().catch(() => {}), new Promise((r) => setTimeout(r, 2_000).unref())]);
      }
      if (cliente.isOpen) cliente.destroy();
    }
  });
});
