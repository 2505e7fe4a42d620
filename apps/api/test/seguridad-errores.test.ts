// Error mapping that the fault bars rest on: which database failures are "dependency down" (503, QUALITY
// reliability 3), which are bad input (400), and what of an error may reach the logs (no parameters).
import { describe, expect, it } from 'vitest';
import { isDataException, isDbUnavailable } from '../src/lib/app-error.ts';
import { errorParaLog, mensajeParaLog } from '../src/lib/error-log.ts';

/** Drizzle's wrapper around a driver error (same message shape as drizzle-orm's DrizzleQueryError). */
class DrizzleQueryError extends Error {
  constructor(
    public query: string,
    public params: unknown[],
    cause: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`);
    this.cause = cause;
  }
}
const conCodigo = (message: string, code: string, extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra });
const envuelto = (cause: unknown) => new DrizzleQueryError('select 1 from usuarios where id = $1', [7], cause);

describe('isDbUnavailable: what a PostgreSQL restart or outage looks like from node-postgres', () => {
  const caidas: [string, unknown][] = [
    ['server not listening', conCodigo('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['socket reset', conCodigo('read ECONNRESET', 'ECONNRESET')],
    ['write on closed socket', conCodigo('write EPIPE', 'EPIPE')],
    ['host unreachable', conCodigo('connect EHOSTUNREACH 10.0.0.9:5432', 'EHOSTUNREACH')],
    ['DNS failure', conCodigo('getaddrinfo ENOTFOUND db', 'ENOTFOUND')],
    ['fast shutdown kills backends (57P01)', conCodigo('terminating connection due to administrator command', '57P01')],
    ['crash shutdown (57P02)', conCodigo('terminating connection due to crash of another server process', '57P02')],
    ['shutting down (57P03)', conCodigo('the database system is shutting down', '57P03')],
    ['starting up (57P03)', conCodigo('the database system is starting up', '57P03')],
    ['too many connections (53300)', conCodigo('sorry, too many clients already', '53300')],
    ['connection failure (08006)', conCodigo('connection failure', '08006')],
    ['protocol violation (08P01)', conCodigo('unexpected message', '08P01')],
    ['connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['pool wait timeout', new Error('timeout exceeded when trying to connect')],
    ['client reused after an error', new Error('Client has encountered a connection error and is not queryable')],
    ['client closed', new Error('Client was closed and is not queryable')],
    [
      'both address families refused',
      Object.assign(new AggregateError([conCodigo('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]), {}),
    ],
  ];
  it.each(caidas)('%s -> 503', (_n, err) => {
    expect(isDbUnavailable(err)).toBe(true);
    // Drizzle wraps every driver error: the cause chain is followed.
    expect(isDbUnavailable(envuelto(err))).toBe(true);
  });

  const otros: [string, unknown][] = [
    ['unique violation', conCodigo('duplicate key value violates unique constraint', '23505')],
    ['NUL byte', conCodigo('invalid byte sequence for encoding "UTF8": 0x00', '22021')],
    ['syntax error (a bug, 500)', conCodigo('syntax error at or near "selec"', '42601')],
    ['serialization failure', conCodigo('could not serialize access', '40001')],
    ['plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection terminated'],
    ['null', null],
  ];
  it.each(otros)('%s is not "unavailable"', (_n, err) => {
    expect(isDbUnavailable(err)).toBe(false);
    expect(isDbUnavailable(envuelto(err))).toBe(false);
  });

  it('a parameter that merely contains the words does not make a bug look like an outage', () => {
    const err = new DrizzleQueryError(
      'insert into notas (texto) values ($1)',
      ['Connection terminated'],
      conCodigo('syntax error', '42601'),
    );
    expect(isDbUnavailable(err)).toBe(false);
  });

  it('data exceptions (class 22) are bad input, not outages', () => {
    expect(isDataException(envuelto(conCodigo('integer out of range', '22003')))).toBe(true);
    expect(isDataException(envuelto(conCodigo('terminating connection', '57P01')))).toBe(false);
  });
});

describe('errorParaLog: errors as they may be logged', () => {
  const pgError = conCodigo('null value in column "nombre" violates not-null constraint', '23502', {
    detail: 'Failing row contains (1, null, ana@correo.co, $argon2id$v=19$secreto)',
    params: ['ana@correo.co', '$argon2id$v=19$secreto'],
    query: 'insert into usuarios ...',
    table: 'usuarios',
    column: 'nombre',
  });
  const err = new DrizzleQueryError(
    'insert into "usuarios" ("correo", "contrasena_hash") values ($1, $2)',
    ['ana@correo.co', '$argon2id$v=19$secreto'],
    pgError,
  );

  it('keeps the query, messages, codes and stack; drops parameters and detail', () => {
    const limpio = errorParaLog(err) as Error & Record<string, unknown>;
    expect(limpio).toBeInstanceOf(Error);
    expect(limpio.message).toBe('Failed query: insert into "usuarios" ("correo", "contrasena_hash") values ($1, $2)');
    expect(limpio.code).toBe('23502');
    expect(limpio.params).toBe('[ocultos]');
    expect(limpio.stack).toMatch(/^DrizzleQueryError: Failed query/);
    const causa = limpio.cause as Record<string, unknown>;
    expect(causa).toMatchObject({
      message: 'null value in column "nombre" violates not-null constraint',
      code: '23502',
      table: 'usuarios',
      column: 'nombre',
    });
    const todo = JSON.stringify({
      ...limpio,
      message: limpio.message,
      stack: limpio.stack,
      causa: { ...causa, stack: causa.stack },
    });
    expect(todo).not.toContain('secreto');
    expect(todo).not.toContain('ana@correo.co');
    expect(todo).not.toContain('Failing row');
  });

  it('leaves non-errors alone and survives cycles', () => {
    expect(errorParaLog('texto')).toBe('texto');
    expect(errorParaLog(undefined)).toBeUndefined();
    const ciclo = new Error('a') as Error & { cause?: unknown };
    ciclo.cause = ciclo;
    expect((errorParaLog(ciclo) as Error).message).toBe('a');
  });
});

describe('mensajeParaLog: a failure reason for a log line or the outbox row', () => {
  it('drops the parameters drizzle appends, also when a rollback failed after the query', () => {
    const err = new Error(
      'Failed query: update "bandeja_salida" set "ultimo_error" = $1 where "id" = $2\nparams: secreto@demo.test,1\nFailed query: rollback\nparams: ',
    );
    expect(mensajeParaLog(err)).toBe('Failed query: update "bandeja_salida" set "ultimo_error" = $1 where "id" = $2');
    expect(mensajeParaLog('sin conexión')).toBe('sin conexión');
  });
});
