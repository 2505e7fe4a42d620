// Products and lots (issue 24, item 1; docs/trazabilidad.md): the products the clinic applies, each with its INVIMA
// sanitary registration, the lots received (number, expiry, quantity, supplier), the stock per lot and the
// adjustments (breakage, expired, a count), and the staff dashboard's alerts. Quantities on the wire are numbers in
// the product's unit with at most two decimals (2.5 mL); the database keeps hundredths.
import { z } from 'zod';
import { SIN_NUL, camposNoPermitidos, fechaAgenda, fechaDia, fechaHora, idParam } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { CANTIDAD_MAX, insumosRutas } from './insumos-rutas.ts';

export const TIPOS_PRODUCTO = [
  'toxina_botulinica',
  'acido_hialuronico',
  'bioestimulador',
  'hilos',
  'vitaminas_mesoterapia',
  'anestesico',
  'otro',
] as const;
export type TipoProducto = (typeof TIPOS_PRODUCTO)[number];
export const tipoProductoNombres: Record<TipoProducto, string> = {
  toxina_botulinica: 'Toxina botulínica',
  acido_hialuronico: 'Ácido hialurónico',
  bioestimulador: 'Bioestimulador',
  hilos: 'Hilos',
  vitaminas_mesoterapia: 'Vitaminas / mesoterapia',
  anestesico: 'Anestésico',
  otro: 'Otro',
};
export const UNIDADES_PRODUCTO = ['U', 'mL', 'unidad'] as const;
export type UnidadProducto = (typeof UNIDADES_PRODUCTO)[number];
export const MOTIVOS_AJUSTE = ['rotura', 'vencido', 'correccion_conteo'] as const;
export type MotivoAjuste = (typeof MOTIVOS_AJUSTE)[number];
export const motivoAjusteNombres: Record<MotivoAjuste, string> = {
  rotura: 'Rotura o pérdida',
  vencido: 'Vencido (se desecha)',
  correccion_conteo: 'Corrección por conteo',
};

export const MENSAJES_INSUMOS = {
  productoNoEncontrado: 'No encontramos ese producto.',
  loteNoEncontrado: 'No encontramos ese lote.',
  productoDuplicado: 'Ya existe un producto con ese nombre y ese registro INVIMA.',
  loteDuplicado: (numero: string) => `El lote ${numero} de este producto ya está registrado.`,
  loteVencido: 'Ese lote ya venció: no se puede recibir.',
  productoInactivo: 'El producto está inactivo: actívalo antes de recibir lotes.',
  unidadConLotes: 'La unidad no se cambia cuando el producto ya tiene lotes: crea otro producto.',
  sinCambios: 'Indica al menos un dato para cambiar.',
  sinExistencias: (numero: string, queda: string) => `El lote ${numero} no tiene tanta existencia: quedan ${queda}.`,
  conteoIgual: 'El conteo coincide con la existencia: no hay nada que corregir.',
} as const;

/**
 * An INVIMA sanitary registration: medicines ("INVIMA 2008M-0007986", renewals "-R1"), medical devices
 * ("INVIMA 2019DM-0020231") and other kinds ("2015RSA-0001234"); a cosmetic's notification ("NSOC12345-21CO").
 * Written with or without the "INVIMA" prefix, in any case; stored normalised.
 */
const INVIMA = /^INVIMA \d{4}[A-Z]{1,4}-\d{4,8}(-R\d{1,2})?$/;
const NSOC = /^NSOC\d{4,6}-\d{2}CO$/;
export function normalizarRegistroInvima(texto: string): string {
  const t = texto.trim().toUpperCase().replace(/\s+/g, ' ');
  if (/^\d{4}[A-Z]/.test(t)) return `INVIMA ${t}`;
  return t.replace(/^INVIMA\s*/, 'INVIMA ');
}
export const registroInvimaValido = (texto: string) => INVIMA.test(texto) || NSOC.test(texto);
const registroInvima = z
  .string({ message: 'Escribe el registro sanitario INVIMA' })
  .trim()
  .min(1, 'Escribe el registro sanitario INVIMA')
  .max(40, 'El registro INVIMA tiene máximo 40 caracteres')
  .transform(normalizarRegistroInvima)
  .refine(registroInvimaValido, 'Escribe el registro como aparece en la caja, p. ej. INVIMA 2019DM-0020231');

/** A quantity in the product's unit, more than 0, with at most two decimals. */
const cantidad = (campo: string, min = 0.01) =>
  z
    .number({ message: `${campo} debe ser un número` })
    .min(min, min > 0 ? `${campo} debe ser mayor que 0` : `${campo} no puede ser negativa`)
    .max(CANTIDAD_MAX, `${campo}: máximo ${CANTIDAD_MAX.toLocaleString('es-CO')}`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${campo}: usa máximo dos decimales`);

// An empty field asks for it ("Escribe el nombre"); the other messages start with the field, capitalised.
const texto = (campo: string, min: number, max: number) => {
  const Campo = campo.charAt(0).toUpperCase() + campo.slice(1);
  return z
    .string({ message: `Escribe ${campo}` })
    .trim()
    .min(1, `Escribe ${campo}`)
    .min(min, `${Campo}: al menos ${min} caracteres`)
    .max(max, `${Campo}: máximo ${max} caracteres`)
    .refine(...SIN_NUL);
};

const datosProducto = {
  nombre: texto('el nombre', 2, 120),
  tipo: z.enum(TIPOS_PRODUCTO, { message: 'Elige el tipo de producto' }),
  fabricante: texto('el fabricante', 2, 120),
  registro_invima: registroInvima,
  unidad: z.enum(UNIDADES_PRODUCTO, { message: 'Elige la unidad: U, mL o unidad' }),
  /** Below this usable stock the dashboard warns (0: never). */
  stock_minimo: cantidad('El stock mínimo', 0),
};

export const crearProductoSchema = z.strictObject(
  { ...datosProducto, stock_minimo: datosProducto.stock_minimo.default(0) },
  { error: camposNoPermitidos() },
);
export type CrearProductoBody = z.input<typeof crearProductoSchema>;

export const editarProductoSchema = z
  .strictObject(
    {
      nombre: datosProducto.nombre.optional(),
      tipo: datosProducto.tipo.optional(),
      fabricante: datosProducto.fabricante.optional(),
      registro_invima: datosProducto.registro_invima.optional(),
      unidad: datosProducto.unidad.optional(),
      stock_minimo: datosProducto.stock_minimo.optional(),
      activo: z.boolean({ message: 'activo debe ser verdadero o falso' }).optional(),
    },
    { error: camposNoPermitidos() },
  )
  .refine((d) => Object.values(d).some((v) => v !== undefined), MENSAJES_INSUMOS.sinCambios);
export type EditarProductoBody = z.input<typeof editarProductoSchema>;

const persona = z.object({ id: z.number().int(), nombre: z.string() });

export const loteSchema = z.object({
  id: z.number().int(),
  producto_id: z.number().int(),
  numero: z.string(),
  vence_el: fechaDia,
  /** Clinic day: vence_el is past (an expired lot cannot be used). */
  vencido: z.boolean(),
  cantidad_recibida: z.number(),
  consumido: z.number(),
  /** cantidad_recibida - consumido. */
  existencia: z.number(),
  proveedor: z.string(),
  referencia_compra: z.string().nullable(),
  recibido_por: persona,
  recibido_en: fechaHora,
});
export type LoteWire = z.input<typeof loteSchema>;

export const productoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  tipo: z.enum(TIPOS_PRODUCTO),
  fabricante: z.string(),
  registro_invima: z.string(),
  unidad: z.enum(UNIDADES_PRODUCTO),
  stock_minimo: z.number(),
  activo: z.boolean(),
  /** What can be used: the stock of its lots not expired. */
  existencia: z.number(),
  /** Stock left in expired lots (to discard with an adjustment). */
  existencia_vencida: z.number(),
  /** existencia < stock_minimo (and a minimum is set). */
  stock_bajo: z.boolean(),
  creado_en: fechaHora,
  actualizado_en: fechaHora,
});
export type ProductoWire = z.input<typeof productoSchema>;

export const productoDetalleSchema = productoSchema.extend({ lotes: z.array(loteSchema) });
export type ProductoDetalleWire = z.input<typeof productoDetalleSchema>;

export const recibirLoteSchema = z.strictObject(
  {
    numero: texto('el número de lote', 1, 40).regex(
      /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u,
      'El número de lote lleva letras, números, guiones, puntos o barras',
    ),
    vence_el: fechaAgenda,
    cantidad: cantidad('La cantidad recibida'),
    proveedor: texto('el proveedor', 2, 120),
    referencia_compra: z
      .string()
      .trim()
      .max(80, 'La referencia de compra tiene máximo 80 caracteres')
      .refine(...SIN_NUL)
      .nullish(),
  },
  { error: camposNoPermitidos() },
);
export type RecibirLoteBody = z.input<typeof recibirLoteSchema>;

const detalle = texto('por qué', 5, 500);
/**
 * An adjustment: breakage or an expired lot discarded take a quantity out; a count states what was counted and the
 * server records the difference. Every one needs its reason.
 */
export const ajusteSchema = z.discriminatedUnion(
  'motivo',
  [
    z.strictObject(
      { motivo: z.enum(['rotura', 'vencido']), cantidad: cantidad('La cantidad'), detalle },
      { error: camposNoPermitidos() },
    ),
    z.strictObject(
      { motivo: z.literal('correccion_conteo'), contado: cantidad('Lo contado', 0), detalle },
      { error: camposNoPermitidos() },
    ),
  ],
  { error: () => 'Elige el motivo del ajuste: rotura, vencido o corrección por conteo' },
);
export type AjusteBody = z.input<typeof ajusteSchema>;

export const movimientoSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(['uso', 'ajuste']),
  /** Taken out of the lot (negative: a count that found more). */
  cantidad: z.number(),
  motivo: z.enum(MOTIVOS_AJUSTE).nullable(),
  detalle: z.string().nullable(),
  registrado_por: persona,
  registrado_en: fechaHora,
});
export type MovimientoWire = z.input<typeof movimientoSchema>;

const productoBreve = z.object({ id: z.number().int(), nombre: z.string(), unidad: z.enum(UNIDADES_PRODUCTO) });
export const alertasSchema = z.object({
  /** Lots with stock expiring within DIAS_ALERTA_VENCIMIENTO days, or already expired with stock left. */
  por_vencer: z.array(loteSchema.extend({ producto: productoBreve })),
  /** Active products whose usable stock is under their minimum. */
  stock_bajo: z.array(productoBreve.extend({ existencia: z.number(), stock_minimo: z.number() })),
});
export type AlertasWire = z.input<typeof alertasSchema>;

/** A lot the chart can use, with its product: the doctor's lot picker (sorted by product name, then expiry). */
export const loteUsableSchema = z.object({
  id: z.number().int(),
  numero: z.string(),
  vence_el: fechaDia,
  existencia: z.number(),
  producto: productoBreve.extend({ tipo: z.enum(TIPOS_PRODUCTO), registro_invima: z.string() }),
});
export type LoteUsableWire = z.input<typeof loteUsableSchema>;

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const insumosEndpoints = {
  productos: endpoint(insumosRutas.productos, { response: { 200: z.array(productoSchema), ...errores } }),
  crearProducto: endpoint(insumosRutas.crearProducto, {
    body: crearProductoSchema,
    response: { 201: productoSchema, ...errores, 409: errorSchema },
  }),
  producto: endpoint(insumosRutas.producto, {
    params: idParam,
    response: { 200: productoDetalleSchema, ...errores, 404: errorSchema },
  }),
  editarProducto: endpoint(insumosRutas.editarProducto, {
    params: idParam,
    body: editarProductoSchema,
    response: { 200: productoSchema, ...errores, 404: errorSchema, 409: errorSchema, 422: errorSchema },
  }),
  recibirLote: endpoint(insumosRutas.recibirLote, {
    params: idParam,
    body: recibirLoteSchema,
    response: { 201: loteSchema, ...errores, 404: errorSchema, 409: errorSchema, 422: errorSchema },
  }),
  ajustar: endpoint(insumosRutas.ajustar, {
    params: idParam,
    body: ajusteSchema,
    response: { 201: loteSchema, ...errores, 404: errorSchema, 409: errorSchema, 422: errorSchema },
  }),
  movimientos: endpoint(insumosRutas.movimientos, {
    params: idParam,
    response: { 200: z.array(movimientoSchema), ...errores, 404: errorSchema },
  }),
  alertas: endpoint(insumosRutas.alertas, { response: { 200: alertasSchema, ...errores } }),
  lotesUsables: endpoint(insumosRutas.lotesUsables, { response: { 200: z.array(loteUsableSchema), ...errores } }),
};

export {
  CANTIDAD_MAX,
  DIAS_ALERTA_VENCIMIENTO,
  insumosPaths,
  insumosRutas,
  rolesInsumos,
  rolesLecturaInsumos,
} from './insumos-rutas.ts';
