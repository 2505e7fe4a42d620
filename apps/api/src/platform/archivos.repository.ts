// SQL for private files' metadata (db/schema/plataforma.ts `archivos`); the bytes live in private storage.
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
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
  };
}
export type ArchivosRepository = ReturnType<typeof createArchivosRepository>;
