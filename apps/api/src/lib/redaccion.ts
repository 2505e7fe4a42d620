// What the logs never show: credentials and tokens wherever they appear. Used by the real server's logger
// (src/server.ts) and re-exported by app.ts for the tests that build the same logger.
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
