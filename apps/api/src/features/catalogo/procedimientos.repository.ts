// SQL for procedures and their images. With procedimiento-consulta.ts (how a procedure is read, shared
// with the cart's repository), the only code of this feature that sees the Drizzle schema.
import { and, asc, count, eq, max, sql, type SQL } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { filaPorId } from '../../db/fila-por-id.ts';
import { categoriasProcedimiento, procedimientoImagenes, procedimientos } from '../../db/schema/index.ts';
import { isForeignKeyViolation } from '../../lib/app-error.ts';
import { CANAL_CATALOGO } from './catalogo-cache.ts';
import {
  conProcedimiento,
  procedimientoConImagenes,
  type ImagenFila,
  type ProcedimientoConImagenes,
} from './procedimiento-consulta.ts';

export type { ImagenFila, ProcedimientoConImagenes, ProcedimientoFila } from './procedimiento-consulta.ts';

export type ProcedimientoValores = Omit<typeof procedimientos.$inferInsert, 'id' | 'creado_en' | 'actualizado_en'>;

export type FiltroProcedimientos = {
  categoriaId?: number | undefined;
  q?: string | undefined;
  /** Only active procedures in active categories (what the public may see). */
  soloVisibles: boolean;
  limit: number;
  offset: number;
};

const columnasImagen = {
  id: procedimientoImagenes.id,
  procedimiento_id: procedimientoImagenes.procedimiento_id,
  ruta: procedimientoImagenes.ruta,
  alt: procedimientoImagenes.alt,
  orden: procedimientoImagenes.orden,
};

/** LIKE pattern for a user's search text: wildcards in it are literal. */
const contiene = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

const visible = () => and(eq(procedimientos.activo, true), eq(categoriasProcedimiento.activa, true));

type Preparada<T> = PgPreparedQuery<PreparedQueryConfig & { execute: T }>;

/** Which filters a page of the list uses: one prepared statement per combination (8 at most). */
const variante = (f: FiltroProcedimientos) =>
  `${f.soloVisibles ? 'v' : 't'}${f.categoriaId !== undefined ? 'c' : ''}${f.q ? 'q' : ''}`;

/** Locks the procedure's row until the transaction ends (its images change); false when it does not exist. */
async function bloquear(tx: Executor, procedimientoId: number): Promise<boolean> {
  const [p] = await tx
    .select({ id: procedimientos.id })
    .from(procedimientos)
    .where(eq(procedimientos.id, procedimientoId))
    .for('update');
  return !!p;
}

export function createProcedimientosRepository(db: Executor) {
  const conImagenes = () => conProcedimiento(db.select(procedimientoConImagenes).from(procedimientos).$dynamic());

  // Hot reads are prepared once: no query building per request, and on PostgreSQL a named statement that
  // each pooled connection parses and plans once.
  const porId = conImagenes()
    .where(eq(procedimientos.id, sql.placeholder('id')))
    .limit(1)
    .prepare('procedimiento_por_id');
  const porIds = conImagenes()
    .where(sql`${procedimientos.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('procedimientos_por_ids');

  const condicionesDe = (f: FiltroProcedimientos, valores: 'placeholders' | 'literales') => {
    const v = <T>(nombre: string, valor: T) => (valores === 'placeholders' ? sql.placeholder(nombre) : valor);
    const condiciones: (SQL | undefined)[] = [];
    if (f.soloVisibles) condiciones.push(visible());
    if (f.categoriaId !== undefined) condiciones.push(eq(procedimientos.categoria_id, v('categoriaId', f.categoriaId)));
    // Accent- and case-insensitive; served by the procedimientos_nombre_trgm index.
    if (f.q)
      condiciones.push(
        sql`f_unaccent(lower(${procedimientos.nombre})) like f_unaccent(lower(${v('patron', contiene(f.q))}))`,
      );
    return and(...condiciones);
  };

  type PaginaFila = ProcedimientoConImagenes & { total: number };
  const paginas = new Map<string, Preparada<PaginaFila[]>>();
  const paginaPreparada = (f: FiltroProcedimientos) => {
    const clave = variante(f);
    let p = paginas.get(clave);
    if (!p) {
      p = conProcedimiento(
        db
          .select({ ...procedimientoConImagenes, total: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(procedimientos)
          .$dynamic(),
      )
        .where(condicionesDe(f, 'placeholders'))
        .orderBy(sql`f_unaccent(lower(${procedimientos.nombre}))`, asc(procedimientos.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`procedimientos_pagina_${clave}`) as Preparada<PaginaFila[]>;
      paginas.set(clave, p);
    }
    return p;
  };

  return {
    /**
     * One page of procedures with their images and the total that match, in one statement (window count;
     * a second query only past the end).
     */
    async listar(f: FiltroProcedimientos): Promise<{ filas: ProcedimientoConImagenes[]; total: number }> {
      const filas = await paginaPreparada(f).execute({
        categoriaId: f.categoriaId,
        patron: f.q ? contiene(f.q) : undefined,
        limit: f.limit,
        offset: f.offset,
      });
      if (filas.length > 0) return { filas: filas.map(({ total: _t, ...fila }) => fila), total: filas[0]!.total };
      if (f.offset === 0) return { filas: [], total: 0 };
      const [c] = await db
        .select({ n: count() })
        .from(procedimientos)
        .innerJoin(categoriasProcedimiento, eq(categoriasProcedimiento.id, procedimientos.categoria_id))
        .where(condicionesDe(f, 'literales'));
      return { filas: [], total: c?.n ?? 0 };
    },

    /** One procedure with its images (one statement). */
    async buscar(id: number): Promise<ProcedimientoConImagenes | undefined> {
      const [fila] = await porId.execute({ id });
      return fila;
    },

    /** Several procedures with their images, in one statement (the cart's list). */
    async porIds(ids: number[]): Promise<ProcedimientoConImagenes[]> {
      return porIds.execute({ ids: `{${ids.join(',')}}` });
    },

    async categoriaExiste(id: number): Promise<boolean> {
      return !!(await filaPorId(db, categoriasProcedimiento, id, { id: categoriasProcedimiento.id }));
    },

    /** Returns the new id, or 'categoria_no_existe' when the category vanished meanwhile. */
    async crear(valores: ProcedimientoValores): Promise<number | 'categoria_no_existe'> {
      try {
        // A savepoint: inside a caller's transaction a refused insert must not abort it.
        const [fila] = await db.transaction((sp) =>
          sp.insert(procedimientos).values(valores).returning({ id: procedimientos.id }),
        );
        return fila!.id;
      } catch (err) {
        if (isForeignKeyViolation(err)) return 'categoria_no_existe';
        throw err;
      }
    },

    /** Returns false when the procedure does not exist, 'categoria_no_existe' on a bad category. */
    async editar(id: number, valores: Partial<ProcedimientoValores>): Promise<boolean | 'categoria_no_existe'> {
      try {
        const filas = await db.transaction((sp) =>
          sp
            .update(procedimientos)
            .set({ ...valores, actualizado_en: sql`now()` })
            .where(eq(procedimientos.id, id))
            .returning({ id: procedimientos.id }),
        );
        return filas.length > 0;
      } catch (err) {
        if (isForeignKeyViolation(err)) return 'categoria_no_existe';
        throw err;
      }
    },

    /**
     * Deletes the procedure (its image rows cascade) and returns the image paths to remove from storage.
     * A procedure that other rows reference (carts, later appointments) cannot be deleted: the foreign
     * key refuses it, whatever table it comes from, and the procedure is deactivated instead.
     */
    async eliminar(
      id: number,
    ): Promise<{ estado: 'no_existe' } | { estado: 'eliminado'; rutas: string[] } | { estado: 'desactivado' }> {
      try {
        return await db.transaction(async (tx) => {
          // Locks out concurrent image uploads, so no image row escapes the list of files to remove.
          const [p] = await tx
            .select({ id: procedimientos.id })
            .from(procedimientos)
            .where(eq(procedimientos.id, id))
            .for('update');
          if (!p) return { estado: 'no_existe' as const };
          const imagenes = await tx
            .select({ ruta: procedimientoImagenes.ruta })
            .from(procedimientoImagenes)
            .where(eq(procedimientoImagenes.procedimiento_id, id));
          await tx.delete(procedimientos).where(eq(procedimientos.id, id));
          return { estado: 'eliminado' as const, rutas: imagenes.map((i) => i.ruta) };
        });
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err;
        await db
          .update(procedimientos)
          .set({ activo: false, actualizado_en: sql`now()` })
          .where(eq(procedimientos.id, id));
        return { estado: 'desactivado' };
      }
    },

    async contarImagenes(procedimientoId: number): Promise<number> {
      const [c] = await db
        .select({ n: count() })
        .from(procedimientoImagenes)
        .where(eq(procedimientoImagenes.procedimiento_id, procedimientoId));
      return c?.n ?? 0;
    },

    /** Adds an image at the end unless the procedure already has `maximo` (checked under a row lock). */
    async agregarImagen(
      procedimientoId: number,
      ruta: string,
      alt: string,
      maximo: number,
    ): Promise<ImagenFila | 'no_existe' | 'lleno'> {
      return db.transaction(async (tx) => {
        if (!(await bloquear(tx, procedimientoId))) return 'no_existe' as const;
        const [c] = await tx
          .select({ n: count(), ultimo: max(procedimientoImagenes.orden) })
          .from(procedimientoImagenes)
          .where(eq(procedimientoImagenes.procedimiento_id, procedimientoId));
        if ((c?.n ?? 0) >= maximo) return 'lleno' as const;
        const [fila] = await tx
          .insert(procedimientoImagenes)
          .values({ procedimiento_id: procedimientoId, ruta, alt, orden: (c?.ultimo ?? -1) + 1 })
          .returning(columnasImagen);
        await tx
          .update(procedimientos)
          .set({ actualizado_en: sql`now()` })
          .where(eq(procedimientos.id, procedimientoId));
        return fila!;
      });
    },

    /** Deletes one image of one procedure; returns its path, or undefined if it is not that procedure's. */
    async eliminarImagen(procedimientoId: number, imagenId: number): Promise<string | undefined> {
      const [fila] = await db
        .delete(procedimientoImagenes)
        .where(and(eq(procedimientoImagenes.id, imagenId), eq(procedimientoImagenes.procedimiento_id, procedimientoId)))
        .returning({ ruta: procedimientoImagenes.ruta });
      return fila?.ruta;
    },

    /** A NOTIFY to every instance's public catalogue cache; inside a transaction, sent only if it commits. */
    async avisarCambioCatalogo(): Promise<void> {
      await db.execute(sql`select pg_notify(${CANAL_CATALOGO}, '')`);
    },

    /** Sets the order; `ids` must be exactly the procedure's image ids. */
    async ordenarImagenes(procedimientoId: number, ids: number[]): Promise<'ok' | 'no_existe' | 'no_coincide'> {
      return db.transaction(async (tx) => {
        if (!(await bloquear(tx, procedimientoId))) return 'no_existe' as const;
        const actuales = await tx
          .select({ id: procedimientoImagenes.id })
          .from(procedimientoImagenes)
          .where(eq(procedimientoImagenes.procedimiento_id, procedimientoId));
        const conjunto = new Set(actuales.map((a) => a.id));
        if (new Set(ids).size !== ids.length || ids.length !== conjunto.size || !ids.every((i) => conjunto.has(i))) {
          return 'no_coincide' as const;
        }
        for (const [orden, id] of ids.entries()) {
          await tx.update(procedimientoImagenes).set({ orden }).where(eq(procedimientoImagenes.id, id));
        }
        await tx
          .update(procedimientos)
          .set({ actualizado_en: sql`now()` })
          .where(eq(procedimientos.id, procedimientoId));
        return 'ok' as const;
      });
    },
  };
}
export type ProcedimientosRepository = ReturnType<typeof createProcedimientosRepository>;
