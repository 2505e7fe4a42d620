// Demo injection charts (issue 24, item 7): the note of a toxin or hyaluronic acid appointment charts its points on
// the face drawing, with a lot of the product, so signing takes them out of the lots and writes the retreatment
// recall. Points sit inside their zones' ellipses (packages/contracts/src/mapa-facial-dibujo.ts). Deterministic.
import type { PuntoAplicacionBody, ZonaFacial } from '@clinica/contracts/mapa-facial';
import type { TipoProducto } from '@clinica/contracts/insumos';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lotes, productos } from '../db/schema/index.ts';

type Punto = [zona: ZonaFacial, x: number, y: number, cantidad: number];

// Upper-third toxin, front view: forehead, glabella and both crow's feet (patient's right = viewer's left).
const TOXINA: Punto[] = [
  ['frente', 420, 282, 2],
  ['frente', 500, 270, 2],
  ['frente', 580, 282, 2],
  // Procerus and both corrugators, and three points down each crow's foot: as far apart as their zones allow.
  ['glabela', 500, 420, 4],
  ['glabela', 473, 394, 4],
  ['glabela', 527, 394, 4],
  ['patas_de_gallo_derecha', 320, 423, 2],
  ['patas_de_gallo_derecha', 308, 451, 2],
  ['patas_de_gallo_derecha', 320, 478, 2],
  ['patas_de_gallo_izquierda', 680, 423, 2],
  ['patas_de_gallo_izquierda', 692, 451, 2],
  ['patas_de_gallo_izquierda', 680, 478, 2],
];
// Lips and nasolabial folds with a cannula.
const HIALURONICO: Punto[] = [
  ['labio_superior', 466, 655, 0.2],
  ['labio_superior', 534, 655, 0.2],
  ['labio_inferior', 500, 690, 0.2],
  ['surco_nasogeniano_derecho', 442, 618, 0.3],
  ['surco_nasogeniano_izquierdo', 558, 618, 0.3],
];

/** The product a procedure's name calls for, if it is one the demo charts. */
export function tipoDeProcedimiento(nombre: string | null): 'toxina_botulinica' | 'acido_hialuronico' | null {
  if (!nombre) return null;
  if (/toxina/i.test(nombre)) return 'toxina_botulinica';
  if (/hialur/i.test(nombre)) return 'acido_hialuronico';
  return null;
}

/** Lots of each product type, the ones expiring first first (what the desk hands out). */
export async function lotesPorTipo(db: Db): Promise<Map<TipoProducto, { id: number; vence_el: string }[]>> {
  const filas = await db
    .select({ id: lotes.id, vence_el: lotes.vence_el, tipo: productos.tipo })
    .from(lotes)
    .innerJoin(productos, eq(productos.id, lotes.producto_id))
    .orderBy(asc(lotes.vence_el), asc(lotes.id));
  const m = new Map<TipoProducto, { id: number; vence_el: string }[]>();
  for (const f of filas) m.set(f.tipo, [...(m.get(f.tipo) ?? []), { id: f.id, vence_el: f.vence_el }]);
  return m;
}

/** The chart of a note of `tipo` applied with lot `loteId`. */
export function mapaDemo(
  tipo: 'toxina_botulinica' | 'acido_hialuronico',
  loteId: number,
): (PuntoAplicacionBody & { nota: string })[] {
  const toxina = tipo === 'toxina_botulinica';
  return (toxina ? TOXINA : HIALURONICO).map(([zona, x, y, cantidad]) => ({
    vista: 'frontal',
    zona,
    x,
    y,
    lote_id: loteId,
    cantidad,
    plano: toxina ? 'intramuscular' : zona.startsWith('labio') ? 'subdermico' : 'supraperiostico',
    tecnica: toxina ? 'bolo' : 'lineal_retrogrado',
    dispositivo: toxina ? 'aguja' : 'canula',
    calibre: toxina ? '30G' : '25G',
    nota: '',
  }));
}
