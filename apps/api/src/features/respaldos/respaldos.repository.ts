// SQL for the record of backups (db/schema/respaldos.ts). A row is inserted to claim a backup: the daily slot is
// unique and only one row may be en_curso, so a second instance's (or a second click's) insert does nothing.
import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { respaldos } from '../../db/schema/index.ts';

export type RespaldoFila = typeof respaldos.$inferSelect;
export type Origen = RespaldoFila['origen'];

export function createRespaldosRepository(db: Executor) {
  return {
    /** The claimed row, or null when another instance has this slot or a backup is running. */
    async reclamar(v: {
      origen: Origen;
      programadoPara?: Date | undefined;
      solicitadoPor?: number | undefined;
      ahora: Date;
    }): Promise<RespaldoFila | null> {
      const [fila] = await db
        .insert(respaldos)
        .values({
          origen: v.origen,
          programado_para: v.programadoPara ?? null,
          solicitado_por: v.solicitadoPor ?? null,
          iniciado_en: v.ahora,
        })
        .onConflictDoNothing()
        .returning();
      return fila ?? null;
    },

    async existeProgramado(instante: Date): Promise<boolean> {
      const [fila] = await db
        .select({ id: respaldos.id })
        .from(respaldos)
        .where(eq(respaldos.programado_para, instante))
        .limit(1);
      return !!fila;
    },

    async terminar(
      id: number,
      cambios: Pick<RespaldoFila, 'estado' | 'terminado_en'> &
        Partial<Pick<RespaldoFila, 'archivo' | 'tamano' | 'tablas' | 'filas' | 'archivos' | 'error'>>,
    ): Promise<RespaldoFila> {
      const [fila] = await db.update(respaldos).set(cambios).where(eq(respaldos.id, id)).returning();
      return fila!;
    },

    /** Backups left en_curso by a process that is gone (all of them, or those started before `antesDe`). */
    async cerrarInterrumpidos(ahora: Date, antesDe?: Date): Promise<number> {
      const filas = await db
        .update(respaldos)
        .set({
          estado: 'fallido',
          terminado_en: ahora,
          error: 'Se interrumpió (el servidor se detuvo mientras respaldaba).',
        })
        .where(and(eq(respaldos.estado, 'en_curso'), antesDe ? lt(respaldos.iniciado_en, antesDe) : undefined))
        .returning({ id: respaldos.id });
      return filas.length;
    },

    async marcarEliminados(archivos: readonly string[], ahora: Date): Promise<void> {
      if (archivos.length === 0) return;
      await db
        .update(respaldos)
        .set({ eliminado_en: ahora })
        .where(and(inArray(respaldos.archivo, [...archivos]), sql`${respaldos.eliminado_en} is null`));
    },

    /** The newest first. */
    async listar(limite: number): Promise<RespaldoFila[]> {
      return db.select().from(respaldos).orderBy(desc(respaldos.iniciado_en), desc(respaldos.id)).limit(limite);
    },

    async ultimoVerificado(): Promise<RespaldoFila | undefined> {
      const [fila] = await db
        .select()
        .from(respaldos)
        .where(and(eq(respaldos.estado, 'verificado'), isNotNull(respaldos.terminado_en)))
        .orderBy(desc(respaldos.terminado_en))
        .limit(1);
      return fila;
    },
  };
}
export type RespaldosRepository = ReturnType<typeof createRespaldosRepository>;
