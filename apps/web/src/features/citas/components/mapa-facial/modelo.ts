// The injection chart's points while the doctor edits them (issue 24, item 2): what the note's form keeps for each
// point (a field not chosen yet is '' or null, and the contracts' schema says what is missing), the lots it can
// name (the usable ones, plus any a saved draft already names), the totals per lot and how a point reads aloud.
import { centroDeZona } from '@clinica/contracts/mapa-facial-dibujo';
import {
  LADO_MAPA,
  totalesPorLote,
  zonaFacialNombres,
  type Calibre,
  type DispositivoAplicacion,
  type PlanoAplicacion,
  type PuntoAplicadoWire,
  type TecnicaAplicacion,
  type TotalLote,
  type VistaMapa,
  type ZonaFacial,
} from '@clinica/contracts/mapa-facial';
import { cantidadConUnidad } from '../../../../components/insumos/insumos-textos.ts';
import type { LoteUsableWire } from '../../../../lib/api/insumos/tipos.ts';

export type PuntoBorrador = {
  vista: VistaMapa;
  zona: ZonaFacial;
  x: number;
  y: number;
  lote_id: number | null;
  cantidad: number | '';
  plano: PlanoAplicacion | '';
  tecnica: TecnicaAplicacion | '';
  dispositivo: DispositivoAplicacion | '';
  calibre: Calibre | '';
  nota: string;
};

/** What the next point starts with: the last point's lot, quantity, plane, technique, device and gauge. */
export type Recordado = Pick<PuntoBorrador, 'lote_id' | 'cantidad' | 'plano' | 'tecnica' | 'dispositivo' | 'calibre'>;
export const SIN_RECORDAR: Recordado = {
  lote_id: null,
  cantidad: '',
  plano: '',
  tecnica: '',
  dispositivo: '',
  calibre: '',
};
export const recordar = ({ lote_id, cantidad, plano, tecnica, dispositivo, calibre }: PuntoBorrador): Recordado => ({
  lote_id,
  cantidad,
  plano,
  tecnica,
  dispositivo,
  calibre,
});

/** A lot as the chart shows it; `existencia` is null for a lot no longer usable (a draft saved before it ran out). */
export type LoteInfo = {
  id: number;
  numero: string;
  vence_el: string;
  existencia: number | null;
  producto: PuntoAplicadoWire['producto'];
};

export function lotesConocidos(
  usables: readonly LoteUsableWire[] | undefined,
  aplicados: readonly PuntoAplicadoWire[],
): Map<number, LoteInfo> {
  const lotes = new Map<number, LoteInfo>();
  for (const p of aplicados) lotes.set(p.lote.id, { ...p.lote, existencia: null, producto: p.producto });
  for (const l of usables ?? []) lotes.set(l.id, l);
  return lotes;
}

export function puntoDeAplicado(p: PuntoAplicadoWire): PuntoBorrador {
  const { vista, zona, x, y, cantidad, plano, tecnica, dispositivo, calibre, nota } = p;
  return { vista, zona, x, y, lote_id: p.lote.id, cantidad, plano, tecnica, dispositivo, calibre, nota };
}

/** A new point at a position, with what the doctor used last. */
export const puntoNuevo = (
  vista: VistaMapa,
  zona: ZonaFacial,
  x: number,
  y: number,
  recordado: Recordado,
): PuntoBorrador => ({ vista, zona, x, y, ...recordado, nota: '' });

/**
 * A point added from the table lands on its zone's centre; further points of the same zone step aside a little so
 * each stays visible and can be picked on the drawing.
 */
export function posicionParaZona(vista: VistaMapa, zona: ZonaFacial, puntos: readonly PuntoBorrador[]) {
  const centro = centroDeZona(vista, zona) ?? { x: LADO_MAPA / 2, y: LADO_MAPA / 2 };
  const n = puntos.filter((p) => p.vista === vista && p.zona === zona).length;
  const limitar = (v: number) => Math.min(LADO_MAPA, Math.max(0, Math.round(v)));
  if (n === 0) return centro;
  const angulo = n * 2.4;
  const radio = 14 + 4 * n;
  return { x: limitar(centro.x + radio * Math.cos(angulo)), y: limitar(centro.y + radio * Math.sin(angulo)) };
}

/** Totals per lot of the points that already name a known lot and a quantity. */
export function totalesDeBorrador(puntos: readonly PuntoBorrador[], lotes: Map<number, LoteInfo>): TotalLote[] {
  return totalesPorLote(
    puntos.flatMap((p) => {
      const lote = p.lote_id === null ? undefined : lotes.get(p.lote_id);
      return lote && typeof p.cantidad === 'number' ? [{ cantidad: p.cantidad, lote, producto: lote.producto }] : [];
    }),
  );
}

/** The lots whose points add up to more than what they have left. */
export const excedidos = (totales: readonly TotalLote[], lotes: Map<number, LoteInfo>) =>
  totales.flatMap((t) => {
    const existencia = lotes.get(t.lote_id)?.existencia;
    return existencia != null && t.cantidad > existencia ? [{ ...t, existencia }] : [];
  });

export const nombreZona = (zona: ZonaFacial) => zonaFacialNombres[zona];

/** «4 U de Botox lote B123», or what is still missing. */
export function dosisDe(p: Pick<PuntoBorrador, 'cantidad' | 'lote_id'>, lotes: Map<number, LoteInfo>): string {
  const lote = p.lote_id === null ? undefined : lotes.get(p.lote_id);
  if (!lote) return 'sin lote';
  const cantidad =
    typeof p.cantidad === 'number' ? cantidadConUnidad(p.cantidad, lote.producto.unidad) : 'sin cantidad';
  return `${cantidad} de ${lote.producto.nombre} lote ${lote.numero}`;
}

/** How a point reads aloud: «Punto 3: Glabela (entrecejo), 4 U de Botox lote B123». */
export const etiquetaPunto = (i: number, p: PuntoBorrador, lotes: Map<number, LoteInfo>) =>
  `Punto ${i + 1}: ${nombreZona(p.zona)}, ${dosisDe(p, lotes)}`;
