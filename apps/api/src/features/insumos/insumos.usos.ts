// What a note's injection chart does to the lots (issue 24, item 2; docs/trazabilidad.md; decision 0060): the lots a
// chart uses are checked when its draft is saved and again when it is signed, and signing takes each lot's total out
// through the guarded update (`sacar`), writing one 'uso' movement per lot that names the note. The notes feature
// calls these through the insumos service, from the composition root.
import { MENSAJES_INSUMOS } from '@clinica/contracts/insumos';
import { diaEsCo, type Fecha } from '@clinica/contracts/tiempo';
import { AppError } from '../../lib/app-error.ts';
import { cantidadEsCo } from '../../lib/centesimas.ts';
import type { InsumosRepository } from './insumos.repository.ts';

/** One chart point as the lots see it: which lot, and how many hundredths of its unit. */
export type UsoDeLote = { lote_id: number; cantidad: number };

/** A chart point at fault is named by its place in the chart («Punto 3: …»). */
export const MENSAJES_USO = {
  loteNoExiste: (n: number) => `Punto ${n}: no encontramos el lote elegido. Elige otro lote.`,
  productoInactivo: (n: number, producto: string) =>
    `Punto ${n}: el producto ${producto} está inactivo y no se puede aplicar. Elige otro lote.`,
  loteVencido: (n: number, lote: string, vence: Fecha) =>
    `Punto ${n}: el lote ${lote} venció el ${diaEsCo(vence)} y un lote vencido no se puede aplicar. Elige otro lote.`,
  sinExistencias: (n: number, lote: string, pide: string, queda: string) =>
    `Punto ${n}: el mapa usa ${pide} del lote ${lote} y solo quedan ${queda}. Ajusta las cantidades o elige otro lote.`,
} as const;

const regla = (mensaje: string) => new AppError('REGLA_NEGOCIO', 422, mensaje);

/**
 * Every lot exists, is of an active product and is not expired on `hoy` (422 naming the first point at fault). With
 * `existencias`, each lot's running total in the chart must also fit its current stock: the soft check when a draft
 * is saved (the hard one is the guarded update at signing).
 */
export async function revisarLotesDeUso(
  repo: Pick<InsumosRepository, 'lotesConProducto'>,
  v: { puntos: readonly UsoDeLote[]; hoy: Fecha; existencias: boolean },
): Promise<void> {
  if (!v.puntos.length) return;
  const lotes = new Map(
    (await repo.lotesConProducto([...new Set(v.puntos.map((p) => p.lote_id))])).map((f) => [f.lote.id, f]),
  );
  const usado = new Map<number, number>();
  for (const [i, p] of v.puntos.entries()) {
    const n = i + 1;
    const f = lotes.get(p.lote_id);
    if (!f) throw regla(MENSAJES_USO.loteNoExiste(n));
    if (!f.producto.activo) throw regla(MENSAJES_USO.productoInactivo(n, f.producto.nombre));
    if (f.lote.vence_el < v.hoy) throw regla(MENSAJES_USO.loteVencido(n, f.lote.numero, f.lote.vence_el));
    const total = (usado.get(p.lote_id) ?? 0) + p.cantidad;
    usado.set(p.lote_id, total);
    const queda = f.lote.cantidad_recibida - f.lote.consumido;
    if (v.existencias && total > queda) {
      const { unidad } = f.producto;
      throw regla(
        MENSAJES_USO.sinExistencias(n, f.lote.numero, cantidadEsCo(total, unidad), cantidadEsCo(queda, unidad)),
      );
    }
  }
}

/**
 * In the caller's transaction: each lot's total leaves it through the guarded update, with one 'uso' movement naming
 * the note. Lots are taken in id order, so two notes sharing lots never wait on each other crosswise. A lot without
 * enough left is a 409 naming it and what is left (read after waiting on its row); the caller's transaction then
 * rolls back whatever was already taken.
 */
export async function descontarUsos(
  repo: Pick<InsumosRepository, 'sacar' | 'registrarMovimiento' | 'lotesConProducto'>,
  v: { evolucionId: number; actorId: number; puntos: readonly UsoDeLote[]; ahora: Date },
): Promise<void> {
  const totales = new Map<number, number>();
  for (const p of v.puntos) totales.set(p.lote_id, (totales.get(p.lote_id) ?? 0) + p.cantidad);
  for (const [loteId, cantidad] of [...totales].sort(([a], [b]) => a - b)) {
    if ((await repo.sacar(loteId, cantidad)) === null) {
      const [f] = await repo.lotesConProducto([loteId]);
      const queda = f ? f.lote.cantidad_recibida - f.lote.consumido : 0;
      throw new AppError(
        'CONFLICTO',
        409,
        MENSAJES_INSUMOS.sinExistencias(
          f?.lote.numero ?? String(loteId),
          cantidadEsCo(queda, f?.producto.unidad ?? ''),
        ),
      );
    }
    await repo.registrarMovimiento({
      lote_id: loteId,
      tipo: 'uso',
      cantidad,
      evolucion_id: v.evolucionId,
      registrado_por: v.actorId,
      registrado_en: v.ahora,
    });
  }
}
