// Clinical notes per appointment (DOMAIN.md "evoluciones"; issue 9, items 3-4): the note's fields, the products
// applied (lot, dose), the prescription (formulas) and exam orders, signing, and dated addenda.
import { z } from 'zod';
import { SIN_NUL, camposNoPermitidos, fechaHora, idParam } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { evolucionesRutas } from './evoluciones-rutas.ts';
import { puntoAplicadoSchema, puntosAplicacionSchema } from './mapa-facial.ts';

const texto = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .refine(...SIN_NUL);
const requerido = (max: number, mensaje: string) => texto(max).min(1, mensaje);

export const MAX_LINEAS_EVOLUCION = 20;

export const productoSchema = z.strictObject(
  {
    nombre: requerido(200, 'Escribe el producto'),
    lote: requerido(100, 'Escribe el lote'),
    dosis: requerido(100, 'Escribe la dosis'),
  },
  { error: camposNoPermitidos() },
);

export const formulaSchema = z.strictObject(
  {
    nombre: requerido(200, 'Escribe el medicamento'),
    dosis: requerido(200, 'Escribe la dosis'),
    frecuencia: requerido(200, 'Escribe la frecuencia'),
    duracion: requerido(200, 'Escribe la duración'),
  },
  { error: camposNoPermitidos() },
);

export const ordenExamenSchema = z.strictObject(
  {
    examen: requerido(200, 'Escribe el examen'),
    indicaciones: texto(500).default(''),
  },
  { error: camposNoPermitidos() },
);

const lineas = <T extends z.ZodType>(s: T) =>
  z.array(s).max(MAX_LINEAS_EVOLUCION, `Máximo ${MAX_LINEAS_EVOLUCION} elementos`).default([]);

/** The whole draft, sent on creation and on every save (the form keeps it all). */
export const evolucionDatosSchema = z.strictObject(
  {
    motivo: requerido(2000, 'Escribe el motivo de la consulta'),
    hallazgos: texto(5000).default(''),
    procedimiento_realizado: texto(5000).default(''),
    productos: lineas(productoSchema),
    /** The injection chart (issue 24): every point with its lot and quantity; replaced whole on every save. */
    aplicaciones: puntosAplicacionSchema,
    indicaciones: texto(5000).default(''),
    formulas: lineas(formulaSchema),
    ordenes: lineas(ordenExamenSchema),
  },
  { error: camposNoPermitidos() },
);
export type EvolucionDatos = z.input<typeof evolucionDatosSchema>;

export const adendaDatosSchema = z.strictObject(
  { texto: requerido(5000, 'Escribe la adenda') },
  { error: camposNoPermitidos() },
);

const persona = z.object({ id: z.number().int(), nombre: z.string() });
const documento = z.object({ archivo_id: z.number().int(), sha256: z.string() }).nullable();

export const adendaSchema = z.object({
  id: z.number().int(),
  autor: persona,
  texto: z.string(),
  creada_en: fechaHora,
});

export const evolucionSchema = z.object({
  id: z.number().int(),
  cita_id: z.number().int(),
  paciente: persona,
  autor: persona,
  estado: z.enum(['borrador', 'firmada']),
  motivo: z.string(),
  hallazgos: z.string(),
  procedimiento_realizado: z.string(),
  productos: z.array(z.object({ nombre: z.string(), lote: z.string(), dosis: z.string() })),
  aplicaciones: z.array(puntoAplicadoSchema),
  indicaciones: z.string(),
  formulas: z.array(
    z.object({
      id: z.number().int(),
      nombre: z.string(),
      dosis: z.string(),
      frecuencia: z.string(),
      duracion: z.string(),
    }),
  ),
  ordenes: z.array(z.object({ id: z.number().int(), examen: z.string(), indicaciones: z.string() })),
  creada_en: fechaHora,
  actualizada_en: fechaHora,
  firmada_en: fechaHora.nullable(),
  /** SHA-256 of the canonical content at signing (decision 0011). */
  hash_contenido: z.string().nullable(),
  /** The prescription and the exam order PDFs, generated once at signing; download through /apiarchivos. */
  receta: documento,
  orden_examenes: documento,
  adendas: z.array(adendaSchema),
});
export type Evolucion = z.output<typeof evolucionSchema>;
export type EvolucionWire = z.input<typeof evolucionSchema>;
export type AdendaWire = z.input<typeof adendaSchema>;

/**
 * Res. 1403 de 2007 and Decreto 2200 de 2005: a prescription or an exam order carries its prescriber's professional
 * registration number. A doctor without one on file cannot sign a note that carries them (the server refuses it with
 * this text, and the note screen says it beforehand).
 */
export function mensajeSinRegistroProfesional(documentos: { formula: boolean; orden: boolean }): string {
  const que =
    documentos.formula && documentos.orden
      ? 'una fórmula médica y una orden de exámenes'
      : documentos.formula
        ? 'una fórmula médica'
        : 'una orden de exámenes';
  return `Esta nota lleva ${que}, y para firmarla falta tu número de registro profesional (Resolución 1403 de 2007). Pídele a un administrador que lo registre en tu cuenta; mientras tanto, puedes guardarla como borrador.`;
}

export const evolucionDeCitaSchema = z.object({ evolucion: evolucionSchema.nullable() });

export const citaIdParamEvolucion = z.object({ citaId: idParam.shape.id });

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const evolucionesEndpoints = {
  porCita: endpoint(evolucionesRutas.porCita, {
    params: citaIdParamEvolucion,
    response: { 200: evolucionDeCitaSchema, ...errores },
  }),
  crear: endpoint(evolucionesRutas.crear, {
    params: citaIdParamEvolucion,
    body: evolucionDatosSchema,
    response: { 201: evolucionSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  editar: endpoint(evolucionesRutas.editar, {
    params: idParam,
    body: evolucionDatosSchema,
    response: { 200: evolucionSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  firmar: endpoint(evolucionesRutas.firmar, {
    params: idParam,
    response: { 200: evolucionSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  agregarAdenda: endpoint(evolucionesRutas.agregarAdenda, {
    params: idParam,
    body: adendaDatosSchema,
    response: { 201: evolucionSchema, ...errores, 409: errorSchema },
  }),
};

export { evolucionesPaths, evolucionesRutas } from './evoluciones-rutas.ts';
