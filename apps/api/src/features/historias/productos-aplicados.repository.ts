// What a patient received (issue 24, item 3): one bounded query over her signed notes' chart points, one row per note
// and lot. Points of a draft do not count: the chart is part of the note only once signed (docs/trazabilidad.md).
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { aplicaciones, citas, evoluciones, lotes, procedimientos, productos, usuarios } from '../../db/schema/index.ts';

export async function productosAplicadosDe(db: Executor, pacienteId: number, limite: number) {
  const filas = await db
    .select({
      evolucion_id: evoluciones.id,
      cita_id: citas.id,
      fecha: citas.inicio,
      procedimiento: procedimientos.nombre,
      producto_id: productos.id,
      producto_nombre: productos.nombre,
      tipo: productos.tipo,
      registro_invima: productos.registro_invima,
      unidad: productos.unidad,
      lote_id: lotes.id,
      lote_numero: lotes.numero,
      vence_el: lotes.vence_el,
      cantidad: sql<string>`sum(${aplicaciones.cantidad})`,
      // In chart order; repeated zones are folded by the caller (distinct cannot keep that order).
      zonas: sql<string>`string_agg(${aplicaciones.zona}, ',' order by ${aplicaciones.orden})`,
      doctor_id: usuarios.id,
      doctor_nombre: usuarios.nombre,
    })
    .from(aplicaciones)
    .innerJoin(evoluciones, eq(evoluciones.id, aplicaciones.evolucion_id))
    .innerJoin(citas, eq(citas.id, evoluciones.cita_id))
    .innerJoin(lotes, eq(lotes.id, aplicaciones.lote_id))
    .innerJoin(productos, eq(productos.id, lotes.producto_id))
    .innerJoin(usuarios, eq(usuarios.id, evoluciones.autor_id))
    .leftJoin(procedimientos, eq(procedimientos.id, citas.procedimiento_id))
    .where(and(eq(evoluciones.paciente_id, pacienteId), isNotNull(evoluciones.firmada_en)))
    // Every selected column depends on one of these keys.
    .groupBy(evoluciones.id, citas.id, lotes.id, productos.id, usuarios.id, procedimientos.id)
    .orderBy(desc(citas.inicio), desc(evoluciones.id), sql`min(${aplicaciones.orden})`)
    .limit(limite);
  return filas;
}
export type FilaProductoAplicado = Awaited<ReturnType<typeof productosAplicadosDe>>[number];
