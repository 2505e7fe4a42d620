// Traceability and retreatment recall (issue 24, items 3-4; docs/trazabilidad.md): every patient who received a lot
// in a signed note, the recall notices sent to them (and what each patient sees of hers), the desk's list of patients
// due for a retreatment and the clinic's intervals per product type.
import { z } from 'zod';
import { SIN_NUL, camposNoPermitidos, fechaDia, fechaHora, idParam, paginacionQuery, paginado } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { TIPOS_PRODUCTO, UNIDADES_PRODUCTO } from './insumos.ts';
import { ALERTA_MAX, ALERTA_MIN, trazabilidadRutas } from './trazabilidad-rutas.ts';

export const MENSAJES_TRAZABILIDAD = {
  loteNoEncontrado: 'No encontramos ese lote.',
  sinPacientes: 'Nadie ha recibido este lote en una nota firmada: no hay a quién avisar.',
  alertaRepetida: 'Ese aviso ya se envió hace un momento a los pacientes de este lote.',
  intervaloInvertido: 'Las semanas «hasta» deben ser iguales o más que las semanas «desde».',
  tipoRepetido: 'Cada tipo de producto va una sola vez.',
  doctorAjeno: 'Solo puedes ver los retratamientos de tus pacientes.',
} as const;

const persona = z.object({ id: z.number().int(), nombre: z.string() });
const contacto = persona.extend({
  tipodocumento: z.string(),
  numerodocumento: z.string(),
  telefono: z.string().nullable(),
  correo: z.string().nullable(),
});

/** One signed note that applied the lot: its points summed (a patient with two notes is two rows). */
export const pacienteLoteSchema = z.object({
  paciente: contacto,
  evolucion_id: z.number().int(),
  cita_id: z.number().int(),
  /** The appointment's day in the clinic's zone. */
  fecha: fechaDia,
  doctor: persona,
  /** In the product's unit. */
  cantidad: z.number(),
  unidad: z.enum(UNIDADES_PRODUCTO),
});
export type PacienteLoteWire = z.input<typeof pacienteLoteSchema>;

const loteBreve = z.object({
  id: z.number().int(),
  numero: z.string(),
  vence_el: fechaDia,
  producto: z.object({ id: z.number().int(), nombre: z.string(), registro_invima: z.string() }),
});
export const pacientesLoteSchema = z.object({ lote: loteBreve, pacientes: z.array(pacienteLoteSchema) });
export type PacientesLoteWire = z.input<typeof pacientesLoteSchema>;

export const alertaLoteBody = z.strictObject(
  {
    texto: z
      .string({ message: 'Escribe el aviso para los pacientes' })
      .trim()
      .min(ALERTA_MIN, `El aviso debe tener al menos ${ALERTA_MIN} caracteres`)
      .max(ALERTA_MAX, `El aviso tiene máximo ${ALERTA_MAX.toLocaleString('es-CO')} caracteres`)
      .refine(...SIN_NUL),
  },
  { error: camposNoPermitidos() },
);
export type AlertaLoteBody = z.input<typeof alertaLoteBody>;

export const alertaLoteSchema = z.object({
  id: z.number().int(),
  lote_id: z.number().int(),
  texto: z.string(),
  autor: persona,
  creada_en: fechaHora,
  /** How many patients it reached. */
  pacientes: z.number().int(),
});
export type AlertaLoteWire = z.input<typeof alertaLoteSchema>;

/** A notice as the patient reads it in her portal. */
export const miAvisoSchema = z.object({
  id: z.number().int(),
  texto: z.string(),
  creada_en: fechaHora,
  producto: z.string(),
  lote: z.string(),
});
export type MiAvisoWire = z.input<typeof miAvisoSchema>;

export const ESTADOS_RETRATAMIENTO = ['pendiente', 'vencido', 'agendado'] as const;
export type EstadoRetratamiento = (typeof ESTADOS_RETRATAMIENTO)[number];
export const estadoRetratamientoNombres: Record<EstadoRetratamiento, string> = {
  pendiente: 'Para retratar',
  vencido: 'Vencidos',
  agendado: 'Agendados',
};

export const retratamientosQuery = paginacionQuery.extend({
  estado: z
    .enum(ESTADOS_RETRATAMIENTO, { message: 'Elige el estado: pendiente, vencido o agendado' })
    .default('pendiente'),
  doctor_id: idParam.shape.id.optional(),
});
export type RetratamientosQuery = z.input<typeof retratamientosQuery>;

export const retratamientoSchema = z.object({
  id: z.number().int(),
  estado: z.enum(ESTADOS_RETRATAMIENTO),
  paciente: contacto,
  doctor: persona,
  tipo: z.enum(TIPOS_PRODUCTO),
  aplicado_el: fechaDia,
  desde_el: fechaDia,
  hasta_el: fechaDia,
  recordado_en: fechaHora.nullable(),
  /** The appointment booked for it (linked, or her next one with the doctor). */
  cita: z.object({ id: z.number().int(), inicio: fechaHora }).nullable(),
});
export type RetratamientoWire = z.input<typeof retratamientoSchema>;
export const retratamientosSchema = paginado(retratamientoSchema);
export type RetratamientosWire = z.input<typeof retratamientosSchema>;

const semanas = (campo: string) =>
  z
    .number({ message: `${campo} debe ser un número de semanas` })
    .int(`${campo} debe ser un número entero de semanas`)
    .min(1, `${campo}: al menos 1 semana`)
    .max(260, `${campo}: máximo 260 semanas (5 años)`);

export const intervaloSchema = z.object({
  tipo: z.enum(TIPOS_PRODUCTO),
  semanas_desde: z.number().int(),
  semanas_hasta: z.number().int(),
  recordar: z.boolean(),
  /** The clinic changed the usual interval. */
  personalizado: z.boolean(),
});
export type IntervaloWire = z.input<typeof intervaloSchema>;

const intervaloBody = z
  .strictObject(
    {
      tipo: z.enum(TIPOS_PRODUCTO, { message: 'Elige un tipo de producto' }),
      semanas_desde: semanas('Desde'),
      semanas_hasta: semanas('Hasta'),
      recordar: z.boolean({ message: 'Indica si se recuerda este tipo' }),
    },
    { error: camposNoPermitidos() },
  )
  .refine((i) => i.semanas_hasta >= i.semanas_desde, {
    message: MENSAJES_TRAZABILIDAD.intervaloInvertido,
    path: ['semanas_hasta'],
  });
export const intervalosBody = z
  .array(intervaloBody, { message: 'Envía la lista de intervalos' })
  .min(1, 'Envía al menos un intervalo')
  .max(TIPOS_PRODUCTO.length, `Máximo ${TIPOS_PRODUCTO.length} intervalos`)
  .refine((l) => new Set(l.map((i) => i.tipo)).size === l.length, MENSAJES_TRAZABILIDAD.tipoRepetido);
export type IntervalosBody = z.input<typeof intervalosBody>;

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const trazabilidadEndpoints = {
  pacientesLote: endpoint(trazabilidadRutas.pacientesLote, {
    params: idParam,
    response: { 200: pacientesLoteSchema, ...errores, 404: errorSchema },
  }),
  alertasLote: endpoint(trazabilidadRutas.alertasLote, {
    params: idParam,
    response: { 200: z.array(alertaLoteSchema), ...errores, 404: errorSchema },
  }),
  alertarLote: endpoint(trazabilidadRutas.alertarLote, {
    params: idParam,
    body: alertaLoteBody,
    response: { 201: alertaLoteSchema, ...errores, 404: errorSchema, 409: errorSchema, 422: errorSchema },
  }),
  misAvisos: endpoint(trazabilidadRutas.misAvisos, { response: { 200: z.array(miAvisoSchema), ...errores } }),
  retratamientos: endpoint(trazabilidadRutas.retratamientos, {
    querystring: retratamientosQuery,
    response: { 200: retratamientosSchema, ...errores },
  }),
  intervalos: endpoint(trazabilidadRutas.intervalos, { response: { 200: z.array(intervaloSchema), ...errores } }),
  guardarIntervalos: endpoint(trazabilidadRutas.guardarIntervalos, {
    body: intervalosBody,
    response: { 200: z.array(intervaloSchema), ...errores },
  }),
};

export * from './trazabilidad-rutas.ts';
