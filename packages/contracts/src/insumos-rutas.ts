// The zod-free half of the products-and-lots endpoints (issue 24, item 1; docs/trazabilidad.md), under /apiinsumos.
// The web imports this module at run time without pulling schemas into its download (decision 0005).
import { ruta, type Id } from './rutas.ts';

export const insumosPaths = {
  productos: '/apiinsumos/productos',
  producto: <I extends Id>(id: I) => `/apiinsumos/productos/${id}` as const,
  lotes: <I extends Id>(productoId: I) => `/apiinsumos/productos/${productoId}/lotes` as const,
  ajustes: <I extends Id>(loteId: I) => `/apiinsumos/lotes/${loteId}/ajustes` as const,
  movimientos: <I extends Id>(loteId: I) => `/apiinsumos/lotes/${loteId}/movimientos` as const,
  alertas: '/apiinsumos/alertas',
  /** Lots a doctor can chart with: active products, not expired, with stock (issue 24, item 2). */
  lotesUsables: '/apiinsumos/lotes-usables',
} as const;

/** Who keeps the products, receives lots and adjusts stock: the desk and the administrators. */
export const rolesInsumos = ['asistente', 'administrador'] as const;
/** Who reads products, lots and stock: also the doctors, who chart with them. */
export const rolesLecturaInsumos = ['asistente', 'doctor', 'administrador'] as const;

/** Lots expiring within this many days are on the staff dashboard's alerts. */
export const DIAS_ALERTA_VENCIMIENTO = 60;
/** Most of one unit a single lot or adjustment may carry (hundredths of it fit far inside an integer). */
export const CANTIDAD_MAX = 100_000;

export const insumosRutas = {
  productos: ruta('GET', insumosPaths.productos, rolesLecturaInsumos),
  crearProducto: ruta('POST', insumosPaths.productos, rolesInsumos),
  producto: ruta('GET', insumosPaths.producto(':id'), rolesLecturaInsumos),
  editarProducto: ruta('PATCH', insumosPaths.producto(':id'), rolesInsumos),
  recibirLote: ruta('POST', insumosPaths.lotes(':id'), rolesInsumos),
  ajustar: ruta('POST', insumosPaths.ajustes(':id'), rolesInsumos),
  movimientos: ruta('GET', insumosPaths.movimientos(':id'), rolesInsumos),
  alertas: ruta('GET', insumosPaths.alertas, rolesLecturaInsumos),
  lotesUsables: ruta('GET', insumosPaths.lotesUsables, rolesLecturaInsumos),
};
