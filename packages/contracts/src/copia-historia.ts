// The patient's copy (issue 9, item 7): the complete record as one PDF (Ley 2015 de 2020) and what the database holds
// about the patient as JSON (Ley 1581 de 2012, habeas data). The JSON schema below is also the allow-list of what
// the download may carry: no password hash, no session, nothing about another person but names of the staff.
import { z } from 'zod';
import { copiaHistoriaRutas } from './copia-historia-rutas.ts';
import { fechaHora, idParam } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { evolucionSchema } from './evoluciones.ts';
import { historiaSchema, listaAccesosSchema } from './historias.ts';
import { productoAplicadoSchema } from './productos-aplicados.ts';

const persona = z.object({ id: z.number().int(), nombre: z.string() });

export const datosPersonalesSchema = z.object({
  formato: z.literal('copia-datos-personales-v1'),
  clinica: z.string(),
  generado_en: fechaHora,
  perfil: z.object({
    id: z.number().int(),
    nombre: z.string(),
    correo: z.string().nullable(),
    rol: z.string(),
    estado: z.boolean(),
    tipodocumento: z.string(),
    numerodocumento: z.string(),
    telefono: z.string().nullable(),
    direccion: z.string().nullable(),
    genero: z.string().nullable(),
    fecha_nacimiento: z.string().nullable(),
    ocupacion: z.string().nullable(),
    estado_civil: z.string().nullable(),
    fecha_registro: fechaHora,
    terminos_aceptados_en: fechaHora.nullable(),
    version_terminos: z.string().nullable(),
    ip_aceptacion: z.string().nullable(),
  }),
  historia: historiaSchema.omit({ usuario: true }).nullable(),
  /** Every earlier version of the record: what it said before each save, who saved and when. */
  versiones: z.array(
    z.object({
      version: z.number().int(),
      campos: z.array(z.string()),
      cambiada_en: fechaHora,
      cambiada_por: persona.nullable(),
      datos: z.record(z.string(), z.unknown()),
    }),
  ),
  citas: z.array(
    z.object({
      id: z.number().int(),
      tipo: z.string(),
      estado: z.string(),
      inicio: fechaHora,
      fin: fechaHora,
      doctor: persona,
      procedimiento: z.string().nullable(),
      motivo: z.string().nullable(),
      observaciones: z.string().nullable(),
      motivo_cancelacion: z.string().nullable(),
      creada_en: fechaHora,
    }),
  ),
  /** Signed clinical notes with their prescriptions, exam orders and addenda (drafts are not yet part of the record). */
  evoluciones: z.array(evolucionSchema),
  /**
   * Every product and lot applied in her signed notes (issue 24, item 3), oldest first: product, INVIMA
   * registration, lot and expiry, quantity in the product's unit, zones, doctor and appointment.
   */
  productos_aplicados: z.array(productoAplicadoSchema),
  /** Signed informed consents with the exact text and version shown, and their revocation if any. */
  consentimientos: z.array(
    z.object({
      id: z.number().int(),
      cita_id: z.number().int(),
      procedimiento: z.string(),
      plantilla_version: z.number().int(),
      texto: z.string(),
      acepta_fotos: z.boolean(),
      firmado_en: fechaHora,
      pdf_archivo_id: z.number().int(),
      pdf_sha256: z.string(),
      revocado_en: fechaHora.nullable(),
      motivo_revocacion: z.string().nullable(),
    }),
  ),
  notificaciones: z.array(
    z.object({
      id: z.number().int(),
      tipo: z.string(),
      mensaje: z.string(),
      leida: z.boolean(),
      archivada: z.boolean(),
      cita_id: z.number().int().nullable(),
      creada_en: fechaHora,
    }),
  ),
  /** Private files kept about the patient (documents, results): their description, not their bytes. */
  archivos: z.array(
    z.object({
      id: z.number().int(),
      categoria: z.string(),
      nombre: z.string(),
      tipo_contenido: z.string(),
      tamano: z.number().int(),
      sha256: z.string(),
      creado_en: fechaHora,
    }),
  ),
  /** Who on the staff read the record, its notes, or produced a copy of it. */
  accesos: listaAccesosSchema,
});
export type DatosPersonales = z.output<typeof datosPersonalesSchema>;
export type DatosPersonalesWire = z.input<typeof datosPersonalesSchema>;

export const usuarioIdParamCopia = z.object({ usuarioId: idParam.shape.id });
export const pacienteIdParamCopia = z.object({ pacienteId: idParam.shape.id });

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const copiaHistoriaEndpoints = {
  miPdf: endpoint(copiaHistoriaRutas.miPdf, {
    params: usuarioIdParamCopia,
    // 200 is the PDF's bytes: nothing for the JSON serializer to filter.
    response: { 200: z.any(), ...errores },
  }),
  misDatos: endpoint(copiaHistoriaRutas.misDatos, {
    params: usuarioIdParamCopia,
    response: { 200: datosPersonalesSchema, ...errores },
  }),
  pdfPaciente: endpoint(copiaHistoriaRutas.pdfPaciente, {
    params: pacienteIdParamCopia,
    response: { 200: z.any(), ...errores },
  }),
  datosPaciente: endpoint(copiaHistoriaRutas.datosPaciente, {
    params: pacienteIdParamCopia,
    response: { 200: datosPersonalesSchema, ...errores },
  }),
};

export { copiaHistoriaPaths, copiaHistoriaRutas } from './copia-historia-rutas.ts';
