// The clinical record (SPEC 3, 5, 7; DOMAIN.md "historias_clinicas"): the list's demographics, the record's
// fields (antecedentes as lists, yes/no flags, anticonceptivos with details, Fitzpatrick fototipo), versions.
import { z } from 'zod';
import { SIN_NUL, camposNoPermitidos, fechaHora, idParam } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { historiasRutas } from './rutas.ts';

const lista = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'Escribe el dato o quita la línea')
      .max(200, 'Máximo 200 caracteres')
      .refine(...SIN_NUL),
  )
  .max(30, 'Máximo 30 elementos');

const ANTECEDENTES = ['enfermedades', 'alergias', 'cirugias_previas', 'medicamentos', 'condiciones_piel'] as const;
/** On creation, a list left out is empty. */
export const antecedentesSchema = z
  .object(
    Object.fromEntries(ANTECEDENTES.map((k) => [k, lista.default([])])) as Record<
      (typeof ANTECEDENTES)[number],
      z.ZodDefault<typeof lista>
    >,
  )
  .prefault({});
/** On an edit, only the lists sent change. */
export const antecedentesCambiosSchema = z.object(
  Object.fromEntries(ANTECEDENTES.map((k) => [k, lista.optional()])) as Record<
    (typeof ANTECEDENTES)[number],
    z.ZodOptional<typeof lista>
  >,
);

export const banderasHistoria = [
  'embarazo_lactancia',
  'consume_tabaco',
  'consume_alcohol',
  'usa_anticonceptivos',
  'diabetes',
  'hipertension',
  'historial_cancer',
  'problemas_coagulacion',
  'epilepsia',
] as const;

const campos = {
  antecedentes: antecedentesSchema,
  otras_condiciones: z
    .string()
    .trim()
    .max(2000, 'Máximo 2000 caracteres')
    .refine(...SIN_NUL)
    .nullish(),
  embarazo_lactancia: z.boolean(),
  consume_tabaco: z.boolean(),
  consume_alcohol: z.boolean(),
  usa_anticonceptivos: z.boolean(),
  detalles_anticonceptivos: z
    .string()
    .trim()
    .max(500, 'Máximo 500 caracteres')
    .refine(...SIN_NUL)
    .nullish(),
  diabetes: z.boolean(),
  hipertension: z.boolean(),
  historial_cancer: z.boolean(),
  problemas_coagulacion: z.boolean(),
  epilepsia: z.boolean(),
  fototipo: z.number().int().min(1, 'El fototipo va de I a VI').max(6, 'El fototipo va de I a VI').nullish(),
};

export const MENSAJE_DETALLE_ANTICONCEPTIVOS = 'Cuéntanos qué método anticonceptivo usas';
const anticonceptivos = (v: {
  usa_anticonceptivos?: boolean | undefined;
  detalles_anticonceptivos?: string | null | undefined;
}) => !v.usa_anticonceptivos || !!v.detalles_anticonceptivos?.trim();

export const crearHistoriaSchema = z
  .strictObject(
    {
      /** Doctors name the patient; a patient creates their own (left out). */
      paciente_id: idParam.shape.id.optional(),
      ...campos,
      embarazo_lactancia: campos.embarazo_lactancia.default(false),
      consume_tabaco: campos.consume_tabaco.default(false),
      consume_alcohol: campos.consume_alcohol.default(false),
      usa_anticonceptivos: campos.usa_anticonceptivos.default(false),
      diabetes: campos.diabetes.default(false),
      hipertension: campos.hipertension.default(false),
      historial_cancer: campos.historial_cancer.default(false),
      problemas_coagulacion: campos.problemas_coagulacion.default(false),
      epilepsia: campos.epilepsia.default(false),
    },
    { error: camposNoPermitidos() },
  )
  .refine(anticonceptivos, { message: MENSAJE_DETALLE_ANTICONCEPTIVOS, path: ['detalles_anticonceptivos'] });

export const editarHistoriaSchema = z.strictObject(
  {
    ...campos,
    antecedentes: antecedentesCambiosSchema.optional(),
    embarazo_lactancia: campos.embarazo_lactancia.optional(),
    consume_tabaco: campos.consume_tabaco.optional(),
    consume_alcohol: campos.consume_alcohol.optional(),
    usa_anticonceptivos: campos.usa_anticonceptivos.optional(),
    diabetes: campos.diabetes.optional(),
    hipertension: campos.hipertension.optional(),
    historial_cancer: campos.historial_cancer.optional(),
    problemas_coagulacion: campos.problemas_coagulacion.optional(),
    epilepsia: campos.epilepsia.optional(),
  },
  { error: camposNoPermitidos() },
);

const usuarioResumen = z.object({
  id: z.number().int(),
  nombre: z.string(),
  correo: z.string().nullable(),
  rol: z.string(),
  genero: z.string().nullable(),
});

/** SPEC 7: the list carries id and usuario {nombre, correo, rol, genero}: demographics only. */
export const historiaResumenSchema = z.object({ id: z.number().int(), usuario: usuarioResumen });
export const listaHistoriasSchema = z.array(historiaResumenSchema);

export const historiaSchema = z.object({
  id: z.number().int(),
  paciente_id: z.number().int(),
  usuario: usuarioResumen,
  antecedentes: z.object({
    enfermedades: z.array(z.string()),
    alergias: z.array(z.string()),
    cirugias_previas: z.array(z.string()),
    medicamentos: z.array(z.string()),
    condiciones_piel: z.array(z.string()),
  }),
  otras_condiciones: z.string().nullable(),
  embarazo_lactancia: z.boolean(),
  consume_tabaco: z.boolean(),
  consume_alcohol: z.boolean(),
  usa_anticonceptivos: z.boolean(),
  detalles_anticonceptivos: z.string().nullable(),
  diabetes: z.boolean(),
  hipertension: z.boolean(),
  historial_cancer: z.boolean(),
  problemas_coagulacion: z.boolean(),
  epilepsia: z.boolean(),
  fototipo: z.number().int().nullable(),
  version: z.number().int(),
  creada_en: fechaHora,
  /** Who wrote the first version (Res. 1995 de 1999: every entry names its author); null if not recorded. */
  creada_por: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
  actualizada_en: fechaHora,
});
export type Historia = z.output<typeof historiaSchema>;
export type HistoriaWire = z.input<typeof historiaSchema>;

export const versionHistoriaSchema = z.object({
  version: z.number().int(),
  campos: z.array(z.string()),
  cambiada_por: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
  cambiada_en: fechaHora,
});
export const listaVersionesSchema = z.array(versionHistoriaSchema);

/**
 * What a staff member looked at: the record, one of the clinical notes, a complete copy (PDF or data), the front
 * desk's summary (demographics and alert flags), the allergies and alert flags on an appointment's details (its
 * doctor), exam results, photos or documents, an edit of the record (its
 * answer carries the whole record), the consents of an appointment, the integrity check of a signed consent, or a
 * follow-up plan (issue 21, item 6: every read of clinical content shows in the patient's list).
 */
export const QUE_ACCESO = [
  'historia',
  'nota',
  'copia',
  'resumen',
  'alertas',
  'archivos',
  'edicion',
  'consentimiento',
  'verificacion',
  'plan',
] as const;

/** One audited read of a record by someone on the staff, as its patient sees it (DOMAIN.md "Rules"). */
export const accesoHistoriaSchema = z.object({
  quien: z.object({ nombre: z.string(), rol: z.string() }),
  que: z.enum(QUE_ACCESO),
  cuando: fechaHora,
});
export const listaAccesosSchema = z.array(accesoHistoriaSchema);
export type AccesoHistoriaWire = z.input<typeof accesoHistoriaSchema>;

/**
 * The front desk's view (DOMAIN.md): that the record exists, the patient's demographics, and alert flags as yes/no,
 * never which allergy, which medication or any note. `alergias` says only that at least one is recorded.
 */
export const historiaRestringidaSchema = z.object({
  id: z.number().int(),
  paciente_id: z.number().int(),
  usuario: usuarioResumen,
  alertas: z.object({
    alergias: z.boolean(),
    embarazo_lactancia: z.boolean(),
    problemas_coagulacion: z.boolean(),
    diabetes: z.boolean(),
    hipertension: z.boolean(),
    epilepsia: z.boolean(),
    historial_cancer: z.boolean(),
    consume_tabaco: z.boolean(),
  }),
});
export type HistoriaRestringida = z.output<typeof historiaRestringidaSchema>;

export const usuarioIdParamHistoria = z.object({ usuarioId: idParam.shape.id });

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const historiasEndpoints = {
  listar: endpoint(historiasRutas.listar, { response: { 200: listaHistoriasSchema, ...errores } }),
  buscar: endpoint(historiasRutas.buscar, { params: idParam, response: { 200: historiaSchema, ...errores } }),
  porUsuario: endpoint(historiasRutas.porUsuario, {
    params: usuarioIdParamHistoria,
    response: { 200: historiaSchema, ...errores },
  }),
  mia: endpoint(historiasRutas.mia, { params: usuarioIdParamHistoria, response: { 200: historiaSchema, ...errores } }),
  accesos: endpoint(historiasRutas.accesos, {
    params: usuarioIdParamHistoria,
    response: { 200: listaAccesosSchema, ...errores },
  }),
  crear: endpoint(historiasRutas.crear, {
    body: crearHistoriaSchema,
    response: { 201: historiaSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  editar: endpoint(historiasRutas.editar, {
    params: idParam,
    body: editarHistoriaSchema,
    response: { 200: historiaSchema, ...errores, 422: errorSchema },
  }),
  versiones: endpoint(historiasRutas.versiones, {
    params: idParam,
    response: { 200: listaVersionesSchema, ...errores },
  }),
  resumen: endpoint(historiasRutas.resumen, {
    params: idParam,
    response: { 200: historiaRestringidaSchema, ...errores },
  }),
};

export { historiasPaths, historiasRutas } from './rutas.ts';
