// SQL of the desk (issue 23, items 1 and 5; docs/dinero.md "Pagos, recibos y caja"): what an appointment is charged
// and has paid, the payments as people read them (with their void and what they pay), voids, and one desk's day:
// its totals and its close. Writing a payment itself is pagos.repository.ts's `registrar`.
import { and, count, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { columnasDe } from '../../db/columnas-de.ts';
import {
  cierresCaja,
  citas,
  pagos,
  pagosAnulaciones,
  paquetesConsumos,
  paquetesPaciente,
  procedimientos,
  usuarios,
} from '../../db/schema/index.ts';

const paciente = alias(usuarios, 'paciente');
const registrador = alias(usuarios, 'registrador');
const anulador = alias(usuarios, 'anulador');
const cerrador = alias(usuarios, 'cerrador');

export type FiltrosPagos = {
  pacienteId?: number | undefined;
  citaId?: number | undefined;
  registradoPor?: number | undefined;
  /** [desde, hasta) of registrado_en. */
  rango?: { desde: Date; hasta: Date } | undefined;
};

/** One desk's movements of one day, summed per method (pagos and voids the day holds). */
export type SumaMetodo = { metodo: string; cobrado: number; devuelto: number; movimientos: number };
export type AnuladoMetodo = { metodo: string; anulado: number };

export function createCajaRepository(db: Executor) {
  const columnas = {
    pago: pagos,
    paciente_nombre: paciente.nombre,
    registrador_nombre: registrador.nombre,
    cita_tipo: citas.tipo,
    cita_inicio: citas.inicio,
    procedimiento_nombre: procedimientos.nombre,
    paquete_nombre: paquetesPaciente.nombre,
    anulacion: {
      motivo: pagosAnulaciones.motivo,
      anulado_por: pagosAnulaciones.anulado_por,
      anulado_en: pagosAnulaciones.anulado_en,
      anulador_nombre: anulador.nombre,
    },
  };

  /** Payments joined with everything a list or a receipt shows. */
  const leidos = () =>
    db
      .select(columnas)
      .from(pagos)
      .innerJoin(paciente, eq(paciente.id, pagos.paciente_id))
      .leftJoin(registrador, eq(registrador.id, pagos.registrado_por))
      .leftJoin(citas, eq(citas.id, pagos.cita_id))
      .leftJoin(procedimientos, eq(procedimientos.id, citas.procedimiento_id))
      .leftJoin(paquetesPaciente, eq(paquetesPaciente.id, pagos.paquete_paciente_id))
      .leftJoin(pagosAnulaciones, eq(pagosAnulaciones.pago_id, pagos.id))
      .leftJoin(anulador, eq(anulador.id, pagosAnulaciones.anulado_por));

  function condiciones(f: FiltrosPagos): SQL | undefined {
    return and(
      f.pacienteId !== undefined ? eq(pagos.paciente_id, f.pacienteId) : undefined,
      f.citaId !== undefined ? eq(pagos.cita_id, f.citaId) : undefined,
      f.registradoPor !== undefined ? eq(pagos.registrado_por, f.registradoPor) : undefined,
      f.rango ? and(gte(pagos.registrado_en, f.rango.desde), lt(pagos.registrado_en, f.rango.hasta)) : undefined,
    );
  }

  /** Approved, unvoided payments of an appointment: money in and refunds out, in pesos. */
  async function sumasDeCita(citaId: number) {
    const [f] = await db
      .select({
        pagado: sql<number>`coalesce(sum(${pagos.monto}) filter (where ${pagos.concepto} <> 'devolucion'), 0)::int`,
        devuelto: sql<number>`coalesce(sum(${pagos.monto}) filter (where ${pagos.concepto} = 'devolucion'), 0)::int`,
      })
      .from(pagos)
      .leftJoin(pagosAnulaciones, eq(pagosAnulaciones.pago_id, pagos.id))
      .where(and(eq(pagos.cita_id, citaId), eq(pagos.estado, 'aprobado'), isNull(pagosAnulaciones.pago_id)));
    return { pagado: f?.pagado ?? 0, devuelto: f?.devuelto ?? 0 };
  }

  /** Approved, unvoided payments matching `donde`, summed (pesos). */
  async function suma(donde: SQL | undefined): Promise<number> {
    const [f] = await db
      .select({ n: sql<number>`coalesce(sum(${pagos.monto}), 0)::int` })
      .from(pagos)
      .leftJoin(pagosAnulaciones, eq(pagosAnulaciones.pago_id, pagos.id))
      .where(and(donde, eq(pagos.estado, 'aprobado'), isNull(pagosAnulaciones.pago_id)));
    return f?.n ?? 0;
  }

  return {
    /** The deposit paid for an appointment (concepto anticipo). */
    anticipoCobrado: (citaId: number) => suma(and(eq(pagos.cita_id, citaId), eq(pagos.concepto, 'anticipo'))),

    /** Refunds of an appointment paid out (not the ones into credit). */
    devueltoEnDinero: (citaId: number) =>
      suma(and(eq(pagos.cita_id, citaId), eq(pagos.concepto, 'devolucion'), sql`${pagos.metodo} <> 'saldo_a_favor'`)),

    /**
     * The patient's credit: deposits kept as credit (refunds of metodo saldo_a_favor) less what payments of that
     * method spent. `bloquear` first serializes the spending of one patient's credit.
     */
    async saldoAFavor(pacienteId: number, bloquear = false): Promise<number> {
      if (bloquear) await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`saldo_a_favor:${pacienteId}`}))`);
      const deLaPaciente = and(eq(pagos.paciente_id, pacienteId), eq(pagos.metodo, 'saldo_a_favor'));
      const entra = await suma(and(deLaPaciente, eq(pagos.concepto, 'devolucion')));
      const sale = await suma(and(deLaPaciente, sql`${pagos.concepto} <> 'devolucion'`));
      return Math.max(0, entra - sale);
    },

    /**
     * The appointment a balance is charged on, with its procedure's catalogue price. `bloquear` takes its row until
     * the transaction ends: two desks charging one appointment at once are served one after the other.
     */
    async citaParaCobro(citaId: number, bloquear = false) {
      const consulta = db
        .select({
          ...columnasDe(
            citas,
            'id',
            'paciente_id',
            'tipo',
            'estado',
            'inicio',
            'procedimiento_id',
            'anticipo_monto',
            'reserva_vence_en',
            'anticipo_destino',
          ),
          paciente_nombre: usuarios.nombre,
        })
        .from(citas)
        .innerJoin(usuarios, eq(usuarios.id, citas.paciente_id))
        .where(eq(citas.id, citaId));
      const [c] = bloquear ? await consulta.for('update', { of: citas }) : await consulta;
      if (!c) return undefined;
      const [p] = c.procedimiento_id
        ? await db
            .select({ nombre: procedimientos.nombre, precio: procedimientos.precio })
            .from(procedimientos)
            .where(eq(procedimientos.id, c.procedimiento_id))
        : [];
      return { ...c, procedimiento: p ?? null };
    },

    /**
     * The catalogue's evaluation consultation: the active procedure named "Consulta de valoración" or "Consulta de
     * evaluación" (accents and case aside; the oldest if several), whose price an evaluation is charged. None: no price.
     */
    async consultaDeValoracion(): Promise<{ nombre: string; precio: number } | undefined> {
      const nombre = sql`f_unaccent(lower(btrim(${procedimientos.nombre})))`;
      const [p] = await db
        .select({ nombre: procedimientos.nombre, precio: procedimientos.precio })
        .from(procedimientos)
        .where(
          and(
            eq(procedimientos.activo, true),
            or(sql`${nombre} like 'consulta de valoracion%'`, sql`${nombre} like 'consulta de evaluacion%'`),
          ),
        )
        .orderBy(procedimientos.id)
        .limit(1);
      return p;
    },

    /** Whether a package session paid for the appointment (the packages feature writes the consumption). */
    async pagadaConPaquete(citaId: number): Promise<boolean> {
      const f = await db
        .select({ cita: paquetesConsumos.cita_id })
        .from(paquetesConsumos)
        .where(eq(paquetesConsumos.cita_id, citaId));
      return f.length > 0;
    },

    sumasDeCita,

    async porId(id: number) {
      const [f] = await leidos().where(eq(pagos.id, id));
      return f;
    },

    /** One page, newest first, and how many match (a day's, a patient's or an appointment's: bounded lists). */
    async listar(f: FiltrosPagos, pagina: { limite: number; desde: number }) {
      const donde = condiciones(f);
      const items = await leidos()
        .where(donde)
        .orderBy(desc(pagos.registrado_en), desc(pagos.id))
        .limit(pagina.limite)
        .offset(pagina.desde);
      const [total] = await db.select({ n: count() }).from(pagos).where(donde);
      return { items, total: total?.n ?? 0 };
    },

    async anular(v: { pagoId: number; motivo: string; anuladoPor: number; en: Date }) {
      await db
        .insert(pagosAnulaciones)
        .values({ pago_id: v.pagoId, motivo: v.motivo, anulado_por: v.anuladoPor, anulado_en: v.en });
    },

    /** Approved payments a desk registered in [desde, hasta), per method: money in, refunds out. */
    async sumasDelDia(usuarioId: number, desde: Date, hasta: Date): Promise<SumaMetodo[]> {
      return db
        .select({
          metodo: pagos.metodo,
          cobrado: sql<number>`coalesce(sum(${pagos.monto}) filter (where ${pagos.concepto} <> 'devolucion'), 0)::int`,
          devuelto: sql<number>`coalesce(sum(${pagos.monto}) filter (where ${pagos.concepto} = 'devolucion'), 0)::int`,
          movimientos: sql<number>`count(*)::int`,
        })
        .from(pagos)
        .where(
          and(
            eq(pagos.registrado_por, usuarioId),
            eq(pagos.estado, 'aprobado'),
            gte(pagos.registrado_en, desde),
            lt(pagos.registrado_en, hasta),
          ),
        )
        .groupBy(pagos.metodo);
    },

    /**
     * Voids made in [desde, hasta) that count at a desk, per method: of the payments that desk registered, and of
     * online payments (no desk) voided by that person. A voided refund brings its money back (negative).
     */
    async anuladoDelDia(usuarioId: number, desde: Date, hasta: Date): Promise<AnuladoMetodo[]> {
      return db
        .select({
          metodo: pagos.metodo,
          anulado: sql<number>`coalesce(sum(case when ${pagos.concepto} = 'devolucion' then -${pagos.monto} else ${pagos.monto} end), 0)::int`,
        })
        .from(pagosAnulaciones)
        .innerJoin(pagos, eq(pagos.id, pagosAnulaciones.pago_id))
        .where(
          and(
            or(
              eq(pagos.registrado_por, usuarioId),
              and(isNull(pagos.registrado_por), eq(pagosAnulaciones.anulado_por, usuarioId)),
            ),
            gte(pagosAnulaciones.anulado_en, desde),
            lt(pagosAnulaciones.anulado_en, hasta),
          ),
        )
        .groupBy(pagos.metodo);
    },

    async persona(id: number) {
      const [u] = await db
        .select(columnasDe(usuarios, 'id', 'nombre', 'rol', 'numerodocumento', 'tipodocumento', 'correo'))
        .from(usuarios)
        .where(eq(usuarios.id, id));
      return u;
    },

    async cerrar(v: typeof cierresCaja.$inferInsert) {
      const [f] = await db.insert(cierresCaja).values(v).returning({ id: cierresCaja.id });
      return f!.id;
    },

    /** The closes of one day (one desk, or every desk), with names. */
    async cierres(fecha: string, usuarioId?: number) {
      const quien = alias(usuarios, 'quien');
      return db
        .select({ cierre: cierresCaja, usuario_nombre: quien.nombre, cerrador_nombre: cerrador.nombre })
        .from(cierresCaja)
        .innerJoin(quien, eq(quien.id, cierresCaja.usuario_id))
        .innerJoin(cerrador, eq(cerrador.id, cierresCaja.cerrado_por))
        .where(
          and(
            eq(cierresCaja.fecha, fecha),
            usuarioId !== undefined ? eq(cierresCaja.usuario_id, usuarioId) : undefined,
          ),
        )
        .orderBy(quien.nombre, cierresCaja.id);
    },
  };
}
export type CajaRepository = ReturnType<typeof createCajaRepository>;
