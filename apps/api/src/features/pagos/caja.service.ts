// The daily cash close (issue 23, item 5; decision 0055): one desk's day summed per method, closed with the cash
// counted and the difference; a closed day takes no payment or void (dia-caja.ts diaAbierto).
import {
  MENSAJES_PAGOS as M,
  metodosPago,
  type CajaQuery,
  type MetodoPago,
  type TotalMetodo,
  type TotalesCaja,
} from '@clinica/contracts/pagos';
import { diaEsCo, type Fecha } from '@clinica/contracts/tiempo';
import type { Transaccion } from '../../db/transacciones.ts';
import { isUniqueViolation, noEncontrado, prohibido } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { auditarExito } from '../../platform/auditoria.repository.ts';
import type { CajaRepository } from './caja.repository.ts';
import { conflicto, diaAbierto, esCaja, rangoDia, regla, type ReposPagos } from './dia-caja.ts';

const totalVacio = (): TotalMetodo => ({ cobrado: 0, devuelto: 0, anulado: 0 });

export function createCajaService(deps: {
  repos: ReposPagos;
  transaccion: Transaccion<ReposPagos>;
  calendario: Calendario;
}) {
  const { repos, transaccion, calendario } = deps;

  /** One desk's day, summed: per method what came in, went out and was voided, and the cash the drawer should hold. */
  async function totalesDelDia(r: ReposPagos, usuarioId: number, fecha: Fecha) {
    const { desde, hasta } = rangoDia(calendario, fecha);
    const totales = Object.fromEntries(metodosPago.map((m) => [m, totalVacio()])) as TotalesCaja;
    let movimientos = 0;
    for (const s of await r.caja.sumasDelDia(usuarioId, desde, hasta)) {
      const t = totales[s.metodo as MetodoPago];
      t.cobrado = s.cobrado;
      t.devuelto = s.devuelto;
      movimientos += s.movimientos;
    }
    for (const s of await r.caja.anuladoDelDia(usuarioId, desde, hasta))
      totales[s.metodo as MetodoPago].anulado = s.anulado;
    const suma = (k: keyof TotalMetodo) => metodosPago.reduce((n, m) => n + totales[m][k], 0);
    const total = { cobrado: suma('cobrado'), devuelto: suma('devuelto'), anulado: suma('anulado') };
    const e = totales.efectivo;
    return {
      totales,
      total: { ...total, neto: total.cobrado - total.devuelto - total.anulado },
      movimientos,
      efectivo_esperado: e.cobrado - e.devuelto - e.anulado,
    };
  }

  function cierreWire(f: Awaited<ReturnType<CajaRepository['cierres']>>[number]) {
    const c = f.cierre;
    return {
      id: c.id,
      fecha: c.fecha,
      usuario: { id: c.usuario_id, nombre: f.usuario_nombre },
      totales: c.totales as TotalesCaja,
      efectivo_esperado: c.efectivo_esperado,
      efectivo_contado: c.efectivo_contado,
      diferencia: c.diferencia,
      notas: c.notas,
      cerrado_por: { id: c.cerrado_por, nombre: f.cerrador_nombre },
      cerrado_en: c.cerrado_en,
    };
  }

  /** The desk whose day is asked: one's own, or (administrators) anyone who works the desk. */
  async function deQuien(actor: Actor, usuarioId: number | undefined) {
    const id = usuarioId ?? actor.id;
    if (id !== actor.id && actor.rol !== 'administrador') throw prohibido(M.soloSuCaja);
    const u = await repos.caja.persona(id);
    if (!u || !esCaja(u.rol)) throw noEncontrado(M.noEsCaja);
    return { id: u.id, nombre: u.nombre };
  }

  return {
    /** One desk's day: the caller's today by default; administrators may ask for anyone's. */
    async caja(actor: Actor, q: CajaQuery) {
      const usuario = await deQuien(actor, q.usuario_id);
      const fecha = (q.fecha as Fecha | undefined) ?? calendario.hoy();
      const resumen = await totalesDelDia(repos, usuario.id, fecha);
      const [cierre] = await repos.caja.cierres(fecha, usuario.id);
      return { fecha, usuario, ...resumen, cierre: cierre ? cierreWire(cierre) : null };
    },

    /**
     * Closes the caller's desk for a day (today by default) with the cash she counted: the totals are computed
     * under the day's lock and stored with the difference; after it, that desk's day takes no payment or void.
     */
    async cerrarCaja(
      actor: Actor,
      datos: { efectivo_contado: number; notas?: string | undefined; fecha?: string | undefined },
      origen: Origen,
    ) {
      const fecha = (datos.fecha as Fecha | undefined) ?? calendario.hoy();
      if (fecha > calendario.hoy()) throw regla(M.fechaFutura, 'fecha');
      try {
        await transaccion(async (tx) => {
          await diaAbierto(tx, actor.id, fecha, M.cajaCerrada);
          const r = await totalesDelDia(tx, actor.id, fecha);
          const diferencia = datos.efectivo_contado - r.efectivo_esperado;
          const id = await tx.caja.cerrar({
            fecha,
            usuario_id: actor.id,
            totales: r.totales,
            efectivo_esperado: r.efectivo_esperado,
            efectivo_contado: datos.efectivo_contado,
            diferencia,
            notas: datos.notas ?? null,
            cerrado_por: actor.id,
            cerrado_en: calendario.ahora(),
          });
          await auditarExito(
            tx,
            actor,
            'caja.cerrar',
            'cierre_caja',
            id,
            `fecha=${fecha}; esperado=${r.efectivo_esperado}; contado=${datos.efectivo_contado}; diferencia=${diferencia}`,
            origen,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflicto(M.cajaCerrada(diaEsCo(fecha)));
        throw err;
      }
      const [cierre] = await repos.caja.cierres(fecha, actor.id);
      return cierreWire(cierre!);
    },

    /** Every desk's close of one day (today by default): administrators. */
    async cierres(q: { fecha?: string | undefined }) {
      const fecha = (q.fecha as Fecha | undefined) ?? calendario.hoy();
      return { fecha, items: (await repos.caja.cierres(fecha)).map(cierreWire) };
    },
  };
}
