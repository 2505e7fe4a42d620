// SQL for clinical notes, their prescriptions, exam orders and addenda. There is no delete here, and the database
// refuses one anyway (0009_evoluciones.sql), as it refuses any change to a signed note.
import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { citaClinica } from '../../db/cita-clinica.ts';
import { columnasDe } from '../../db/columnas-de.ts';
import { usuarioPorId } from '../../db/usuario-por-id.ts';
import {
  adendas,
  aplicaciones,
  archivos,
  evoluciones,
  formulas,
  lotes,
  ordenesExamen,
  productos,
  usuarios,
} from '../../db/schema/index.ts';

export type EvolucionFila = typeof evoluciones.$inferSelect;
export type ContenidoEvolucion = Pick<
  EvolucionFila,
  'motivo' | 'hallazgos' | 'procedimiento_realizado' | 'productos' | 'indicaciones'
>;
export type LineaFormula = { nombre: string; dosis: string; frecuencia: string; duracion: string };
export type LineaOrden = { examen: string; indicaciones: string };
/** A chart point to store (hundredths, its place in the chart). */
export type NuevaAplicacion = Omit<typeof aplicaciones.$inferInsert, 'id' | 'evolucion_id'>;

/** A chart point as read, with its lot and product (issue 24): one statement for every note read. */
const columnasAplicacion = {
  ...getTableColumns(aplicaciones),
  lote: { id: lotes.id, numero: lotes.numero, vence_el: lotes.vence_el },
  producto: {
    id: productos.id,
    nombre: productos.nombre,
    tipo: productos.tipo,
    unidad: productos.unidad,
    registro_invima: productos.registro_invima,
  },
};

// People read by id for each row (see usuarioPorId): a note's author and patient.
const autor = usuarioPorId('autor', evoluciones.autor_id);
const paciente = usuarioPorId('paciente', evoluciones.paciente_id);

export function createEvolucionesRepository(db: Executor) {
  /** Notes with everything hanging from them (lines and addenda in the order they were written), oldest first. */
  async function completas(where: SQL) {
    const filas = await db
      .select({ evolucion: evoluciones, autor_nombre: autor.nombre, paciente_nombre: paciente.nombre })
      .from(evoluciones)
      .innerJoinLateral(autor, sql`true`)
      .innerJoinLateral(paciente, sql`true`)
      .where(where)
      .orderBy(asc(evoluciones.firmada_en), asc(evoluciones.id));
    if (!filas.length) return [];
    const ids = filas.map((f) => f.evolucion.id);
    const quien = alias(usuarios, 'quien');
    const docIds = filas
      .flatMap((f) => [f.evolucion.receta_archivo_id, f.evolucion.orden_archivo_id])
      .filter((x): x is number => x !== null);
    // One after the other: inside a transaction every statement shares one connection.
    const lineasFormula = await db
      .select()
      .from(formulas)
      .where(inArray(formulas.evolucion_id, ids))
      .orderBy(asc(formulas.id));
    const lineasOrden = await db
      .select()
      .from(ordenesExamen)
      .where(inArray(ordenesExamen.evolucion_id, ids))
      .orderBy(asc(ordenesExamen.id));
    const notas = await db
      .select({
        ...columnasDe(adendas, 'id', 'evolucion_id', 'texto', 'creada_en', 'autor_id'),
        autor_nombre: quien.nombre,
      })
      .from(adendas)
      .innerJoin(quien, eq(quien.id, adendas.autor_id))
      .where(inArray(adendas.evolucion_id, ids))
      .orderBy(asc(adendas.creada_en), asc(adendas.id));
    const puntos = await db
      .select(columnasAplicacion)
      .from(aplicaciones)
      .innerJoin(lotes, eq(lotes.id, aplicaciones.lote_id))
      .innerJoin(productos, eq(productos.id, lotes.producto_id))
      .where(inArray(aplicaciones.evolucion_id, ids))
      .orderBy(asc(aplicaciones.evolucion_id), asc(aplicaciones.orden));
    const docs = docIds.length
      ? await db.select({ id: archivos.id, sha256: archivos.sha256 }).from(archivos).where(inArray(archivos.id, docIds))
      : [];
    const sha = (archivoId: number | null) => {
      const d = archivoId ? docs.find((x) => x.id === archivoId) : undefined;
      return d ? { archivo_id: d.id, sha256: d.sha256 } : null;
    };
    return filas.map((f) => ({
      ...f,
      formulas: lineasFormula.filter((x) => x.evolucion_id === f.evolucion.id),
      ordenes: lineasOrden.filter((x) => x.evolucion_id === f.evolucion.id),
      adendas: notas.filter((x) => x.evolucion_id === f.evolucion.id),
      aplicaciones: puntos.filter((x) => x.evolucion_id === f.evolucion.id),
      receta: sha(f.evolucion.receta_archivo_id),
      orden_examenes: sha(f.evolucion.orden_archivo_id),
    }));
  }
  /** One note (an appointment has at most one). */
  const completa = async (where: SQL) => (await completas(where))[0];

  return {
    porCita: (citaId: number) => completa(eq(evoluciones.cita_id, citaId)),
    porId: (id: number) => completa(eq(evoluciones.id, id)),
    /** A patient's signed notes, oldest first (a draft is not yet part of the record). */
    firmadasDePaciente: (pacienteId: number) =>
      completas(and(eq(evoluciones.paciente_id, pacienteId), isNotNull(evoluciones.firmada_en))!),

    /** What the rules and the PDFs need of the appointment. */
    cita: (citaId: number) => citaClinica(db, citaId),

    /** The row locked for this transaction (signing and saving a draft never interleave). */
    async bloquear(id: number): Promise<EvolucionFila | undefined> {
      const [f] = await db.select().from(evoluciones).where(eq(evoluciones.id, id)).for('update');
      return f;
    },

    async crear(v: ContenidoEvolucion & { cita_id: number; paciente_id: number; autor_id: number }) {
      const [f] = await db.insert(evoluciones).values(v).returning({ id: evoluciones.id });
      return f!.id;
    },

    /** A draft's content; the WHERE keeps it to drafts even if a caller forgot to check. */
    async actualizar(id: number, c: ContenidoEvolucion, ahora: Date): Promise<boolean> {
      const filas = await db
        .update(evoluciones)
        .set({ ...c, actualizada_en: ahora })
        .where(and(eq(evoluciones.id, id), isNull(evoluciones.firmada_en)))
        .returning({ id: evoluciones.id });
      return filas.length > 0;
    },

    /**
     * A draft whose appointment moved to another doctor becomes that doctor's, with their content (issue 21,
     * item 8); the WHERE keeps it to drafts. Returns whether a draft was taken.
     */
    async tomarBorrador(id: number, autorId: number, c: ContenidoEvolucion, ahora: Date): Promise<boolean> {
      const filas = await db
        .update(evoluciones)
        .set({ ...c, autor_id: autorId, actualizada_en: ahora })
        .where(and(eq(evoluciones.id, id), isNull(evoluciones.firmada_en)))
        .returning({ id: evoluciones.id });
      return filas.length > 0;
    },

    /** A draft's prescription and exam orders, replaced as a whole (the form sends them all). */
    async reemplazarLineas(id: number, f: LineaFormula[], o: LineaOrden[]) {
      await db.delete(formulas).where(eq(formulas.evolucion_id, id));
      await db.delete(ordenesExamen).where(eq(ordenesExamen.evolucion_id, id));
      if (f.length) await db.insert(formulas).values(f.map((x) => ({ ...x, evolucion_id: id })));
      if (o.length) await db.insert(ordenesExamen).values(o.map((x) => ({ ...x, evolucion_id: id })));
    },

    /** A draft's injection chart, replaced as a whole in the order given (the trigger refuses it once signed). */
    async reemplazarAplicaciones(id: number, puntos: readonly NuevaAplicacion[]) {
      await db.delete(aplicaciones).where(eq(aplicaciones.evolucion_id, id));
      if (puntos.length) await db.insert(aplicaciones).values(puntos.map((p) => ({ ...p, evolucion_id: id })));
    },

    async firmar(
      id: number,
      v: {
        firmada_en: Date;
        hash_contenido: string;
        receta_archivo_id: number | null;
        orden_archivo_id: number | null;
      },
    ): Promise<boolean> {
      const filas = await db
        .update(evoluciones)
        .set({ ...v, actualizada_en: v.firmada_en })
        .where(and(eq(evoluciones.id, id), isNull(evoluciones.firmada_en)))
        .returning({ id: evoluciones.id });
      return filas.length > 0;
    },

    async agregarAdenda(v: { evolucion_id: number; autor_id: number; texto: string; creada_en: Date }) {
      const [f] = await db.insert(adendas).values(v).returning({ id: adendas.id });
      return f!.id;
    },

    /** DOMAIN.md: an appointment is realizada only with a signed note. */
    async tieneNotaFirmada(citaId: number): Promise<boolean> {
      const [f] = await db
        .select({ id: evoluciones.id })
        .from(evoluciones)
        .where(and(eq(evoluciones.cita_id, citaId), isNotNull(evoluciones.firmada_en)))
        .limit(1);
      return !!f;
    },
  };
}
export type EvolucionesRepository = ReturnType<typeof createEvolucionesRepository>;
export type AplicacionLeida = NonNullable<Awaited<ReturnType<EvolucionesRepository['porId']>>>['aplicaciones'][number];
