// SQL for private files' metadata (db/schema/plataforma.ts `archivos`); the bytes live in private storage.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { columnasDe } from '../db/columnas-de.ts';
import { archivos } from '../db/schema/index.ts';

export type ArchivoFila = typeof archivos.$inferSelect;
export type NuevoArchivo = Omit<typeof archivos.$inferInsert, 'id' | 'creado_en'>;
export type CategoriaArchivo = ArchivoFila['categoria'];

export function createArchivosRepository(db: Executor) {
  return {
    async crear(v: NuevoArchivo): Promise<ArchivoFila> {
      const [fila] = await db.insert(archivos).values(v).returning();
      return fila!;
    },
    async buscar(id: number): Promise<ArchivoFila | undefined> {
      const [fila] = await db.select().from(archivos).where(eq(archivos.id, id)).limit(1);
      return fila;
    },
    /** What is kept about a person's private files (never their bytes), oldest first: the patient's copy. */
    async dePropietario(propietarioId: number) {
      return db
        .select(columnasDe(archivos, 'id', 'categoria', 'nombre', 'tipo_contenido', 'tamano', 'sha256', 'creado_en'))
        .from(archivos)
        .where(eq(archivos.propietario_id, propietarioId))
        .orderBy(asc(archivos.creado_en), asc(archivos.id));
    },
    /** Which of these storage keys have a row (the sweeper and a failed change's clean-up ask before deleting). */
    async conFila(claves: readonly string[]): Promise<Set<string>> {
      if (!claves.length) return new Set();
      const filas = await db
        .select({ clave: archivos.clave })
        .from(archivos)
        .where(inArray(archivos.clave, [...claves]));
      return new Set(filas.map((f) => f.clave));
    },
  };
}
export type ArchivosRepository = ReturnType<typeof createArchivosRepository>;
