// The zod-free half of the patient's copy (issue 9, item 7; Ley 2015 de 2020, Ley 1581 de 2012): paths and who may
// call each one. The web imports this module at run time without pulling schemas into its download (decision 0005).
import { ruta, type Id } from './rutas.ts';

export const copiaHistoriaPaths = {
  /** The patient's own complete record as one PDF. */
  miPdf: <I extends Id>(usuarioId: I) => `/apihistorialmedico/mihistorialclinico/${usuarioId}/copia.pdf` as const,
  /** The patient's own personal data as JSON. */
  misDatos: <I extends Id>(usuarioId: I) => `/apihistorialmedico/mihistorialclinico/${usuarioId}/datos.json` as const,
  /** The same, produced by a doctor for a patient (audited as a staff copy, shown to the patient). */
  pdfPaciente: <I extends Id>(pacienteId: I) =>
    `/apihistorialmedico/copiahistorialclinico/${pacienteId}/copia.pdf` as const,
  datosPaciente: <I extends Id>(pacienteId: I) =>
    `/apihistorialmedico/copiahistorialclinico/${pacienteId}/datos.json` as const,
} as const;

/**
 * The owner only on the patient's routes (the service answers 403 to anyone else). DOMAIN.md: clinical content is
 * for the patient and doctors; administrators and assistants never read it, so the staff copy is for doctors.
 */
export const copiaHistoriaRutas = {
  miPdf: ruta('GET', copiaHistoriaPaths.miPdf(':usuarioId'), 'usuario'),
  misDatos: ruta('GET', copiaHistoriaPaths.misDatos(':usuarioId'), 'usuario'),
  pdfPaciente: ruta('GET', copiaHistoriaPaths.pdfPaciente(':pacienteId'), ['doctor'] as const),
  datosPaciente: ruta('GET', copiaHistoriaPaths.datosPaciente(':pacienteId'), ['doctor'] as const),
};
