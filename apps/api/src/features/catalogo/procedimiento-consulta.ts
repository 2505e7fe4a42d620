// How a procedure is read for its wire shape: the row, what the wire needs of its category and its images, in
// one statement (docs/decisions/0006, "one statement per hot read"). Used by the catalogue's repository only;
// procedimiento-wire.ts stays the one mapping to the wire shape.
import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { categoriasProcedimiento, procedimientoImagenes, procedimientos } from '../../db/schema/index.ts';

/** A procedure row joined with what the wire shape needs from its category. */
export type ProcedimientoFila = {
  id: number;
  categoria_id: number;
  categoria_nombre: string;
  categoria_activa: boolean;
  nombre: string;
  descripcion: string;
  precio: number;
  duracion_minutos: number;
  margen_minutos: number;
  requiere_evaluacion: boolean;
  recomendaciones_previas: string | null;
  examenes_requeridos: string | null;
  edad_minima: number;
  exento_ley_1799: boolean;
  anticipo_tipo: 'fijo' | 'porcentaje' | null;
  anticipo_valor: number | null;
  activo: boolean;
  creado_en: Date;
  actualizado_en: Date;
};

export type ImagenFila = { id: number; procedimiento_id: number; ruta: string; alt: string; orden: number };

/** A procedure row with its images in display order (orden, then id), read in the same statement. */
export type ProcedimientoConImagenes = ProcedimientoFila & { imagenes: ImagenFila[] };

const columnas = {
  id: procedimientos.id,
  categoria_id: procedimientos.categoria_id,
  categoria_nombre: categoriasProcedimiento.nombre,
  categoria_activa: categoriasProcedimiento.activa,
  nombre: procedimientos.nombre,
  descripcion: procedimientos.descripcion,
  precio: procedimientos.precio,
  duracion_minutos: procedimientos.duracion_minutos,
  margen_minutos: procedimientos.margen_minutos,
  requiere_evaluacion: procedimientos.requiere_evaluacion,
  recomendaciones_previas: procedimientos.recomendaciones_previas,
  examenes_requeridos: procedimientos.examenes_requeridos,
  edad_minima: procedimientos.edad_minima,
  exento_ley_1799: procedimientos.exento_ley_1799,
  anticipo_tipo: procedimientos.anticipo_tipo,
  anticipo_valor: procedimientos.anticipo_valor,
  activo: procedimientos.activo,
  creado_en: procedimientos.creado_en,
  actualizado_en: procedimientos.actualizado_en,
};

/** The procedure's images as a JSON array in display order (procedimiento_imagenes_proc_idx serves it). */
const imagenesJson = sql<ImagenFila[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${procedimientoImagenes.id},
    'procedimiento_id', ${procedimientoImagenes.procedimiento_id},
    'ruta', ${procedimientoImagenes.ruta},
    'alt', ${procedimientoImagenes.alt},
    'orden', ${procedimientoImagenes.orden}
  ) order by ${procedimientoImagenes.orden}, ${procedimientoImagenes.id})
  from ${procedimientoImagenes}
  where ${procedimientoImagenes.procedimiento_id} = ${procedimientos.id}
), '[]'::json)`;

/** Selection of a ProcedimientoConImagenes; valid in a query passed through conProcedimiento(). */
export const procedimientoConImagenes = { ...columnas, imagenes: imagenesJson };

/**
 * Joins the procedure (and its category) to a dynamic select with a partial selection. `procedimientoId` is the column of the
 * query's own rows that points at the procedure; leave it out when the query reads procedimientos itself.
 */
export function conProcedimiento<T extends PgSelect>(consulta: T, procedimientoId?: Column | SQL): T {
  const conProc = procedimientoId
    ? consulta.innerJoin(procedimientos, eq(procedimientos.id, procedimientoId))
    : consulta;
  // With a partial selection (the only kind used with it) an inner join leaves the row type as it was.
  return conProc.innerJoin(
    categoriasProcedimiento,
    eq(categoriasProcedimiento.id, procedimientos.categoria_id),
  ) as unknown as T;
}
