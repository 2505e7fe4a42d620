// SQL for procedure categories. The only code of this feature that sees the Drizzle schema.
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { filaPorId } from '../../db/fila-por-id.ts';
import { categoriasProcedimiento, procedimientos } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/app-error.ts';

export type CategoriaFila = {
  id: number;
  nombre: string;
  descripcion: string | null;
  activa: boolean;
  total_procedimientos: number;
  creada_en: Date;
  actualizada_en: Date;
};

export type CategoriaValores = { nombre: string; descripcion: string | null; activa: boolean };

/** The unique index on f_unaccent(lower(btrim(nombre))): the database, not a prior check, refuses duplicates. */
export const INDICE_NOMBRE_UNICO = 'categorias_nombre_unico';

const contiene = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** total_procedimientos: all of them for staff; for the public only the active ones it can see. */
const total = (soloActivos: boolean) =>
  // Qualified by hand: inside the subquery an unqualified "id" would be the procedure's.
  sql<number>`(select count(*) from ${procedimientos} p where p.categoria_id = ${categoriasProcedimiento}.id${
    soloActivos ? sql` and p.activo` : sql``
  })`.mapWith(Number);

export function createCategoriasRepository(db: Executor) {
  const columnas = (soloActivos: boolean) => ({
    id: categoriasProcedimiento.id,
    nombre: categoriasProcedimiento.nombre,
    descripcion: categoriasProcedimiento.descripcion,
    activa: categoriasProcedimiento.activa,
    total_procedimientos: total(soloActivos),
    creada_en: categoriasProcedimiento.creada_en,
    actualizada_en: categoriasProcedimiento.actualizada_en,
  });

  return {
    async listar(f: { q?: string | undefined; soloActivas: boolean }): Promise<CategoriaFila[]> {
      const condiciones: SQL[] = [];
      if (f.soloActivas) condiciones.push(eq(categoriasProcedimiento.activa, true));
      if (f.q) {
        condiciones.push(
          sql`f_unaccent(lower(${categoriasProcedimiento.nombre})) like f_unaccent(lower(${contiene(f.q)}))`,
        );
      }
      return db
        .select(columnas(f.soloActivas))
        .from(categoriasProcedimiento)
        .where(and(...condiciones))
        .orderBy(sql`f_unaccent(lower(${categoriasProcedimiento.nombre}))`, asc(categoriasProcedimiento.id));
    },

    buscar: (id: number, soloActivos = false): Promise<CategoriaFila | undefined> =>
      filaPorId(db, categoriasProcedimiento, id, columnas(soloActivos)),

    /** Returns the new id, or 'duplicada' when the name is taken (ignoring case, accents and spaces). */
    async crear(v: CategoriaValores): Promise<number | 'duplicada'> {
      try {
        // A savepoint: inside a caller's transaction a refused insert must not abort it.
        const [fila] = await db.transaction((sp) =>
          sp.insert(categoriasProcedimiento).values(v).returning({ id: categoriasProcedimiento.id }),
        );
        return fila!.id;
      } catch (err) {
        if (isUniqueViolation(err, INDICE_NOMBRE_UNICO)) return 'duplicada';
        throw err;
      }
    },

    async editar(id: number, v: Partial<CategoriaValores>): Promise<boolean | 'duplicada'> {
      try {
        const filas = await db.transaction((sp) =>
          sp
            .update(categoriasProcedimiento)
            .set({ ...v, actualizada_en: sql`now()` })
            .where(eq(categoriasProcedimiento.id, id))
            .returning({ id: categoriasProcedimiento.id }),
        );
        return filas.length > 0;
      } catch (err) {
        if (isUniqueViolation(err, INDICE_NOMBRE_UNICO)) return 'duplicada';
        throw err;
      }
    },

    async contarProcedimientos(id: number): Promise<number> {
      const [c] = await db.select({ n: count() }).from(procedimientos).where(eq(procedimientos.categoria_id, id));
      return c?.n ?? 0;
    },

    /** Deletes an empty category. The foreign key decides, so a procedure added meanwhile still blocks it. */
    async eliminar(id: number): Promise<'eliminada' | 'no_existe' | 'con_procedimientos'> {
      try {
        const filas = await db.transaction((sp) =>
          sp
            .delete(categoriasProcedimiento)
            .where(eq(categoriasProcedimiento.id, id))
            .returning({ id: categoriasProcedimiento.id }),
        );
        return filas.length > 0 ? 'eliminada' : 'no_existe';
      } catch (err) {
        if (isForeignKeyViolation(err)) return 'con_procedimientos';
        throw err;
      }
    },
  };
}
export type CategoriasRepository = ReturnType<typeof createCategoriasRepository>;
