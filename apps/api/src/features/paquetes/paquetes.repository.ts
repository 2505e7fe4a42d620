// SQL of treatment packages (issue 23, item 4; docs/dinero.md "Paquetes"): the definitions the clinic sells, the
// packages sold (what was sold copied; only sessions_usadas moves, forward, bounded by a check), and the sessions
// used, one per appointment. The sale's payment is written through features/pagos (pagos.repository registrar).
import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { columnasDe } from '../../db/columnas-de.ts';
import { filaPorId } from '../../db/fila-por-id.ts';
import {
  citas,
  pagos,
  paquetes,
  paquetesConsumos,
  paquetesPaciente,
  procedimientos,
  usuarios,
} from '../../db/schema/index.ts';

export type DefinicionFila = typeof paquetes.$inferSelect & { procedimiento_nombre: string };
export type NuevaDefinicion = Pick<
  typeof paquetes.$inferInsert,
  'nombre' | 'procedimiento_id' | 'sesiones' | 'precio' | 'vigencia_dias' | 'creado_por'
>;
export type CambiosDefinicion = Partial<
  Pick<typeof paquetes.$inferInsert, 'nombre' | 'procedimiento_id' | 'sesiones' | 'precio' | 'vigencia_dias' | 'activo'>
>;
export type VendidoFila = typeof paquetesPaciente.$inferSelect & {
  procedimiento_nombre: string;
  recibo_numero: number | null;
};
export type NuevoVendido = Omit<typeof paquetesPaciente.$inferInsert, 'id' | 'sesiones_usadas'>;
export type ConsumoFila = { paquete_paciente_id: number; cita_id: number; cita_inicio: Date; consumido_en: Date };

export function createPaquetesRepository(db: Executor) {
  const definiciones = () =>
    db
      .select({ ...getTableColumns(paquetes), procedimiento_nombre: procedimientos.nombre })
      .from(paquetes)
      .innerJoin(procedimientos, eq(procedimientos.id, paquetes.procedimiento_id));

  /** Packages sold with their procedure's name and the receipt of their sale. */
  const vendidos = () =>
    db
      .select({
        ...getTableColumns(paquetesPaciente),
        procedimiento_nombre: procedimientos.nombre,
        recibo_numero: pagos.recibo_numero,
      })
      .from(paquetesPaciente)
      .innerJoin(procedimientos, eq(procedimientos.id, paquetesPaciente.procedimiento_id))
      .leftJoin(
        pagos,
        and(
          eq(pagos.paquete_paciente_id, paquetesPaciente.id),
          eq(pagos.concepto, 'paquete'),
          eq(pagos.estado, 'aprobado'),
        ),
      );

  return {
    /** Every definition, active first, then by name. */
    async listarDefiniciones(): Promise<DefinicionFila[]> {
      return definiciones().orderBy(desc(paquetes.activo), asc(paquetes.nombre), asc(paquetes.id));
    },

    async definicion(id: number): Promise<DefinicionFila | undefined> {
      const [f] = await definiciones().where(eq(paquetes.id, id)).limit(1);
      return f;
    },

    async crearDefinicion(v: NuevaDefinicion, ahora: Date): Promise<number> {
      const [f] = await db
        .insert(paquetes)
        .values({ ...v, creado_en: ahora, actualizado_en: ahora })
        .returning({ id: paquetes.id });
      return f!.id;
    },

    async actualizarDefinicion(id: number, cambios: CambiosDefinicion, ahora: Date): Promise<boolean> {
      const filas = await db
        .update(paquetes)
        .set({ ...cambios, actualizado_en: ahora })
        .where(eq(paquetes.id, id))
        .returning({ id: paquetes.id });
      return filas.length > 0;
    },

    procedimiento: (id: number) =>
      filaPorId(db, procedimientos, id, columnasDe(procedimientos, 'id', 'nombre', 'activo')),

    persona: (id: number) => filaPorId(db, usuarios, id, columnasDe(usuarios, 'id', 'rol', 'estado')),

    async vender(v: NuevoVendido): Promise<number> {
      const [f] = await db.insert(paquetesPaciente).values(v).returning({ id: paquetesPaciente.id });
      return f!.id;
    },

    async vendido(id: number): Promise<VendidoFila | undefined> {
      const [f] = await vendidos().where(eq(paquetesPaciente.id, id)).limit(1);
      return f;
    },

    /** A patient's packages, newest sale first. */
    async dePaciente(pacienteId: number): Promise<VendidoFila[]> {
      return vendidos()
        .where(eq(paquetesPaciente.paciente_id, pacienteId))
        .orderBy(desc(paquetesPaciente.vendido_en), desc(paquetesPaciente.id));
    },

    /** The sessions these packages used, with their appointments' start, oldest first. */
    async consumos(paqueteIds: number[]): Promise<ConsumoFila[]> {
      if (!paqueteIds.length) return [];
      return db
        .select({
          paquete_paciente_id: paquetesConsumos.paquete_paciente_id,
          cita_id: paquetesConsumos.cita_id,
          cita_inicio: citas.inicio,
          consumido_en: paquetesConsumos.consumido_en,
        })
        .from(paquetesConsumos)
        .innerJoin(citas, eq(citas.id, paquetesConsumos.cita_id))
        .where(inArray(paquetesConsumos.paquete_paciente_id, paqueteIds))
        .orderBy(asc(citas.inicio), asc(paquetesConsumos.cita_id));
    },

    /**
     * The patient's packages of this procedure with sessions left whose expiry is `venceDesde` or later (the
     * appointment's day less the grace days), the one expiring first first.
     */
    async usables(pacienteId: number, procedimientoId: number, venceDesde: string): Promise<number[]> {
      const filas = await db
        .select({ id: paquetesPaciente.id })
        .from(paquetesPaciente)
        .where(
          and(
            eq(paquetesPaciente.paciente_id, pacienteId),
            eq(paquetesPaciente.procedimiento_id, procedimientoId),
            gte(paquetesPaciente.vence_el, venceDesde),
            lt(paquetesPaciente.sesiones_usadas, paquetesPaciente.sesiones_total),
          ),
        )
        .orderBy(asc(paquetesPaciente.vence_el), asc(paquetesPaciente.id));
      return filas.map((f) => f.id);
    },

    /**
     * Uses one session of the package if it has one left: one conditional statement, so concurrent completions wait
     * for each other's row lock and re-read the count (never past the total). The session's number, or null.
     */
    async usarSesion(id: number): Promise<{ sesion: number; total: number } | null> {
      const [f] = await db
        .update(paquetesPaciente)
        .set({ sesiones_usadas: sql`${paquetesPaciente.sesiones_usadas} + 1` })
        .where(and(eq(paquetesPaciente.id, id), lt(paquetesPaciente.sesiones_usadas, paquetesPaciente.sesiones_total)))
        .returning({ sesion: paquetesPaciente.sesiones_usadas, total: paquetesPaciente.sesiones_total });
      return f ?? null;
    },

    async registrarConsumo(paqueteId: number, citaId: number, ahora: Date): Promise<void> {
      await db
        .insert(paquetesConsumos)
        .values({ paquete_paciente_id: paqueteId, cita_id: citaId, consumido_en: ahora });
    },
  };
}
export type PaquetesRepository = ReturnType<typeof createPaquetesRepository>;
