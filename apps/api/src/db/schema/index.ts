// Every table, for drizzle-kit and for the typed client.
export * from './usuarios.ts';
export * from './catalogo.ts';
export * from './carrito.ts';
export * from './plataforma.ts';
export * from './citas.ts';
export * from './notificaciones.ts';
export * from './historias.ts';
export * from './evoluciones.ts';
export * from './consentimientos.ts';
export * from './planes.ts';
export * from './adjuntos.ts';
export * from './respaldos.ts';
export * from './pagos.ts';
export * from './insumos.ts';
export * from './trazabilidad.ts';
export * from './reportes.ts';
