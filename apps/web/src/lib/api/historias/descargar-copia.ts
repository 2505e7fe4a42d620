// A complete copy of a record (PDF) or the personal data (JSON), saved as a file: the patient's own, or produced by
// a doctor for a patient (audited; the patient sees it among the reads of her record).
import { copiaHistoriaRutas } from '@clinica/contracts/copia-historia-rutas';
import { rellenarPath } from '@clinica/contracts/rutas';
import { descargar } from '../../descargas.ts';

export type FormatoCopia = 'pdf' | 'json';

export const descargarMiCopia = (usuarioId: number, formato: FormatoCopia) =>
  descargar(
    rellenarPath((formato === 'pdf' ? copiaHistoriaRutas.miPdf : copiaHistoriaRutas.misDatos).path, { usuarioId }),
    `historia-clinica.${formato}`,
  );

export const descargarCopiaPaciente = (pacienteId: number, formato: FormatoCopia) =>
  descargar(
    rellenarPath((formato === 'pdf' ? copiaHistoriaRutas.pdfPaciente : copiaHistoriaRutas.datosPaciente).path, {
      pacienteId,
    }),
    `historia-clinica.${formato}`,
  );
