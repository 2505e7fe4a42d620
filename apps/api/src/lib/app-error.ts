// The one error type services throw; the error handler turns it into the wire envelope.
import type { ErrorCode } from '@clinica/contracts/errors';

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly statusCode: number,
    mensaje: string,
    public readonly issues?: { campo: string; mensaje: string }[],
    /** More fields for the envelope (e.g. HORARIO_OCUPADO's `siguientes`); the route's error schema lists them. */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(mensaje);
    this.name = 'AppError';
  }
}

export const noEncontrado = (mensaje = 'No encontramos lo que buscas.') => new AppError('NO_ENCONTRADO', 404, mensaje);
export const prohibido = (mensaje = 'No tienes permiso para hacer esto.') => new AppError('PROHIBIDO', 403, mensaje);
export const noAutenticado = (mensaje = 'Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.') =>
  new AppError('NO_AUTENTICADO', 401, mensaje);

/** PostgreSQL unique_violation, optionally on a given constraint/index name. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

/** PostgreSQL class 22 (data exception: NUL bytes, out-of-range numbers...): the input was bad, not the server. */
export function isDataException(err: unknown): boolean {
  return findPgError(err)?.code?.startsWith('22') ?? false;
}

/** PostgreSQL exclusion_violation (23P01), optionally on a given constraint. */
export function isExclusionViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23P01' && (!constraint || e.constraint === constraint);
}

/**
 * PostgreSQL deadlock_detected (40P01) and serialization_failure (40001): the database rolled the statement or
 * transaction back so that another could go on; run again, it sees what that one committed. Two bookings of one
 * slot arriving together each find the other's row in the exclusion index and wait for each other; the deadlock
 * detector aborts one (execIndexing.c), which on a retry meets the committed row and gets its 23P01.
 */
export function isTransitoria(err: unknown): boolean {
  const codigo = findPgError(err)?.code;
  return codigo === '40P01' || codigo === '40001';
}

export function isForeignKeyViolation(err: unknown): boolean {
  return findPgError(err)?.code === '23503';
}

/**
 * A write that failed because the disk is full (issue 28, item 4): PostgreSQL's disk_full (53100, PGlite's
 * too), ENOSPC from Node's fs (uploads, files) or from a driver, and SinEspacioError (db/pglite-reabrible.ts).
 */
export function isSinEspacio(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (c.code === '53100' || c.code === 'ENOSPC') return true;
    // PGlite reports a failed file write in the message ("could not write to file ...: No space left on device");
    // DrizzleQueryError's own message holds the query and its parameters (user text), so it is skipped.
    if (
      typeof c.message === 'string' &&
      !c.message.startsWith('Failed query:') &&
      /No space left on device/i.test(c.message)
    )
      return true;
    cur = c.cause;
  }
  return false;
}

/** Drizzle wraps driver errors; walk the cause chain to the PostgreSQL error. */
function findPgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c as { code: string };
    cur = c.cause;
  }
  return undefined;
}

/**
 * Socket-level codes (the server is unreachable) and PostgreSQL classes 08 (connection exception),
 * 57P01-57P03 (admin/crash shutdown, cannot connect now: a restart) and 53300 (too many connections).
 */
const CODIGOS_NO_DISPONIBLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '08P01',
]);
/** node-postgres reports a lost or unusable connection with these messages and no code. */
const MENSAJES_NO_DISPONIBLE =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|Connection closed|connection error/i;

/** Connection-level failures: the database is down or restarting (answered 503, never 500). */
export function isDbUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof c.code === 'string' && CODIGOS_NO_DISPONIBLE.has(c.code)) return true;
    // DrizzleQueryError's own message holds the SQL, so only look at messages of the driver's errors.
    if (
      typeof c.message === 'string' &&
      !c.message.startsWith('Failed query:') &&
      MENSAJES_NO_DISPONIBLE.test(c.message)
    )
      return true;
    // Node's AggregateError (e.g. ECONNREFUSED on both ::1 and 127.0.0.1) keeps the code on its members.
    if (Array.isArray(c.errors) && c.errors.some((e) => isDbUnavailable(e))) return true;
    cur = c.cause;
  }
  return false;
}
