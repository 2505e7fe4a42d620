// Catalogue tables: procedure categories, procedures and their images.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idPropio, ahora, refiere, textoFijo, enteroFijo } from './columnas.ts';

export const categoriasProcedimiento = pgTable(
  'categorias_procedimiento',
  {
    id: idPropio(),
    nombre: textoFijo(),
    descripcion: text(),
    activa: boolean().notNull().default(true),
    creada_en: ahora(),
    actualizada_en: ahora(),
  },
  // Unique ignoring case, accents and surrounding spaces.
  (t) => [uniqueIndex('categorias_nombre_unico').on(sql`f_unaccent(lower(btrim(${t.nombre})))`)],
);

export const procedimientos = pgTable(
  'procedimientos',
  {
    id: idPropio(),
    categoria_id: refiere(() => categoriasProcedimiento.id),
    nombre: textoFijo(),
    descripcion: textoFijo().default(''),
    precio: enteroFijo(),
    duracion_minutos: enteroFijo(),
    /** Minutes kept free after an appointment of this procedure (cleaning, recovery); counted by the
     *  overlap constraint of citas. */
    margen_minutos: enteroFijo().default(0),
    requiere_evaluacion: boolean().notNull().default(false),
    recomendaciones_previas: text(),
    examenes_requeridos: text(),
    edad_minima: enteroFijo().default(18),
    /**
     * Ley 1799 de 2016: aesthetic procedures are for adults; only those the law exempts (laser hair removal,
     * superficial peels, reconstructive) may have a lower minimum age, and only an administrator marks them.
     */
    exento_ley_1799: boolean().notNull().default(false),
    /**
     * The deposit a booking of this procedure owes (issue 23, item 2; docs/dinero.md "Anticipos"): none (both null),
     * a fixed amount in whole COP, or a percentage (1-100) of the price at booking time.
     */
    anticipo_tipo: text({ enum: ['fijo', 'porcentaje'] }),
    anticipo_valor: integer(),
    activo: boolean().notNull().default(true),
    creado_en: ahora(),
    actualizado_en: ahora(),
  },
  (t) => [
    check('procedimientos_precio_positivo', sql`${t.precio} > 0`),
    check('procedimientos_duracion_positiva', sql`${t.duracion_minutos} > 0`),
    check('procedimientos_margen_valido', sql`${t.margen_minutos} between 0 and 240`),
    check('procedimientos_edad_minima', sql`${t.edad_minima} between 0 and 120`),
    check('procedimientos_ley_1799', sql`${t.exento_ley_1799} or ${t.edad_minima} >= 18`),
    check(
      'procedimientos_anticipo_valido',
      sql`(${t.anticipo_tipo} is null and ${t.anticipo_valor} is null) or (${t.anticipo_tipo} = 'fijo' and ${t.anticipo_valor} > 0) or (${t.anticipo_tipo} = 'porcentaje' and ${t.anticipo_valor} between 1 and 100)`,
    ),
    index('procedimientos_categoria_idx').on(t.categoria_id),
    index('procedimientos_nombre_trgm').using('gin', sql`f_unaccent(lower(${t.nombre})) gin_trgm_ops`),
  ],
);

export const procedimientoImagenes = pgTable(
  'procedimiento_imagenes',
  {
    id: idPropio(),
    procedimiento_id: refiere(() => procedimientos.id, { onDelete: 'cascade' }),
    ruta: textoFijo(),
    alt: textoFijo().default(''),
    orden: enteroFijo().default(0),
    creada_en: ahora(),
  },
  (t) => [index('procedimiento_imagenes_proc_idx').on(t.procedimiento_id, t.orden)],
);
