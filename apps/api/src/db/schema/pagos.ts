// Money (issue 23; docs/dinero.md): payments and their voids, receipt numbers, the cash desk's daily close, and
// treatment packages. Amounts are whole Colombian pesos (COP has no cents in use). Money is append-only: a payment's
// amount, method, patient and purpose never change and no row is deleted (triggers in migration 0024); a mistake is
// a void, a new row of its own. Closed days cannot take new payments or voids (the service checks it under the
// day's lock).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ahora, idPropio, instante, refiere, refiereOpcional } from './columnas.ts';
import { procedimientos } from './catalogo.ts';
import { citas } from './citas.ts';
import { usuarios } from './usuarios.ts';

/** How the money came or went: cash, card on the desk's terminal, bank transfer, Nequi/Daviplata, online (Wompi). */
export const METODOS_PAGO = [
  'efectivo',
  'datafono',
  'transferencia',
  'nequi_daviplata',
  'en_linea',
  'saldo_a_favor',
] as const;
/** What a payment is for: an appointment's deposit, a package, the balance of an appointment; or money returned. */
export const CONCEPTOS_PAGO = ['anticipo', 'paquete', 'saldo', 'devolucion'] as const;
/** Desk payments are approved when registered; online ones start pending and become approved or declined once. */
export const ESTADOS_PAGO = ['aprobado', 'pendiente', 'rechazado'] as const;

export const pagos = pgTable(
  'pagos',
  {
    id: idPropio(),
    paciente_id: refiere(() => usuarios.id),
    /** Whole pesos, always positive; a refund is a payment of concepto 'devolucion' (money out). */
    monto: integer().notNull(),
    metodo: text({ enum: METODOS_PAGO }).notNull(),
    concepto: text({ enum: CONCEPTOS_PAGO }).notNull(),
    /** The datáfono voucher, the transfer's reference, the provider's transaction id. */
    referencia: text(),
    /** The appointment whose deposit or balance this pays (or refunds). */
    cita_id: refiereOpcional(() => citas.id),
    /** The package this sale paid for. */
    paquete_paciente_id: refiereOpcional(() => paquetesPaciente.id),
    estado: text({ enum: ESTADOS_PAGO }).notNull(),
    /** "Recibo de caja" number: consecutive without gaps, given when the payment is approved. */
    recibo_numero: integer(),
    /** The staff member at the desk; null for an online payment. */
    registrado_por: refiereOpcional(() => usuarios.id),
    registrado_en: ahora(),
    /** When an online payment was approved or declined (desk payments: registrado_en). */
    resuelto_en: instante(),
    notas: text(),
  },
  (t) => [
    check('pagos_monto_positivo', sql`${t.monto} > 0`),
    unique('pagos_recibo_numero_unico').on(t.recibo_numero),
    index('pagos_paciente_idx').on(t.paciente_id, t.registrado_en),
    index('pagos_cita_idx').on(t.cita_id),
    index('pagos_registrado_en_idx').on(t.registrado_en),
    index('pagos_registrado_por_idx').on(t.registrado_por, t.registrado_en),
    // One online transaction is one payment, however many times its event arrives.
    uniqueIndex('pagos_en_linea_referencia_unica')
      .on(t.referencia)
      .where(sql`${t.metodo} = 'en_linea' and ${t.concepto} <> 'devolucion'`),
  ],
);

/** A payment voided by an administrator, with the reason: the correction is this row, the payment stays as it was. */
export const pagosAnulaciones = pgTable('pagos_anulaciones', {
  pago_id: integer()
    .primaryKey()
    .references(() => pagos.id),
  motivo: text().notNull(),
  anulado_por: refiere(() => usuarios.id),
  anulado_en: ahora(),
});

/** Gapless consecutive numbers (receipts): incremented inside the transaction that uses the number. */
export const consecutivos = pgTable('consecutivos', {
  nombre: text().primaryKey(),
  ultimo: integer().notNull().default(0),
});

/**
 * The daily cash close of one staff member's desk: what the system counted per method, the cash she counted, and the
 * difference. Once a day is closed for her, nothing of that day changes.
 */
export const cierresCaja = pgTable(
  'cierres_caja',
  {
    id: idPropio(),
    /** The clinic's day (CLINICA_TZ). */
    fecha: date({ mode: 'string' }).notNull(),
    usuario_id: refiere(() => usuarios.id),
    /** Totals the system counted: { metodo: { cobrado, devuelto, anulado } } in pesos. */
    totales: jsonb().notNull(),
    efectivo_esperado: integer().notNull(),
    efectivo_contado: integer().notNull(),
    /** contado - esperado: negative is missing cash. */
    diferencia: integer().notNull(),
    notas: text(),
    cerrado_por: refiere(() => usuarios.id),
    cerrado_en: ahora(),
  },
  (t) => [
    unique('cierres_caja_dia_usuario').on(t.fecha, t.usuario_id),
    check('cierres_caja_contado_valido', sql`${t.efectivo_contado} >= 0`),
  ],
);

/** A package the clinic sells: so many sessions of one procedure at one price, valid so many days from the sale. */
export const paquetes = pgTable(
  'paquetes',
  {
    id: idPropio(),
    nombre: text().notNull(),
    procedimiento_id: refiere(() => procedimientos.id),
    sesiones: integer().notNull(),
    precio: integer().notNull(),
    vigencia_dias: integer().notNull(),
    activo: boolean().notNull().default(true),
    creado_por: refiereOpcional(() => usuarios.id),
    creado_en: ahora(),
    actualizado_en: ahora(),
  },
  (t) => [
    check('paquetes_sesiones_validas', sql`${t.sesiones} between 1 and 100`),
    check('paquetes_precio_positivo', sql`${t.precio} > 0`),
    check('paquetes_vigencia_valida', sql`${t.vigencia_dias} between 1 and 1825`),
  ],
);

/**
 * A package sold to a patient: what was sold is copied (the definition may change later). Sessions used grow by one
 * per appointment marked realizada, never past the total (a check, so concurrent completions cannot overdraw it).
 */
export const paquetesPaciente = pgTable(
  'paquetes_paciente',
  {
    id: idPropio(),
    paquete_id: refiere(() => paquetes.id),
    paciente_id: refiere(() => usuarios.id),
    procedimiento_id: refiere(() => procedimientos.id),
    nombre: text().notNull(),
    sesiones_total: integer().notNull(),
    sesiones_usadas: integer().notNull().default(0),
    precio: integer().notNull(),
    vence_el: date({ mode: 'string' }).notNull(),
    vendido_por: refiereOpcional(() => usuarios.id),
    vendido_en: ahora(),
  },
  (t) => [
    check('paquetes_paciente_sesiones', sql`${t.sesiones_usadas} between 0 and ${t.sesiones_total}`),
    index('paquetes_paciente_paciente_idx').on(t.paciente_id, t.procedimiento_id),
  ],
);

/** One session of a package used by one appointment (each appointment uses at most one). */
export const paquetesConsumos = pgTable(
  'paquetes_consumos',
  {
    paquete_paciente_id: refiere(() => paquetesPaciente.id),
    cita_id: refiere(() => citas.id),
    consumido_en: ahora(),
  },
  (t) => [primaryKey({ columns: [t.cita_id] }), index('paquetes_consumos_paquete_idx').on(t.paquete_paciente_id)],
);
