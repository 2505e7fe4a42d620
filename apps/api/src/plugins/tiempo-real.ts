// The live connection (SPEC 4, 7; issue 10): socket.io on the same HTTP server and port, websocket transport
// only. The handshake is authenticated with the token in `auth` (never in the URL) by the same autenticar() as
// HTTP; each socket joins its own user's room and nothing else. registrarDoctor / registrarPaciente with
// someone else's id join nothing and are audited. Notifications, and the changes of a doctor's appointments, are
// emitted to the user's room after commit;
// a revoked session or deactivated user is disconnected at once (through the adapter, on every instance), and a
// session that ends by time within a sweep (tiempo-real-vencimiento.ts). Events and sockets per user are limited
// (tiempo-real-limites.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket as SocketIo } from 'socket.io';
import type { ClientToServerEvents, MotivoDesconexion, ServerToClientEvents } from '@clinica/contracts/events';
import type { UsuarioActual } from './auth.ts';
import type { Audit } from '../platform/auditoria.repository.ts';
import type { EnVivo } from '../platform/en-vivo.ts';
import { Cubeta, crearLimites, EVENTOS_POR_SOCKET, MAX_RECHAZOS_POR_SOCKET, motivo } from './tiempo-real-limites.ts';
import type { ClienteRedis } from './tiempo-real-redis.ts';
import { crearVencimientos } from './tiempo-real-vencimiento.ts';

type DatosSocket = { usuario: UsuarioActual };
export type ServidorTiempoReal = Server<ClientToServerEvents, ServerToClientEvents, object, DatosSocket>;

export const salaUsuario = (id: number) => `usuario:${id}`;
const salaSesion = (sid: string) => `sesion:${sid}`;
declare module 'fastify' {
  interface FastifyInstance {
    tiempoReal: ServidorTiempoReal;
    /** Runs the sweep now (after any one in progress): ended sessions' sockets, audit summaries. */
    revisarTiempoReal(): Promise<void>;
  }
}

/** How often each instance sweeps its sockets for ended sessions (and writes due audit summaries). */
export const REVISION_MS = 5_000;

export type TiempoRealOptions = {
  autenticar: (token: string) => Promise<UsuarioActual>;
  /** The session's end as of now, or null once it is over (autenticacion.vigenteHasta). */
  vigenteHasta: (sid: string, usuarioId: number) => Promise<number | null>;
  now: () => Date;
  enVivo: EnVivo;
  audit: Audit;
  corsOrigins: string[];
  /** With several instances: events cross them through Redis Streams, which keep what a blip would lose. */
  redisUrl?: string | undefined;
};

type Socket = SocketIo<ClientToServerEvents, ServerToClientEvents, object, DatosSocket>;

/** A refused handshake the client can read: `message` is the code, `data` the reason in Spanish. */
const negativa = (codigo: MotivoDesconexion['codigo']) => Object.assign(new Error(codigo), { data: motivo(codigo) });

/** Tells the client why, then closes its connection (the event is written before the close frame). */
function cerrarCon(socket: Socket, codigo: MotivoDesconexion['codigo']) {
  socket.emit('desconexion', motivo(codigo));
  socket.disconnect(true);
}

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

  const ahora = () => opts.now().getTime();
  const limites = crearLimites({ audit: opts.audit, log: app.log });
  const vencimientos = crearVencimientos<Socket>({
    vigenteHasta: opts.vigenteHasta,
    cerrar: (sockets) => {
      for (const s of sockets) cerrarCon(s, 'SESION_VENCIDA');
    },
    log: app.log,
  });

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return next(new Error('NO_AUTENTICADO'));
    opts.autenticar(token).then(
      (usuario) => {
        // Gone while authenticating: nothing to count (its close already happened).
        if (socket.conn.readyState !== 'open') return next(new Error('NO_AUTENTICADO'));
        if (!limites.reservar(usuario.id, ahora())) {
          limites.anotar(usuario.id, { tipo: 'conexionRechazada' }, socket.handshake.address, ahora());
          return next(negativa('DEMASIADAS_CONEXIONES'));
        }
        // The place is given back once, whichever comes first: the socket's disconnect, or its connection closing
        // before the socket connected (socket.io then never emits 'disconnect').
        let libre = false;
        const liberar = () => {
          if (libre) return;
          libre = true;
          limites.liberar(usuario.id, ahora());
        };
        socket.once('disconnect', liberar);
        socket.conn.once('close', liberar);
        socket.data.usuario = usuario;
        next();
      },
      () => next(new Error('NO_AUTENTICADO')),
    );
  });

  io.on('connection', (socket) => {
    const { usuario } = socket.data;
    const ip = socket.handshake.address;
    void socket.join([salaUsuario(usuario.id), salaSesion(usuario.sid)]);
    vencimientos.agregar(usuario.sid, usuario.id, usuario.sesionHasta, socket);
    socket.once('disconnect', () => vencimientos.quitar(usuario.sid, socket));

    // Every incoming event, whatever its name, passes the socket's and the user's buckets first. A refused one is
    // dropped here, counted, never audited one by one; past MAX_RECHAZOS_POR_SOCKET the socket is closed.
    const cubeta = new Cubeta(EVENTOS_POR_SOCKET, ahora());
    let rechazados = 0;
    socket.use((_paquete, seguir) => {
      // Packets already read when the socket was closed still come through here: dropped, not counted again.
      if (!socket.connected) return;
      const t = ahora();
      if (limites.admitir(usuario.id, cubeta, t)) return seguir();
      rechazados++;
      limites.anotar(usuario.id, { tipo: 'rechazado' }, ip, t);
      if (rechazados === MAX_RECHAZOS_POR_SOCKET) {
        limites.anotar(usuario.id, { tipo: 'expulsada' }, ip, t);
        cerrarCon(socket, 'DEMASIADOS_EVENTOS');
      }
    });

    const registrar = (evento: 'registrarDoctor' | 'registrarPaciente') => (id: unknown) => {
      // SPEC 7: the web announces its user; the room was already chosen from the token. Another id joins
      // nothing and is recorded (counted, at most one row per user per minute).
      if (id === usuario.id) return;
      const recursoId = typeof id === 'number' || typeof id === 'string' ? String(id).slice(0, 20) : null;
      limites.anotar(usuario.id, { tipo: 'ajeno', evento, id: recursoId }, ip, ahora());
    };
    socket.on('registrarDoctor', registrar('registrarDoctor'));
    socket.on('registrarPaciente', registrar('registrarPaciente'));
  });

  // One sweep at a time; a call while one runs waits for it and then runs with the clock as it is then.
  let cola: Promise<void> = Promise.resolve();
  let barriendo = false;
  const paso = async () => {
    barriendo = true;
    try {
      const t = ahora();
      limites.revisar(t);
      await vencimientos.revisar(t);
    } finally {
      barriendo = false;
    }
  };
  const revisar = () => (cola = cola.then(paso, paso));
  const barrido = setInterval(() => {
    if (!barriendo) void revisar();
  }, REVISION_MS);
  barrido.unref();

  const dejar = [
    opts.enVivo.suscribir('notificacion', ({ usuarioId, notificacion }) => {
      io.to(salaUsuario(usuarioId)).emit('nuevaNotificacion', notificacion);
    }),
    // Issue 27.14: only the id, to the doctors' rooms; their screens refetch what they show.
    opts.enVivo.suscribir('cita.cambio', ({ doctorIds, citaId }) => {
      io.to(doctorIds.map(salaUsuario)).emit('citaActualizada', { cita_id: citaId });
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
  app.decorate('revisarTiempoReal', revisar);
  app.addHook('onClose', async () => {
    for (const d of dejar) d();
    clearInterval(latido);
    clearInterval(barrido);
    await io.close();
    await cola.catch(() => {});
    limites.volcar();
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
