// How the server logs (issue 11; issue 26, item 1): what is redacted, how a request appears, and the one access line
// per request, made cheap enough to leave on at LOG_LEVEL=info (bench/results/perfil.md "El registro de acceso").
// - Redaction (REDACT) covers every line code writes: pino applies it to each value logged, and its wildcard paths
//   clone every top-level value to look for the keys, ~10 µs a line (more than the rest of `GET /salud`).
// - The access line is the one line every request writes, and its fields are Fastify's request and reply through
//   the serializers below (method, path without the query string, address, status) and the time: nothing code
//   passes in, so nothing to redact. It goes through a child of the same logger without redaction: ~2 µs, not ~12.
// - Fastify makes a child logger per request (for its id); with redaction, the binding alone cost ~1.5 µs. The child
//   is now made the first time a request logs something else (a rejection, an error): most never do.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';

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

/** The path of a request without its query string (searches carry document numbers, names and e-mails). */
const sinConsulta = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/**
 * How a request appears in the logs: method, path WITHOUT the query string, the client address Fastify trusts, and
 * nothing else (headers are never logged).
 */
export const LOG_SERIALIZERS = {
  req(req: FastifyRequest): Record<string, unknown> {
    // Code may log its own `req` object; only Fastify's request is reshaped (the rest is left to redaction).
    const url: unknown = req.url;
    if (typeof url !== 'string') return req as unknown as Record<string, unknown>;
    return { method: req.method, url: sinConsulta(url), remoteAddress: req.ip };
  },
};

/** The logger options with our serializers, whatever the caller passed (true, options, or false). */
export function conSerializadores(logger: boolean | object | undefined) {
  if (!logger) return false;
  const opciones = logger === true ? {} : (logger as { serializers?: object });
  return { ...opciones, serializers: { ...LOG_SERIALIZERS, ...opciones.serializers } };
}

type Registrador = FastifyBaseLogger & { levels?: { values: Record<string, number> } };

/**
 * A request's logger, made on first use: the child Fastify would make at once (`logger.child({ reqId })`), created
 * the first time the request logs at an enabled level. Lines and their order are the same.
 */
class RegistroDeSolicitud {
  #padre: Registrador;
  #enlaces: Bindings;
  #opciones: ChildLoggerOptions;
  #hijo: FastifyBaseLogger | undefined;

  constructor(padre: Registrador, enlaces: Bindings, opciones: ChildLoggerOptions) {
    this.#padre = padre;
    this.#enlaces = enlaces;
    this.#opciones = opciones;
  }

  #real(): FastifyBaseLogger {
    return (this.#hijo ??= this.#padre.child(this.#enlaces, this.#opciones));
  }

  get level(): string {
    return this.#hijo?.level ?? this.#opciones.level ?? this.#padre.level;
  }

  set level(nivel: string) {
    this.#real().level = nivel;
  }

  /** Whether a line at `nivel` would be written (pino's own test, without making the child). */
  activo(nivel: Level): boolean {
    const valores = this.#padre.levels?.values;
    if (!valores) return true;
    return (valores[nivel] ?? 0) >= (valores[this.level] ?? Infinity);
  }

  #escribir(nivel: Level, args: unknown[]) {
    if (this.activo(nivel)) (this.#real()[nivel] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]) {
    this.#escribir('fatal', args);
  }
  error(...args: unknown[]) {
    this.#escribir('error', args);
  }
  warn(...args: unknown[]) {
    this.#escribir('warn', args);
  }
  info(...args: unknown[]) {
    this.#escribir('info', args);
  }
  debug(...args: unknown[]) {
    this.#escribir('debug', args);
  }
  trace(...args: unknown[]) {
    this.#escribir('trace', args);
  }
  silent() {}

  child(enlaces: Bindings, opciones?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(enlaces, opciones);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made on first use. */
export function registroPorSolicitud(
  this: unknown,
  padre: FastifyBaseLogger,
  enlaces: Bindings,
  opciones: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RegistroDeSolicitud(padre, enlaces, opciones);
}

/**
 * One access line per request: Fastify's default writes two at info ("incoming request", then "request completed"),
 * which more than doubled the CPU of a small request. The incoming line stays, at debug; the completed one carries
 * the request (method, path, address) too, with the same fields and order as a line of the request's own logger.
 */
export class RegistroDeSolicitudes extends LogController {
  /** The root logger without redaction: only for the access line, whose fields are built below. */
  #acceso: FastifyBaseLogger | undefined;

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const log = request.log as FastifyBaseLogger & { isLevelEnabled?: (nivel: string) => boolean };
    if (log instanceof RegistroDeSolicitud ? !log.activo('info') : !log.isLevelEnabled?.('info')) return;
    // Level trace: whether it is written is the request's logger's to say (above), as it was.
    this.#acceso ??= request.server.log.child({}, { redact: [], level: 'trace' });
    this.#acceso.info(
      { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
