// Payments at the desk, voids, receipts and the daily cash close (issue 23, items 1 and 5; docs/dinero.md "Pagos,
// recibos y caja"; decision 0055). Amounts are whole Colombian pesos computed by the server: no body carries one
// (a `monto` is refused as "Campo no permitido").
import { z } from 'zod';
import {
  SIN_NUL,
  camposNoPermitidos,
  fechaAgenda,
  fechaDia,
  fechaHora,
  idEntero,
  idParam,
  paginacionQuery,
  paginado,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { pagosRutas } from './pagos-rutas.ts';

/**
 * Every way money moves (the database's list); en_linea is the online provider's, never the desk's. saldo_a_favor is
 * the patient's credit (docs/dinero.md "Anticipos y política de cancelación"): a refund of that method puts a
 * cancelled appointment's deposit in her credit, a payment of that method spends it; no cash moves.
 */
export const metodosPago = [
  'efectivo',
  'datafono',
  'transferencia',
  'nequi_daviplata',
  'en_linea',
  'saldo_a_favor',
] as const;
export type MetodoPago = (typeof metodosPago)[number];
/** A receipt's number as printed, on screen and in file names: six digits, zero-padded. */
export const numeroRecibo = (n: number) => String(n).padStart(6, '0');
/** What the desk registers. */
export const metodosCaja = ['efectivo', 'datafono', 'transferencia', 'nequi_daviplata'] as const;
export const conceptosPago = ['anticipo', 'paquete', 'saldo', 'devolucion'] as const;
export type ConceptoPago = (typeof conceptosPago)[number];
/** The stored states plus `anulado`, derived from the payment's void. */
export const estadosPago = ['aprobado', 'pendiente', 'rechazado', 'anulado'] as const;
export type EstadoPago = (typeof estadosPago)[number];

export const metodoPagoNombres: Record<MetodoPago, string> = {
  efectivo: 'Efectivo',
  datafono: 'Tarjeta (datáfono)',
  transferencia: 'Transferencia',
  nequi_daviplata: 'Nequi / Daviplata',
  en_linea: 'En línea',
  saldo_a_favor: 'Saldo a favor',
};
export const conceptoPagoNombres: Record<ConceptoPago, string> = {
  anticipo: 'Anticipo',
  paquete: 'Paquete',
  saldo: 'Saldo de cita',
  devolucion: 'Devolución',
};
export const estadoPagoNombres: Record<EstadoPago, string> = {
  aprobado: 'Aprobado',
  pendiente: 'Pendiente',
  rechazado: 'Rechazado',
  anulado: 'Anulado',
};

/** A void's reason: what an auditor reads later. */
export const MOTIVO_ANULACION_MIN = 5;
export const MOTIVO_ANULACION_MAX = 500;
/** The most cash a desk counts in one day (a typo of three zeros is refused, not recorded). */
export const EFECTIVO_CONTADO_MAX = 1_000_000_000;

const textoOpcional = (max: number) =>
  z
    .string({ message: 'Debe ser un texto' })
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .refine(...SIN_NUL)
    .optional()
    .transform((v) => v || undefined);

export const registrarPagoSchema = z.strictObject(
  {
    cita_id: idEntero('La cita'),
    /** saldo_a_favor: paid from the patient's credit (docs/dinero.md "Anticipos y política de cancelación"). */
    metodo: z.enum([...metodosCaja, 'saldo_a_favor'], {
      message: 'Elige cómo pagó: efectivo, datáfono, transferencia, Nequi/Daviplata o saldo a favor',
    }),
    /** The datáfono voucher or the transfer's reference. */
    referencia: textoOpcional(100),
    notas: textoOpcional(500),
  },
  { error: camposNoPermitidos() },
);
/** The desk pays out a refund the cancellation policy owes on an appointment (the amount is the server's). */
export const devolverAnticipoSchema = z.strictObject(
  {
    cita_id: idEntero('La cita'),
    metodo: z.enum(metodosCaja, {
      message: 'Elige cómo devolvió: efectivo, datáfono, transferencia o Nequi/Daviplata',
    }),
    referencia: textoOpcional(100),
    notas: textoOpcional(500),
  },
  { error: camposNoPermitidos() },
);
export type DevolverAnticipoBody = z.input<typeof devolverAnticipoSchema>;
export type RegistrarPagoBody = z.input<typeof registrarPagoSchema>;

export const anularPagoSchema = z.strictObject(
  {
    motivo: z
      .string({ message: 'Escribe el motivo de la anulación' })
      .trim()
      .min(MOTIVO_ANULACION_MIN, `Escribe el motivo de la anulación (mínimo ${MOTIVO_ANULACION_MIN} caracteres)`)
      .max(MOTIVO_ANULACION_MAX, `Máximo ${MOTIVO_ANULACION_MAX} caracteres`)
      .refine(...SIN_NUL),
  },
  { error: camposNoPermitidos() },
);
export type AnularPagoBody = z.input<typeof anularPagoSchema>;

const persona = z.object({ id: z.number().int(), nombre: z.string() });

export const pagoSchema = z.object({
  id: z.number().int(),
  /** "Recibo de caja" number (approved payments only). */
  recibo_numero: z.number().int().nullable(),
  paciente: persona,
  monto: z.number().int(),
  metodo: z.enum(metodosPago),
  concepto: z.enum(conceptosPago),
  /** What it pays, in words: "Saldo de la cita de Hidrafacial del 23/11/2026". */
  descripcion: z.string(),
  referencia: z.string().nullable(),
  cita_id: z.number().int().nullable(),
  estado: z.enum(estadosPago),
  registrado_por: persona.nullable(),
  registrado_en: fechaHora,
  /** The desk's notes; null for the patient. */
  notas: z.string().nullable(),
  anulacion: z.object({ motivo: z.string(), anulado_por: persona, anulado_en: fechaHora }).nullable(),
});
export type Pago = z.output<typeof pagoSchema>;
export type PagoWire = z.input<typeof pagoSchema>;

export const listaPagosSchema = paginado(pagoSchema);
export type ListaPagosWire = z.input<typeof listaPagosSchema>;

/**
 * The desk's list. Without a patient or an appointment it is one day's (today in the clinic by default); a desk
 * (`registrado_por`) narrows it to that staff member's movements.
 */
export const listarPagosQuery = paginacionQuery.extend({
  fecha: fechaAgenda.optional(),
  paciente_id: idEntero('La paciente').optional(),
  cita_id: idEntero('La cita').optional(),
  registrado_por: idEntero('Quien registró').optional(),
});
export type ListarPagosQuery = z.input<typeof listarPagosQuery>;

/** What an appointment still owes and why it may or may not take a payment. */
export const saldoCitaSchema = z.object({
  cita_id: z.number().int(),
  paciente: persona,
  /** What is charged: the procedure's name, or the evaluation consultation. */
  concepto: z.string(),
  /** The catalogue's price; null when nothing is charged for this appointment. */
  precio: z.number().int().nullable(),
  pagado: z.number().int(),
  devuelto: z.number().int(),
  saldo: z.number().int(),
  /** Why no payment can be taken now (nothing owed, cancelled...); null when the desk may take it. */
  impedimento: z.string().nullable(),
  /**
   * What "Registrar pago" takes now: the deposit (concepto anticipo) while one is owed and unpaid, else the balance.
   * `saldo` is then the deposit still owed.
   */
  cobra: z.enum(['anticipo', 'saldo']),
  /** The patient's credit (saldo a favor) the desk may spend on this payment. */
  saldo_a_favor: z.number().int(),
  /** A refund the cancellation policy owes on this appointment and the desk has not paid out yet (0: none). */
  devolucion_pendiente: z.number().int(),
  pagos: z.array(pagoSchema),
});
export type SaldoCitaWire = z.input<typeof saldoCitaSchema>;

const totalMetodo = z.object({
  /** Payments in, approved, registered that day at that desk. */
  cobrado: z.number().int(),
  /** Refunds paid out. */
  devuelto: z.number().int(),
  /** Voids registered that day against payments of that desk: a voided payment in takes its amount out. */
  anulado: z.number().int(),
});
export type TotalMetodo = z.output<typeof totalMetodo>;
/** One entry per method, every method present (an object, not a record: the response serializer compiles it). */
export const totalesCajaSchema = z.object({
  efectivo: totalMetodo,
  datafono: totalMetodo,
  transferencia: totalMetodo,
  nequi_daviplata: totalMetodo,
  en_linea: totalMetodo,
  saldo_a_favor: totalMetodo,
} satisfies Record<MetodoPago, typeof totalMetodo>);
export type TotalesCaja = z.output<typeof totalesCajaSchema>;

export const cierreCajaSchema = z.object({
  id: z.number().int(),
  fecha: fechaDia,
  usuario: persona,
  totales: totalesCajaSchema,
  efectivo_esperado: z.number().int(),
  efectivo_contado: z.number().int(),
  /** contado - esperado: negative is missing cash. */
  diferencia: z.number().int(),
  notas: z.string().nullable(),
  cerrado_por: persona,
  cerrado_en: fechaHora,
});
export type CierreCajaWire = z.input<typeof cierreCajaSchema>;

export const resumenCajaSchema = z.object({
  fecha: fechaDia,
  usuario: persona,
  totales: totalesCajaSchema,
  /** Sums over every method. */
  total: totalMetodo.extend({ neto: z.number().int() }),
  movimientos: z.number().int(),
  /** Cash that should be in the drawer: cash in, less cash refunds and voided cash payments. */
  efectivo_esperado: z.number().int(),
  cierre: cierreCajaSchema.nullable(),
});
export type ResumenCajaWire = z.input<typeof resumenCajaSchema>;

/** A desk's day: by default the caller's, today in the clinic; administrators may name anyone's. */
export const cajaQuery = z.object({
  usuario_id: idEntero('Quien atiende la caja').optional(),
  fecha: fechaAgenda.optional(),
});
export type CajaQuery = z.input<typeof cajaQuery>;

export const cerrarCajaSchema = z.strictObject(
  {
    efectivo_contado: z
      .number({ message: 'Escribe el efectivo contado en pesos' })
      .int('El efectivo contado va en pesos enteros, sin centavos')
      .min(0, 'El efectivo contado no puede ser negativo')
      .max(EFECTIVO_CONTADO_MAX, 'Revisa el efectivo contado: es demasiado alto'),
    notas: textoOpcional(500),
    /** A day of one's own desk left open (by default today). */
    fecha: fechaAgenda.optional(),
  },
  { error: camposNoPermitidos() },
);
export type CerrarCajaBody = z.input<typeof cerrarCajaSchema>;

export const cierresQuery = z.object({ fecha: fechaAgenda.optional() });
export const listaCierresSchema = z.object({ fecha: fechaDia, items: z.array(cierreCajaSchema) });
export type ListaCierresWire = z.input<typeof listaCierresSchema>;

export const MENSAJES_PAGOS = {
  citaNoEncontrada: 'No encontramos esa cita.',
  noEncontrado: 'No encontramos ese pago.',
  citaCancelada: 'La cita está cancelada: no recibe pagos de saldo.',
  control: 'Las citas de control no tienen saldo por cobrar: van incluidas en el procedimiento.',
  evaluacionSinPrecio:
    'El catálogo no tiene precio para la consulta de valoración: esta cita no tiene saldo por cobrar. Crea en el catálogo el procedimiento «Consulta de valoración» con su precio para cobrarla.',
  sinProcedimiento: 'La cita no tiene procedimiento: no hay saldo por cobrar.',
  porPaquete: 'Esta cita se pagó con una sesión de un paquete: no tiene saldo por cobrar.',
  nadaPendiente: 'Esta cita no tiene saldo pendiente: ya está pagada.',
  diaCerrado: (fecha: string) =>
    `La caja del ${fecha} ya está cerrada: no admite pagos ni anulaciones. Registra el movimiento en la caja de un día abierto.`,
  yaAnulado: 'Este pago ya fue anulado.',
  noAnulable: 'Solo se anulan pagos aprobados.',
  reciboNoDisponible: 'Este pago no tiene recibo: solo los pagos aprobados lo tienen.',
  cajaCerrada: (fecha: string) => `La caja del ${fecha} ya está cerrada.`,
  fechaFutura: 'No se puede cerrar la caja de un día que aún no llega.',
  soloSuCaja: 'Solo un administrador puede ver la caja de otra persona.',
  noEsCaja: 'Esa persona no atiende la caja.',
  sinSaldoAFavor: 'La paciente no tiene saldo a favor para pagar con él.',
  sinDevolucionPendiente: 'Esta cita no tiene una devolución de anticipo pendiente.',
} as const;

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const pagoParam = idParam;
const citaParam = z.object({ citaId: idEntero('La cita') });

export const pagosEndpoints = {
  registrar: endpoint(pagosRutas.registrar, {
    body: registrarPagoSchema,
    response: { 201: pagoSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  devolver: endpoint(pagosRutas.devolver, {
    body: devolverAnticipoSchema,
    response: { 201: pagoSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  saldo: endpoint(pagosRutas.saldo, { params: citaParam, response: { 200: saldoCitaSchema, ...errores } }),
  listar: endpoint(pagosRutas.listar, {
    querystring: listarPagosQuery,
    response: { 200: listaPagosSchema, ...errores },
  }),
  misPagos: endpoint(pagosRutas.misPagos, {
    querystring: paginacionQuery,
    response: { 200: listaPagosSchema, ...errores },
  }),
  anular: endpoint(pagosRutas.anular, {
    params: pagoParam,
    body: anularPagoSchema,
    response: { 200: pagoSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  /** 200 is the PDF (application/pdf): nothing for the JSON serializer to filter. */
  recibo: endpoint(pagosRutas.recibo, {
    params: pagoParam,
    response: { 200: z.any(), ...errores, 409: errorSchema, 429: errorSchema, 503: errorSchema },
  }),
  caja: endpoint(pagosRutas.caja, { querystring: cajaQuery, response: { 200: resumenCajaSchema, ...errores } }),
  cerrarCaja: endpoint(pagosRutas.cerrarCaja, {
    body: cerrarCajaSchema,
    response: { 201: cierreCajaSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  cierres: endpoint(pagosRutas.cierres, {
    querystring: cierresQuery,
    response: { 200: listaCierresSchema, ...errores },
  }),
};

export { pagosPaths, pagosRutas, rolesCaja } from './pagos-rutas.ts';
