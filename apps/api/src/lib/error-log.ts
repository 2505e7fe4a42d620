// What of an error may be written to the logs (QUALITY: logs hold no passwords, tokens or clinical text).
// Drizzle puts every query parameter in its error message ("Failed query: ...\nparams: <values>"), so a
// failed insert would log the argon2 hash, e-mail, document and any clinical text; PostgreSQL's `detail`
// can hold the whole failing row. Both are dropped; the query text, codes and stack stay.

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

/** A plain object for pino's `err` key: type, message, stack and safe fields; query parameters removed. */
export function errorParaLog(err: unknown, nivel = 0): unknown {
  if (!err || typeof err !== 'object') return err;
  const e = err as Error & Record<string, unknown>;
  let message = typeof e.message === 'string' ? e.message : String(e);
  const marcos = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  const out: Record<string, unknown> = { type: e.constructor?.name ?? e.name ?? 'Error' };
  if (typeof e.query === 'string' && 'params' in e) {
    message = `Failed query: ${e.query}`;
    out.params = `[${Array.isArray(e.params) ? e.params.length : '?'} parámetros ocultos]`;
  } else {
    // Any other "params: ..." tail (driver wrappers) goes too.
    message = message.replace(/\nparams: [\s\S]*$/, '\nparams: [ocultos]');
  }
  out.message = message;
  if (marcos.length) out.stack = [`${String(out.type)}: ${message}`, ...marcos].join('\n');
  for (const campo of CAMPOS_SEGUROS) {
    const v = e[campo];
    if (typeof v === 'string' || typeof v === 'number') out[campo] = v;
  }
  if (e.cause !== undefined && nivel < 4) out.cause = errorParaLog(e.cause, nivel + 1);
  return out;
}
