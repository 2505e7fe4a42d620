// The desk's day, shared by payments, voids and the cash close: its clinic-time range and its lock.
import { MENSAJES_PAGOS } from '@clinica/contracts/pagos';
import { diaEsCo, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import { AppError } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { CajaRepository } from './caja.repository.ts';
import type { PagosRepository } from './pagos.repository.ts';

export type ReposPagos = { pagos: PagosRepository; caja: CajaRepository; auditoria: AuditoriaRepository };

export const regla = (mensaje: string, campo?: string) =>
  new AppError('REGLA_NEGOCIO', 422, mensaje, campo ? [{ campo, mensaje }] : undefined);
export const conflicto = (mensaje: string) => new AppError('CONFLICTO', 409, mensaje);

/** Who works the desk (pagos-rutas.ts rolesCaja). */
export const esCaja = (rol: string) => rol === 'asistente' || rol === 'administrador';

/** [desde, hasta) of a clinic day. */
export const rangoDia = (calendario: Calendario, fecha: Fecha) => ({
  desde: calendario.instante(fecha),
  hasta: calendario.instante(sumarDias(fecha, 1)),
});

/** Refuses a closed day; call first in the transaction (it takes the day's lock). */
export async function diaAbierto(
  r: ReposPagos,
  usuarioId: number,
  fecha: Fecha,
  mensaje: (f: string) => string = MENSAJES_PAGOS.diaCerrado,
) {
  if (await r.pagos.bloquearDia(usuarioId, fecha)) throw conflicto(mensaje(diaEsCo(fecha)));
}
