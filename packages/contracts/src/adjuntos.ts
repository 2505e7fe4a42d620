// Exam results uploaded by the patient and before/after photos of an appointment (DOMAIN.md "resultados_examen",
// "fotos_clinicas"; issue 9, items 4 and 6). Uploads are multipart, parsed by the route: the file's type is
// decided by its first bytes, never by its name.
import { z } from 'zod';
import { fechaHora, idParam } from './common.ts';
import { adjuntosRutas, ETIQUETAS_FOTO } from './adjuntos-rutas.ts';
import { endpoint } from './endpoint.ts';
import { ZONAS_FACIALES } from './mapa-facial.ts';
import { errorSchema } from './errors.ts';

export {
  ACEPTA_FOTO,
  ACEPTA_RESULTADO,
  CAMPO_ARCHIVO,
  CAMPO_ETIQUETA,
  CAMPO_ORDEN,
  CAMPO_ZONA,
  CAMPO_ZONA_MAPA,
  ETIQUETAS_FOTO,
  FOTO_MAX_BYTES,
  NOMBRE_ETIQUETA,
  RESULTADO_MAX_BYTES,
  RESULTADOS_MAX_BYTES_DIA,
  RESULTADOS_MAX_POR_CITA,
  ZONA_MAX,
  type EtiquetaFoto,
} from './adjuntos-rutas.ts';

export const resultadoSchema = z.object({
  id: z.number().int(),
  cita_id: z.number().int(),
  subido_en: fechaHora,
  /** The rest is clinical content: for the patient and the appointment's doctor; null for assistants. */
  nombre: z.string().nullable(),
  tipo_contenido: z.string().nullable(),
  tamano: z.number().int().nullable(),
  archivo_id: z.number().int().nullable(),
  /** The exam of the note's order it answers, if any. */
  examen: z.string().nullable(),
});
export type Resultado = z.output<typeof resultadoSchema>;
export type ResultadoWire = z.input<typeof resultadoSchema>;

export const resultadosDeCitaSchema = z.object({
  cita_id: z.number().int(),
  /** Whether the caller may upload here (the patient of an appointment that is not cancelled). */
  puede_subir: z.boolean(),
  /** The exams the appointment's signed note ordered (empty for assistants). */
  ordenes: z.array(z.object({ id: z.number().int(), examen: z.string() })),
  resultados: z.array(resultadoSchema),
});
export type ResultadosDeCitaWire = z.input<typeof resultadosDeCitaSchema>;

export const fotoSchema = z.object({
  id: z.number().int(),
  cita_id: z.number().int(),
  etiqueta: z.enum(ETIQUETAS_FOTO),
  zona: z.string(),
  /** The injection chart's zone, when the photo was tagged with one (issue 24, item 5). */
  zona_mapa: z.enum(ZONAS_FACIALES).nullable(),
  tomada_en: fechaHora,
  /** The image (download route); null for assistants, who see only that it exists. */
  archivo_id: z.number().int().nullable(),
});
export type Foto = z.output<typeof fotoSchema>;
export type FotoWire = z.input<typeof fotoSchema>;

export const fotosDeCitaSchema = z.object({
  cita_id: z.number().int(),
  /** Whether the caller may attach photos here (the appointment's doctor, an assistant) ... */
  puede_subir: z.boolean(),
  /** ... and, when the consent does not allow it, why not (Spanish, for the screen). */
  motivo_sin_permiso: z.string().nullable(),
  fotos: z.array(fotoSchema),
});
export type FotosDeCitaWire = z.input<typeof fotosDeCitaSchema>;

/** A patient's photos, appointment by appointment, newest appointment first (the timeline). */
export const fotosDePacienteSchema = z.array(
  z.object({ cita_id: z.number().int(), fecha: fechaHora, fotos: z.array(fotoSchema) }),
);
export type FotosDePacienteWire = z.input<typeof fotosDePacienteSchema>;

const citaParam = z.object({ citaId: idParam.shape.id });
const pacienteParam = z.object({ pacienteId: idParam.shape.id });
const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const adjuntosEndpoints = {
  resultados: endpoint(adjuntosRutas.resultados, {
    params: citaParam,
    response: { 200: resultadosDeCitaSchema, ...errores },
  }),
  /** Multipart: the file in CAMPO_ARCHIVO, the optional exam order in CAMPO_ORDEN. */
  subirResultado: endpoint(adjuntosRutas.subirResultado, {
    consumes: ['multipart/form-data'],
    params: citaParam,
    response: { 201: resultadoSchema, ...errores, 409: errorSchema, 413: errorSchema, 415: errorSchema },
  }),
  fotos: endpoint(adjuntosRutas.fotos, {
    params: citaParam,
    response: { 200: fotosDeCitaSchema, ...errores },
  }),
  /**
   * Multipart: the image in CAMPO_ARCHIVO, CAMPO_ETIQUETA ('antes' | 'despues'), CAMPO_ZONA and optionally
   * CAMPO_ZONA_MAPA (one of ZONAS_FACIALES).
   */
  subirFoto: endpoint(adjuntosRutas.subirFoto, {
    consumes: ['multipart/form-data'],
    params: citaParam,
    response: { 201: fotoSchema, ...errores, 409: errorSchema, 413: errorSchema, 415: errorSchema, 422: errorSchema },
  }),
  fotosPaciente: endpoint(adjuntosRutas.fotosPaciente, {
    params: pacienteParam,
    response: { 200: fotosDePacienteSchema, ...errores },
  }),
};

export { adjuntosPaths, adjuntosRutas } from './adjuntos-rutas.ts';
