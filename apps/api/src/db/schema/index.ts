// Every table, for drizzle-kit and for the typed client.
export * from './usuarios.ts';
export * from './catalogo.ts';
export * from './carrito.ts';
