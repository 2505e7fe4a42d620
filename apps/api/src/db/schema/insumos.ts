// Products and lots (issue 24, item 1; docs/trazabilidad.md): what the clinic injects or applies, each product with its
// INVIMA registration, and each lot received with its expiry and quantity. Quantities are integers in hundredths of the
// product's unit (2,5 mL = 250), so sums are exact. A lot's `consumido` is the sum of its movements: it moves only
// through a guarded update and a check keeps it within [0, cantidad_recibida], so stock never goes negative even
// under concurrent uses. Movements are append-only (triggers in the migration); a lot's received data never change.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MOTIVOS_AJUSTE, TIPOS_PRODUCTO, UNIDADES_PRODUCTO } from '@clinica/contracts/insumos';
import { ahora, idPropio, refiere, refiereOpcional, textoFijo } from './columnas.ts';
import { evoluciones } from './evoluciones.ts';
import { usuarios } from './usuarios.ts';

export const TIPOS_MOVIMIENTO = ['uso', 'ajuste'] as const;

export const productos = pgTable(
  'productos',
  {
    id: idPropio(),
    nombre: textoFijo(),
    tipo: text({ enum: TIPOS_PRODUCTO }).notNull(),
    fabricante: textoFijo(),
    /** "INVIMA 2019DM-0020231", "INVIMA 2008M-0007986-R1" or a cosmetic's "NSOC12345-21CO", normalised. */
    registro_invima: textoFijo(),
    unidad: text({ enum: UNIDADES_PRODUCTO }).notNull(),
    /** Below this total usable stock (hundredths of the unit) the staff dashboard warns; 0: no warning. */
    stock_minimo: integer().notNull().default(0),
    activo: boolean().notNull().default(true),
    creado_por: refiereOpcional(() => usuarios.id),
    creado_en: ahora(),
    actualizado_en: ahora(),
  },
  (t) => [
    uniqueIndex('productos_nombre_registro_unico').on(sql`lower(${t.nombre})`, t.registro_invima),
    check('productos_stock_minimo', sql`${t.stock_minimo} >= 0`),
  ],
);

export const lotes = pgTable(
  'lotes',
  {
    id: idPropio(),
    producto_id: refiere(() => productos.id),
    numero: textoFijo(),
    vence_el: date({ mode: 'string' }).notNull(),
    /** Hundredths of the product's unit. */
    cantidad_recibida: integer().notNull(),
    /** Sum of the lot's movements (uses and adjustments), hundredths; stock = cantidad_recibida - consumido. */
    consumido: integer().notNull().default(0),
    proveedor: textoFijo(),
    referencia_compra: text(),
    recibido_por: refiere(() => usuarios.id),
    recibido_en: ahora(),
  },
  (t) => [
    uniqueIndex('lotes_producto_numero_unico').on(t.producto_id, sql`upper(${t.numero})`),
    index('lotes_vence_idx').on(t.vence_el),
    check('lotes_cantidad_positiva', sql`${t.cantidad_recibida} > 0`),
    check('lotes_consumido_en_rango', sql`${t.consumido} >= 0 and ${t.consumido} <= ${t.cantidad_recibida}`),
  ],
);

export const lotesMovimientos = pgTable(
  'lotes_movimientos',
  {
    id: idPropio(),
    lote_id: refiere(() => lotes.id),
    tipo: text({ enum: TIPOS_MOVIMIENTO }).notNull(),
    /** Hundredths taken out of the lot; a count that found more is negative. Never 0. */
    cantidad: integer().notNull(),
    motivo: text({ enum: MOTIVOS_AJUSTE }),
    detalle: text(),
    /** The signed note whose injection chart used the lot (tipo 'uso'). */
    evolucion_id: refiereOpcional(() => evoluciones.id),
    registrado_por: refiere(() => usuarios.id),
    registrado_en: ahora(),
  },
  (t) => [
    index('lotes_movimientos_lote_idx').on(t.lote_id, t.registrado_en),
    check('lotes_movimientos_cantidad', sql`${t.cantidad} <> 0`),
    check(
      'lotes_movimientos_ajuste_motivado',
      sql`(${t.tipo} = 'ajuste') = (${t.motivo} is not null and ${t.detalle} is not null)`,
    ),
    // A use is always a signed note's chart, so the recall can find it.
    check('lotes_movimientos_uso_de_nota', sql`(${t.tipo} = 'uso') = (${t.evolucion_id} is not null)`),
  ],
);
