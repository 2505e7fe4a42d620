// The zod-free half of the payment endpoints (issue 23, items 1 and 5): the desk's payments of an appointment's
// balance, voids, lists, the "Recibo de caja" PDF and the daily cash close, under /apipagos (decision 0052).
// The web imports this module at run time without pulling schemas into its download (decision 0005).
import { ruta, type Id } from './rutas.ts';

export const pagosPaths = {
  registrar: '/apipagos/registrar',
  devolver: '/apipagos/devolver',
  saldo: <I extends Id>(citaId: I) => `/apipagos/saldo/${citaId}` as const,
  listar: '/apipagos/listar',
  misPagos: '/apipagos/mispagos',
  anular: <I extends Id>(id: I) => `/apipagos/${id}/anular` as const,
  recibo: <I extends Id>(id: I) => `/apipagos/${id}/recibo` as const,
  caja: '/apipagos/caja',
  cerrarCaja: '/apipagos/caja/cerrar',
  cierres: '/apipagos/caja/cierres',
} as const;

/** Who works the desk: they take payments, see them and close their cash (docs/dinero.md). */
export const rolesCaja = ['asistente', 'administrador'] as const;

/**
 * Doctors take no part in money. The patient sees her own payments and receipts (anyone else's is a 404); the desk
 * any. Only an administrator voids a payment or reads another staff member's desk.
 */
export const pagosRutas = {
  registrar: ruta('POST', pagosPaths.registrar, rolesCaja),
  devolver: ruta('POST', pagosPaths.devolver, rolesCaja),
  saldo: ruta('GET', pagosPaths.saldo(':citaId'), rolesCaja),
  listar: ruta('GET', pagosPaths.listar, rolesCaja),
  misPagos: ruta('GET', pagosPaths.misPagos, ['paciente'] as const),
  anular: ruta('POST', pagosPaths.anular(':id'), ['administrador'] as const),
  recibo: ruta('GET', pagosPaths.recibo(':id'), ['paciente', 'asistente', 'administrador'] as const),
  caja: ruta('GET', pagosPaths.caja, rolesCaja),
  cerrarCaja: ruta('POST', pagosPaths.cerrarCaja, rolesCaja),
  cierres: ruta('GET', pagosPaths.cierres, ['administrador'] as const),
};
