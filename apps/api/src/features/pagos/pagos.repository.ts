// SQL for money's shared primitives (issue 23; docs/dinero.md): writing a payment with its receipt number, and the
// lock and state of one desk's day. Every feature that moves money (the desk's payments, package sales, deposits,
// online payments) writes through `registrar`, inside its own transaction, so the receipt number, the payment and
// the domain change commit together or not at all.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cierresCaja, pagos } from '../../db/schema/index.ts';

export type PagoFila = typeof pagos.$inferSelect;
export type NuevoPago = Omit<typeof pagos.$inferInsert, 'id' | 'recibo_numero' | 'registrado_en' | 'resuelto_en'>;

/** The consecutive of "Recibo de caja" numbers (table consecutivos). */
export const CONSECUTIVO_RECIBO = 'recibo_caja';

export function createPagosRepository(db: Executor) {
  /** The next number of a consecutive: 1 the first time, then one more each time; gapless inside a transaction. */
  async function siguiente(nombre: string): Promise<number> {
    const { rows } = await db.execute<{ ultimo: number }>(sql`
      insert into consecutivos (nombre, ultimo) values (${nombre}, 1)
      on conflict (nombre) do update set ultimo = consecutivos.ultimo + 1
      returning ultimo`);
    return rows[0]!.ultimo;
  }

  return {
    siguienteRecibo: () => siguiente(CONSECUTIVO_RECIBO),

    /**
     * Writes a payment. An approved one takes the next receipt number in the same statement's transaction: call it
     * inside a transaction (the number's row stays locked until the commit, so numbers are given in commit order
     * and a rolled-back payment leaves no gap).
     */
    async registrar(p: NuevoPago, ahora: Date): Promise<PagoFila> {
      const aprobado = p.estado === 'aprobado';
      const recibo_numero = aprobado ? await siguiente(CONSECUTIVO_RECIBO) : null;
      const [fila] = await db
        .insert(pagos)
        .values({ ...p, recibo_numero, registrado_en: ahora, resuelto_en: aprobado ? ahora : null })
        .returning();
      return fila!;
    },

    /**
     * Takes the lock of one staff member's desk on one clinic day until the transaction ends, and answers whether
     * that day is already closed. A desk payment, a void and the close itself take it first: a payment cannot slip
     * into a day while it is being closed.
     */
    async bloquearDia(usuarioId: number, fecha: string): Promise<boolean> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`caja:${fecha}:${usuarioId}`}))`);
      const filas = await db
        .select({ id: cierresCaja.id })
        .from(cierresCaja)
        .where(and(eq(cierresCaja.usuario_id, usuarioId), eq(cierresCaja.fecha, fecha)));
      return filas.length > 0;
    },
  };
}
export type PagosRepository = ReturnType<typeof createPagosRepository>;
