// NOTIFY channels written by the database itself. No driver here: both databases' code imports it, and a PGlite
// install must never load pg (test/arranque.test.ts).

/** Sent by the triggers of migrations 0003 and 0016 on every committed change to a session or a user's access. */
export const CANAL_SESIONES = 'sesiones_cambio';
/** Sent by the triggers of migration 0032 on every committed change to a user's cart items (decision 0071). */
export const CANAL_CARRITO = 'carrito_cambio';
