// The live connection (SPEC 4, 7; issue 10): socket.io on the same HTTP server and port, websocket transport
// only. The handshake is authenticated with the token in `auth` (never in the URL) by the same autenticar() as
// HTTP; each socket joins its own user's room and nothing else. registrarDoctor / registrarPaciente with
// someone else's id join nothing and are audited. Notifications are emitted to the user's room after commit;
// a revoked session or deactivated user is disconnected at once (through the adapter, on every instance).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient, ErrorReply } from 'redis';
import { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@clinica/contracts/events';
import type { UsuarioActual } from './auth.ts';
import type { Audit } from '../platform/auditoria.repository.ts';
import type { EnVivo } from '../platform/en-vivo.ts';

type DatosSocket = { usuario: UsuarioActual };
export type ServidorTiempoReal = Server<ClientToServerEvents, ServerToClientEvents, object, DatosSocket>;

export const salaUsuario = (id: number) => `usuario:${id}`;
const salaSesion = (sid: string) => `sesion:${sid}`;
/** A room no socket joins: the adapters' beat (see below) goes there. */
const SALA_LATIDO = 'latido';
const LATIDO_MS = 2_000;

/** Publishes that may wait for Redis at once (about 1.7 KB each in the client's queue). */
export const MAX_PUBLICACIONES_EN_ESPERA = 1_000;

/**
 * The adapter publishes every emit with XADD. A command already sent when the connection drops is rejected (the
 * client cannot know whether Redis ran it) and the adapter would give up: the other instances would never hear that
 * notification. So a publish is sent again until it is written (at worst twice: the web counts a notification id
 * once) or the client is closed; an error Redis itself answered is not a lost connection and is not retried.
 * While Redis is away every publish waits in the client's queue: past MAX_PUBLICACIONES_EN_ESPERA a new one is
 * refused at once, so an outage of hours does not grow memory without end (that live push is dropped; the web
 * reloads its notifications on every reconnection).
 */
export function publicacionesAcotadas(cliente: ReturnType<typeof createClient>) {
  const xAdd = cliente.xAdd.bind(cliente);
  let enEspera = 0;
  Object.defineProperty(cliente, 'xAdd', {
    value: async (...args: Parameters<typeof xAdd>) => {
      if (enEspera >= MAX_PUBLICACIONES_EN_ESPERA && !cliente.isReady) {
        throw new Error('Redis no responde: demasiadas publicaciones en espera');
      }
      enEspera++;
      try {
        for (;;) {
          try {
            return await xAdd(...args);
          } catch (err) {
            if (!cliente.isOpen || err instanceof ErrorReply) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        enEspera--;
      }
    },
  });
}

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

  let redis: ReturnType<typeof createClient> | undefined;
  let latido: ReturnType<typeof setInterval> | undefined;
  if (opts.redisUrl) {
    redis = createClient({
      url: opts.redisUrl,
      // Keep trying while Redis is down (commands wait in the client's queue); never crash the process.
      socket: { reconnectStrategy: (intentos) => Math.min(100 * 2 ** intentos, 3000) },
    });
    publicacionesAcotadas(redis);
    redis.on('error', (err: Error) =>
      app.log.warn({ err: err.message }, 'Redis no responde; el tiempo real entre instancias espera'),
    );
    // Not awaited: the API starts (and HTTP keeps working) whether Redis answers yet or not.
    redis.connect().catch((err: unknown) => app.log.warn({ err: String(err) }, 'no se pudo conectar a Redis'));
    io.adapter(createAdapter(redis));
    // Each adapter reads the stream on from the last entry it read; until it has read one it reads from "now"
    // ($). An emit another instance queued during a Redis blink reaches the stream when both reconnect, maybe
    // just before this instance's next read from "now": skipped, lost. A beat to a room nobody joins, soon after
    // start and every few seconds, gives every instance a real position in the stream, so after a blink it
    // resumes exactly where it was and reads what the others queued meanwhile.
    const latir = () => (io.to(SALA_LATIDO) as unknown as { emit(evento: string): void }).emit('latido');
    // Only while Redis answers: during an outage a beat would just wait in the client's queue.
    const cliente = redis;
    redis.on('ready', latir);
    latido = setInterval(() => cliente.isReady && latir(), LATIDO_MS);
    latido.unref();
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
