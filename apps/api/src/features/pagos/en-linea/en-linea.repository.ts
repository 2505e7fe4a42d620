// SQL of online payment (issue 23, item 3; docs/dinero.md "Pagos en línea"): the pending rows of an appointment,
// their one-time resolution (the database's trigger allows pendiente -> aprobado | rechazado once, with the
// provider's transaction id, the resolution time and the receipt number set once), and what an approval does to
// its appointment (the deposit's hold cleared; a hold that expired, reinstated when its slot is still free).
import { and, count, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { citas, pagos, usuarios } from '../../../db/schema/index.ts';
import type { PagoFila } from '../pagos.repository.ts';

export function createPagosEnLineaRepository(db: Executor) {
  return {
    /** An online payment by id; `bloquear` takes its row until the transaction ends. */
    async porId(id: number, bloquear = false): Promise<PagoFila | undefined> {
      const q = db
        .select()
        .from(pagos)
        .where(and(eq(pagos.id, id), eq(pagos.metodo, 'en_linea')));
      const [f] = bloquear ? await q.for('update') : await q;
      return f;
    },

    /** The online payment that recorded this provider transaction (the unique index keeps it at most one). */
    async porTransaccion(transaccionId: string): Promise<PagoFila | undefined> {
      const [f] = await db
        .select()
        .from(pagos)
        .where(
          and(eq(pagos.metodo, 'en_linea'), ne(pagos.concepto, 'devolucion'), eq(pagos.referencia, transaccionId)),
        );
      return f;
    },

    /** The appointment's online payments still waiting for the provider. */
    pendientes(citaId: number): Promise<PagoFila[]> {
      return db
        .select()
        .from(pagos)
        .where(and(eq(pagos.cita_id, citaId), eq(pagos.metodo, 'en_linea'), eq(pagos.estado, 'pendiente')));
    },

    /** How many online payments the patient started since `desde` (the per-patient limit). */
    async iniciadosDesde(pacienteId: number, desde: Date): Promise<number> {
      const [f] = await db
        .select({ n: count() })
        .from(pagos)
        .where(and(eq(pagos.paciente_id, pacienteId), eq(pagos.metodo, 'en_linea'), gte(pagos.registrado_en, desde)));
      return f?.n ?? 0;
    },

    /** Resolves a pending payment once (the trigger refuses a second time). */
    async resolver(
      id: number,
      v: { estado: 'aprobado' | 'rechazado'; referencia: string | null; en: Date; recibo_numero: number | null },
    ): Promise<void> {
      await db
        .update(pagos)
        .set({ estado: v.estado, referencia: v.referencia, resuelto_en: v.en, recibo_numero: v.recibo_numero })
        .where(and(eq(pagos.id, id), eq(pagos.estado, 'pendiente')));
    },

    /** What online payment reads of an appointment besides what the desk's balance reads. */
    async cita(citaId: number) {
      const [c] = await db
        .select({
          id: citas.id,
          paciente_id: citas.paciente_id,
          doctor_id: citas.doctor_id,
          estado: citas.estado,
          inicio: citas.inicio,
          fin: citas.fin,
          ocupado_hasta: citas.ocupado_hasta,
          anticipo_monto: citas.anticipo_monto,
          reserva_vence_en: citas.reserva_vence_en,
          causa_cancelacion: citas.causa_cancelacion,
        })
        .from(citas)
        .where(eq(citas.id, citaId));
      return c;
    },

    /**
     * Whether an appointment cancelled for its expired hold may come back: nothing else of its doctor or its patient
     * overlaps it now (the exclusion constraints' own ranges; they stay the last word under a race).
     */
    async franjaLibre(c: {
      id: number;
      doctor_id: number;
      paciente_id: number;
      inicio: Date;
      fin: Date;
      ocupado_hasta: Date;
    }): Promise<boolean> {
      const { rows } = await db.execute<{ ocupada: boolean }>(sql`
        select exists (
          select 1 from citas
          where id <> ${c.id} and estado <> 'cancelada' and (
            (doctor_id = ${c.doctor_id}
              and tstzrange(inicio, ocupado_hasta, '[)') && tstzrange(${c.inicio}::timestamptz, ${c.ocupado_hasta}::timestamptz, '[)'))
            or (paciente_id = ${c.paciente_id}
              and tstzrange(inicio, fin, '[)') && tstzrange(${c.inicio}::timestamptz, ${c.fin}::timestamptz, '[)'))
          )
        ) or exists (
          select 1 from bloqueos_agenda
          where doctor_id = ${c.doctor_id}
            and tstzrange(inicio, fin, '[)') && tstzrange(${c.inicio}::timestamptz, ${c.ocupado_hasta}::timestamptz, '[)')
        ) as ocupada`);
      return !rows[0]?.ocupada;
    },

    /** Brings back an appointment whose hold expired: pending again, its cancellation undone, no hold. */
    async reinstaurar(citaId: number, ahora: Date): Promise<void> {
      await db
        .update(citas)
        .set({
          estado: 'pendiente',
          causa_cancelacion: null,
          motivo_cancelacion: null,
          reserva_vence_en: null,
          actualizada_en: ahora,
        })
        .where(eq(citas.id, citaId));
    },

    /** The active desk (assistants and administrators): who is told of an anomaly. */
    async caja(): Promise<number[]> {
      const filas = await db
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(and(inArray(usuarios.rol, ['asistente', 'administrador']), eq(usuarios.estado, true)));
      return filas.map((f) => f.id);
    },
  };
}
export type PagosEnLineaRepository = ReturnType<typeof createPagosEnLineaRepository>;
