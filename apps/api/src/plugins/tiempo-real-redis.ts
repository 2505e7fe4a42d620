// The live connection across instances (REDIS_URL): socket.io's Redis Streams adapter. Its own module, loaded by
// plugins/tiempo-real.ts only when REDIS_URL is set, so one instance does not load the Redis client at all.
import type { FastifyBaseLogger } from 'fastify';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient, ErrorReply } from 'redis';
import {
  Adapter,
  MessageType,
  type BroadcastOptions,
  type ClusterAdapter,
  type ClusterMessage,
} from 'socket.io-adapter';
import type { Server } from 'socket.io';

export type ClienteRedis = ReturnType<typeof createClient>;
/** What the adapter needs of the live server (plugins/tiempo-real.ts), whatever its events: no import back. */
type ServidorIo = Pick<Server, 'adapter' | 'to'>;

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
export function publicacionesAcotadas(cliente: ClienteRedis) {
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

/**
 * socket.io's cluster adapter gives an emit to this instance's own sockets only once Redis has taken it
 * (`ClusterAdapter.broadcast` awaits the XADD): while Redis is away, a patient connected to this very instance would
 * hear nothing until it is back. Here this instance's sockets get the emit at once, and the other instances through
 * Redis whenever it answers (the publish is the adapter's own, serialized before the local delivery, retried by
 * `publicacionesAcotadas`). No connection-state recovery is used, so no offset is owed to the packet.
 */
export function localPrimero(adaptador: ClusterAdapter): void {
  const publicar = (m: ClusterMessage) => (adaptador as unknown as { publish(m: ClusterMessage): void }).publish(m);
  // Async only to match the type: it runs to its end before returning.
  adaptador.broadcast = async (packet: unknown, opts: BroadcastOptions) => {
    if (!opts.flags?.local) {
      publicar({
        type: MessageType.BROADCAST,
        data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags } },
      } as ClusterMessage);
    }
    Adapter.prototype.broadcast.call(adaptador, packet, opts);
  };
}

/** Connects the adapter (never waiting for Redis) and starts the beat; the caller closes both on shutdown. */
export function conectarRedis(io: ServidorIo, url: string, log: Pick<FastifyBaseLogger, 'warn'>) {
  const redis: ClienteRedis = createClient({
    url,
    // Keep trying while Redis is down (commands wait in the client's queue); never crash the process.
    socket: { reconnectStrategy: (intentos) => Math.min(100 * 2 ** intentos, 3000) },
  });
  publicacionesAcotadas(redis);
  redis.on('error', (err: Error) =>
    log.warn({ err: err.message }, 'Redis no responde; el tiempo real entre instancias espera'),
  );
  // Not awaited: the API starts (and HTTP keeps working) whether Redis answers yet or not.
  redis.connect().catch((err: unknown) => log.warn({ err: String(err) }, 'no se pudo conectar a Redis'));
  const fabrica = createAdapter(redis);
  // socket.io builds the adapter with `new`: a function (not an arrow) whose returned object is the adapter.
  io.adapter(function (nsp: Parameters<typeof fabrica>[0]) {
    const adaptador = fabrica(nsp) as ClusterAdapter;
    localPrimero(adaptador);
    return adaptador;
  } as unknown as typeof fabrica);
  // Each adapter reads the stream on from the last entry it read; until it has read one it reads from "now"
  // ($). An emit another instance queued during a Redis blink reaches the stream when both reconnect, maybe
  // just before this instance's next read from "now": skipped, lost. A beat to a room nobody joins, soon after
  // start and every few seconds, gives every instance a real position in the stream, so after a blink it
  // resumes exactly where it was and reads what the others queued meanwhile.
  const latir = () => (io.to(SALA_LATIDO) as unknown as { emit(evento: string): void }).emit('latido');
  // Only while Redis answers: during an outage a beat would just wait in the client's queue.
  redis.on('ready', latir);
  const latido = setInterval(() => redis.isReady && latir(), LATIDO_MS);
  latido.unref();
  return { redis, latido };
}
