// What of an error may be written to the logs (QUALITY: logs hold no passwords, tokens or clinical text).
// Drizzle puts every query parameter in its error message ("Failed query: ...\nparams: <values>"), so a
// failed insert would log the argon2 hash, e-mail, document and any clinical text; PostgreSQL errors
// carry `params` and a `detail` that can hold the whole failing row. Those go; the query text, the
// messages, the codes and the stack stay.

/** Properties that identify a failure without carrying its data. */
const CAMPOS_SEGUROS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'errno',
  'syscall',
  'address',
  'port',
] as const;

type ErrorSuelto = Error & Record<string, unknown>;

/**
 * A copy of the error safe for pino's `err` key. It is still an Error, so pino's serializer keeps
 * adding the causes' messages and stacks; the first database code found in the chain is put on top.
 */
export function errorParaLog(err: unknown): unknown {
  if (!err || typeof err !== 'object') return err;
  const limpio = copiar(err as ErrorSuelto, 0);
  if (limpio.code === undefined) {
    for (let c = limpio.cause as ErrorSuelto | undefined; c; c = c.cause as ErrorSuelto | undefined) {
      if (c.code !== undefined) {
        limpio.code = c.code;
        break;
      }
    }
  }
  return limpio;
}

/** An error's message without the query parameters drizzle appends: for a log line or a stored failure reason. */
export function mensajeParaLog(err: unknown): string {
  const e = err as { message?: unknown } | null;
  const mensaje = e && typeof e === 'object' && typeof e.message === 'string' ? e.message : String(err);
  return mensaje.replace(/\nparams: [\s\S]*$/, '');
}

function copiar(e: ErrorSuelto, nivel: number): ErrorSuelto {
  const mensaje = mensajeParaLog(e);
  const tipo =
    typeof e.constructor === 'function' && e.constructor.name ? e.constructor.name : String(e.name ?? 'Error');
  const out = new Error(mensaje) as ErrorSuelto;
  // pino names the type after the constructor; keep the original's name (DrizzleQueryError...).
  Object.defineProperty(out, 'constructor', { value: { [tipo]: function () {} }[tipo], enumerable: false });
  const marcos = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  out.stack = [`${tipo}: ${mensaje}`, ...marcos].join('\n');
  for (const campo of CAMPOS_SEGUROS) {
    const v = e[campo];
    if (typeof v === 'string' || typeof v === 'number') out[campo] = v;
  }
  if ('params' in e) out.params = '[ocultos]';
  if (e.cause && typeof e.cause === 'object' && nivel < 4) out.cause = copiar(e.cause as ErrorSuelto, nivel + 1);
  return out;
}
