// Informed consent (DOMAIN.md "consentimientos", "plantillas_consentimiento"; issue 9, item 5): versioned
// templates per procedure, the consent an appointment asks for, the drawn signature, the PDF's verification
// and the patient's revocation.
import { z } from 'zod';
import { SIN_NUL, camposNoPermitidos, fechaHora, idParam } from './common.ts';
import { consentimientosRutas } from './consentimientos-rutas.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';

/** A signature PNG, base64 in a data URL: at most this many characters (about 180 KB of image; the API takes bodies up to 256 KB). */
export const MAX_FIRMA_DATA_URL = 240_000;
export const PREFIJO_FIRMA = 'data:image/png;base64,';

export const plantillaDatosSchema = z.strictObject(
  {
    texto: z
      .string()
      .trim()
      .min(50, 'Escribe el texto completo del consentimiento: riesgos, alternativas y cuidados (mínimo 50 caracteres)')
      .max(20_000, 'Máximo 20000 caracteres')
      .refine(...SIN_NUL),
  },
  { error: camposNoPermitidos() },
);

export const plantillaSchema = z.object({
  id: z.number().int(),
  procedimiento_id: z.number().int(),
  version: z.number().int(),
  texto: z.string(),
  vigente_desde: fechaHora,
});
export type PlantillaWire = z.input<typeof plantillaSchema>;

export const firmaDatosSchema = z.strictObject(
  {
    /** The version the patient read: if a newer one appeared meanwhile, nothing is signed. */
    plantilla_version: z.number().int().positive(),
    firma: z
      .string()
      .max(MAX_FIRMA_DATA_URL, 'La firma es demasiado grande')
      .startsWith(PREFIJO_FIRMA, 'La firma debe ser una imagen PNG'),
    entiende: z.literal(true, 'Confirma que leíste y entiendes el consentimiento'),
    acepta_fotos: z.boolean(),
  },
  { error: camposNoPermitidos() },
);
export type FirmaDatos = z.input<typeof firmaDatosSchema>;

export const revocarDatosSchema = z.strictObject(
  {
    motivo: z
      .string()
      .trim()
      .max(1000, 'Máximo 1000 caracteres')
      .refine(...SIN_NUL)
      .default(''),
  },
  { error: camposNoPermitidos() },
);

const documento = z.object({ archivo_id: z.number().int(), sha256: z.string() });

export const consentimientoSchema = z.object({
  id: z.number().int(),
  cita_id: z.number().int(),
  estado: z.enum(['firmado', 'revocado']),
  /**
   * True when it was signed for a procedure the appointment no longer has (staff changed it afterwards): it stays
   * in view but does not cover the appointment; the patient signs the new procedure's consent.
   */
  otro_procedimiento: z.boolean(),
  plantilla_version: z.number().int(),
  firmado_en: fechaHora,
  /** For the patient and the appointment's doctor; null for assistants (status only, DOMAIN.md). */
  texto: z.string().nullable(),
  acepta_fotos: z.boolean().nullable(),
  pdf: documento.nullable(),
  revocado_en: fechaHora.nullable(),
  motivo_revocacion: z.string().nullable(),
});
export type Consentimiento = z.output<typeof consentimientoSchema>;
export type ConsentimientoWire = z.input<typeof consentimientoSchema>;

export const consentimientoDeCitaSchema = z.object({
  cita_id: z.number().int(),
  /** Only procedure appointments need a consent. */
  requiere: z.boolean(),
  procedimiento: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
  /** The current template of the procedure: the text to read and sign (null if the clinic has none yet). */
  plantilla: plantillaSchema.nullable(),
  /** Every consent signed for this appointment, newest first; a revoked one stays in view. */
  consentimientos: z.array(consentimientoSchema),
});
export type ConsentimientoDeCitaWire = z.input<typeof consentimientoDeCitaSchema>;

export const verificacionSchema = z.object({
  consentimiento_id: z.number().int(),
  sha256_registrado: z.string(),
  sha256_actual: z.string().nullable(),
  integro: z.boolean(),
});
export type VerificacionWire = z.input<typeof verificacionSchema>;

const procedimientoParam = z.object({ procedimientoId: idParam.shape.id });
const citaParam = z.object({ citaId: idParam.shape.id });
const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const consentimientosEndpoints = {
  plantillas: endpoint(consentimientosRutas.plantillas, {
    params: procedimientoParam,
    response: { 200: z.array(plantillaSchema), ...errores },
  }),
  crearPlantilla: endpoint(consentimientosRutas.crearPlantilla, {
    params: procedimientoParam,
    body: plantillaDatosSchema,
    response: { 201: plantillaSchema, ...errores, 409: errorSchema },
  }),
  porCita: endpoint(consentimientosRutas.porCita, {
    params: citaParam,
    response: { 200: consentimientoDeCitaSchema, ...errores },
  }),
  firmar: endpoint(consentimientosRutas.firmar, {
    params: citaParam,
    body: firmaDatosSchema,
    response: { 201: consentimientoSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  verificar: endpoint(consentimientosRutas.verificar, {
    params: idParam,
    response: { 200: verificacionSchema, ...errores },
  }),
  revocar: endpoint(consentimientosRutas.revocar, {
    params: idParam,
    body: revocarDatosSchema,
    response: { 200: consentimientoSchema, ...errores, 409: errorSchema },
  }),
};

export { consentimientosPaths, consentimientosRutas } from './consentimientos-rutas.ts';
