// The zod-free half of the endpoints for what an appointment gathers besides its note (issue 9, items 4 and 6):
// the patient's exam results and the before/after photos. They live under /apiadjuntos, their own prefix
// (decision 0052). The web imports this module at run time
// without pulling schemas into its download (decision 0005). The files themselves are downloaded through
// /apiarchivos/descargar/{archivo_id} (authorised, audited, no-store).
import { ruta, type Id } from './rutas.ts';

/** Largest exam result accepted (a scanned PDF or a phone photo). */
export const RESULTADO_MAX_BYTES = 10 * 1024 * 1024;
/**
 * What one patient may upload herself (issue 21, item 2): one patient sent 80 MB of "results" in 1.2 s. Results of
 * one appointment, and bytes of results in the last 24 hours.
 */
export const RESULTADOS_MAX_POR_CITA = 10;
export const RESULTADOS_MAX_BYTES_DIA = 50 * 1024 * 1024;
/** Largest clinical photo accepted before re-encoding. */
export const FOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Multipart fields. */
export const CAMPO_ARCHIVO = 'archivo';
export const CAMPO_ORDEN = 'orden_examen_id';
export const CAMPO_ETIQUETA = 'etiqueta';
export const CAMPO_ZONA = 'zona';
/** Optional: the injection chart's zone the photo shows (one of ZONAS_FACIALES), for the comparison by zone. */
export const CAMPO_ZONA_MAPA = 'zona_mapa';
export const ZONA_MAX = 80;

export const ETIQUETAS_FOTO = ['antes', 'despues'] as const;
export type EtiquetaFoto = (typeof ETIQUETAS_FOTO)[number];
export const NOMBRE_ETIQUETA: Record<EtiquetaFoto, string> = { antes: 'Antes', despues: 'Después' };

/** What the file picker offers (the server checks the bytes anyway). */
export const ACEPTA_RESULTADO = 'application/pdf,image/jpeg,image/png';
export const ACEPTA_FOTO = 'image/jpeg,image/png,image/webp';

export const adjuntosPaths = {
  resultados: <I extends Id>(citaId: I) => `/apiadjuntos/resultados/cita/${citaId}` as const,
  fotos: <I extends Id>(citaId: I) => `/apiadjuntos/fotos/cita/${citaId}` as const,
  fotosPaciente: <I extends Id>(pacienteId: I) => `/apiadjuntos/fotos/paciente/${pacienteId}` as const,
} as const;

/**
 * DOMAIN.md: the patient uploads results to their own appointment; the patient and the appointment's doctor list
 * them, assistants see only that they exist. The appointment's doctor, or an assistant at the doctor's request,
 * attaches photos; the patient and the doctor see them, assistants their existence. The administrator reads no
 * clinical content. No route changes or deletes either (Res. 1995 de 1999).
 */
export const adjuntosRutas = {
  resultados: ruta('GET', adjuntosPaths.resultados(':citaId'), ['asistente', 'doctor', 'paciente'] as const),
  subirResultado: ruta('POST', adjuntosPaths.resultados(':citaId'), ['paciente'] as const),
  fotos: ruta('GET', adjuntosPaths.fotos(':citaId'), ['asistente', 'doctor', 'paciente'] as const),
  subirFoto: ruta('POST', adjuntosPaths.fotos(':citaId'), ['asistente', 'doctor'] as const),
  fotosPaciente: ruta('GET', adjuntosPaths.fotosPaciente(':pacienteId'), ['doctor', 'paciente'] as const),
};
