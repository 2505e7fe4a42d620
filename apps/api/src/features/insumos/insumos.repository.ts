// SQL of products and lots (issue 24, item 1; docs/trazabilidad.md). Quantities are hundredths of the product's unit.
// A lot's stock moves only through `sacar`: one guarded update (never below zero, never above what was received) and
// its movement row in the caller's transaction.
import { and, asc, eq, getTableColumns, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { lotes, lotesMovimientos, productos, usuarios } from '../../db/schema/index.ts';

export type ProductoFila = typeof productos.$inferSelect;
export type NuevoProducto = Omit<typeof productos.$inferInsert, 'id' | 'creado_en' | 'actualizado_en'>;
export type CambiosProducto = Partial<
  Pick<
    typeof productos.$inferInsert,
    'nombre' | 'tipo' | 'fabricante' | 'registro_invima' | 'unidad' | 'stock_minimo' | 'activo'
  >
>;
export type LoteFila = typeof lotes.$inferSelect & { recibido_por_nombre: string };
export type NuevoLote = Omit<typeof lotes.$inferInsert, 'id' | 'consumido'>;
export type MovimientoFila = typeof lotesMovimientos.$inferSelect & { registrado_por_nombre: string };
/** A product's stock in hundredths: in lots not expired on `hoy`, and in expired ones. */
export type Existencias = { producto_id: number; existencia: number; existencia_vencida: number };

export function createInsumosRepository(db: Executor) {
  const conRecibidoPor = () =>
    db
      .select({ ...getTableColumns(lotes), recibido_por_nombre: usuarios.nombre })
      .from(lotes)
      .innerJoin(usuarios, eq(usuarios.id, lotes.recibido_por));

  return {
    /** Every product, active first, then by name. */
    listar: (): Promise<ProductoFila[]> =>
      db
        .select()
        .from(productos)
        .orderBy(sql`${productos.activo} desc`, asc(productos.nombre), asc(productos.id)),

    async producto(id: number): Promise<ProductoFila | undefined> {
      const [f] = await db.select().from(productos).where(eq(productos.id, id)).limit(1);
      return f;
    },

    async crear(v: NuevoProducto, ahora: Date): Promise<ProductoFila> {
      const [f] = await db
        .insert(productos)
        .values({ ...v, creado_en: ahora, actualizado_en: ahora })
        .returning();
      return f!;
    },

    async actualizar(id: number, cambios: CambiosProducto, ahora: Date): Promise<ProductoFila | undefined> {
      const [f] = await db
        .update(productos)
        .set({ ...cambios, actualizado_en: ahora })
        .where(eq(productos.id, id))
        .returning();
      return f;
    },

    /** Stock per product (every product with lots), split by whether the lot expired before `hoy`. */
    existencias(hoy: string): Promise<Existencias[]> {
      return db
        .select({
          producto_id: lotes.producto_id,
          existencia: sql<number>`coalesce(sum(${lotes.cantidad_recibida} - ${lotes.consumido}) filter (where ${lotes.vence_el} >= ${hoy}), 0)::int`,
          existencia_vencida: sql<number>`coalesce(sum(${lotes.cantidad_recibida} - ${lotes.consumido}) filter (where ${lotes.vence_el} < ${hoy}), 0)::int`,
        })
        .from(lotes)
        .groupBy(lotes.producto_id);
    },

    async tieneLotes(productoId: number): Promise<boolean> {
      const [f] = await db.select({ id: lotes.id }).from(lotes).where(eq(lotes.producto_id, productoId)).limit(1);
      return !!f;
    },

    /** A product's lots: the ones with stock first, by expiry. */
    lotesDe: (productoId: number): Promise<LoteFila[]> =>
      conRecibidoPor()
        .where(eq(lotes.producto_id, productoId))
        .orderBy(sql`(${lotes.cantidad_recibida} > ${lotes.consumido}) desc`, asc(lotes.vence_el), asc(lotes.id)),

    async lote(id: number): Promise<LoteFila | undefined> {
      const [f] = await conRecibidoPor().where(eq(lotes.id, id)).limit(1);
      return f;
    },

    /** The lot's row, locked for the caller's transaction (an adjustment reads its stock, then moves it). */
    async loteBloqueado(id: number) {
      const [f] = await db.select().from(lotes).where(eq(lotes.id, id)).for('update').limit(1);
      return f;
    },

    async recibir(v: NuevoLote): Promise<number> {
      const [f] = await db.insert(lotes).values(v).returning({ id: lotes.id });
      return f!.id;
    },

    /**
     * Takes `cantidad` hundredths out of the lot (negative puts some back: a count that found more), in one guarded
     * statement: concurrent takers wait on the row and re-check, so the stock never goes below zero. The lot's new
     * consumido, or null when it does not have that much.
     */
    async sacar(loteId: number, cantidad: number): Promise<number | null> {
      const [f] = await db
        .update(lotes)
        .set({ consumido: sql`${lotes.consumido} + ${cantidad}` })
        .where(
          and(
            eq(lotes.id, loteId),
            sql`${lotes.consumido} + ${cantidad} <= ${lotes.cantidad_recibida}`,
            sql`${lotes.consumido} + ${cantidad} >= 0`,
          ),
        )
        .returning({ consumido: lotes.consumido });
      return f?.consumido ?? null;
    },

    async registrarMovimiento(v: typeof lotesMovimientos.$inferInsert): Promise<void> {
      await db.insert(lotesMovimientos).values(v);
    },

    /** A lot's movements, newest first. */
    movimientos: (loteId: number): Promise<MovimientoFila[]> =>
      db
        .select({ ...getTableColumns(lotesMovimientos), registrado_por_nombre: usuarios.nombre })
        .from(lotesMovimientos)
        .innerJoin(usuarios, eq(usuarios.id, lotesMovimientos.registrado_por))
        .where(eq(lotesMovimientos.lote_id, loteId))
        .orderBy(sql`${lotesMovimientos.registrado_en} desc`, sql`${lotesMovimientos.id} desc`),

    /**
     * Lots a chart can use on `hoy`: of an active product, not expired, with stock. Unsorted: the service sorts by
     * product name as Spanish does («Ácido» with the A's), which the database's collation may not.
     */
    usables: (hoy: string) =>
      db
        .select({
          id: lotes.id,
          numero: lotes.numero,
          vence_el: lotes.vence_el,
          existencia: sql<number>`(${lotes.cantidad_recibida} - ${lotes.consumido})::int`,
          producto: {
            id: productos.id,
            nombre: productos.nombre,
            unidad: productos.unidad,
            tipo: productos.tipo,
            registro_invima: productos.registro_invima,
          },
        })
        .from(lotes)
        .innerJoin(productos, eq(productos.id, lotes.producto_id))
        .where(and(eq(productos.activo, true), gte(lotes.vence_el, hoy), gt(lotes.cantidad_recibida, lotes.consumido))),

    /** Lots with their product, for a chart's checks and its reading (one statement for all of them). */
    lotesConProducto: (ids: readonly number[]) =>
      ids.length
        ? db
            .select({
              lote: getTableColumns(lotes),
              producto: getTableColumns(productos),
            })
            .from(lotes)
            .innerJoin(productos, eq(productos.id, lotes.producto_id))
            .where(inArray(lotes.id, [...ids]))
        : Promise.resolve([]),

    /** Lots with stock expiring on or before `hasta` (expired ones included), soonest first. */
    porVencer: (hasta: string) =>
      db
        .select({
          ...getTableColumns(lotes),
          recibido_por_nombre: usuarios.nombre,
          producto_nombre: productos.nombre,
          producto_unidad: productos.unidad,
        })
        .from(lotes)
        .innerJoin(usuarios, eq(usuarios.id, lotes.recibido_por))
        .innerJoin(productos, eq(productos.id, lotes.producto_id))
        .where(and(lte(lotes.vence_el, hasta), gt(lotes.cantidad_recibida, lotes.consumido)))
        .orderBy(asc(lotes.vence_el), asc(lotes.id)),
  };
}
export type InsumosRepository = ReturnType<typeof createInsumosRepository>;
