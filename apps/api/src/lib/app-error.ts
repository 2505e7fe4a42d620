// The one error type services throw; the error handler turns it into the wire envelope.
import type { ErrorCode } from '@clinica/contracts/errors';

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly statusCode: number,
    mensaje: string,
    public readonly issues?: { campo: string; mensaje: string }[],
  ) {
    super(mensaje);
    this.name = 'AppError';
  }
}

export const noEncontrado = (mensaje = 'No encontramos lo que buscas.') =>
  new AppError('NO_ENCONTRADO', 404, mensaje);
export const prohibido = (mensaje = 'No tienes permiso para hacer esto.') =>
  new AppError('PROHIBIDO', 403, mensaje);
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

export function isForeignKeyViolation(err: unknown): boolean {
  return findPgError(err)?.code === '23503';
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

/** Connection-level failures: the database is down or restarting. */
export function isDbUnavailable(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof c.code === 'string' &&
      (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08003', '08001'].includes(
        c.code,
      ))
    )
      return true;
    if (typeof c.message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(c.message))
      return true;
    cur = c.cause;
  }
  return false;
}
