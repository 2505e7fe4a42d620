// The signed informed consent as a PDF (issue 9, item 5), built once at signing with pdf-lib and kept as a
// private file whose SHA-256 the consent row records: the exact text shown, the patient's answers, the drawn
// signature and where and when it was signed. Standard fonts only (see evoluciones.pdf.ts).
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { imprimible, partirLineas } from '../../lib/pdf-texto.ts';

export type DatosConsentimientoPdf = {
  clinica: string;
  /** dd/mm/aaaa h:mm a. m., in the clinic's zone. */
  fechaFirma: string;
  firmadoEn: Date;
  citaId: number;
  fechaCita: string;
  procedimiento: string;
  plantillaVersion: number;
  texto: string;
  aceptaFotos: boolean;
  paciente: { nombre: string; documento: string };
  doctor: { nombre: string };
  ip: string;
  dispositivo: string;
  firmaPng: Uint8Array;
  /** Who handed the patient the device (the desk or the appointment's doctor); null when she signed in her own session. */
  presentadoPor?: string | null;
};

const ANCHO = 612;
const ALTO = 792;
const MARGEN = 56;
const GRIS = rgb(0.35, 0.35, 0.35);
const ACENTO = rgb(0.1, 0.3, 0.45);

export async function generarConsentimiento(d: DatosConsentimientoPdf): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const titulo = 'Consentimiento informado';
  doc.setTitle(imprimible(`${titulo} - ${d.procedimiento} - ${d.paciente.nombre}`));
  doc.setAuthor(imprimible(d.paciente.nombre));
  doc.setCreator(imprimible(d.clinica));
  doc.setProducer(imprimible(d.clinica));
  doc.setSubject(imprimible(`Cita ${d.citaId}; plantilla versión ${d.plantillaVersion}`));
  doc.setKeywords(['consentimiento informado', `cita ${d.citaId}`, `version ${d.plantillaVersion}`]);
  doc.setCreationDate(d.firmadoEn);
  doc.setModificationDate(d.firmadoEn);
  const normal = await doc.embedFont(StandardFonts.Helvetica);
  const negrita = await doc.embedFont(StandardFonts.HelveticaBold);
  const firma = await doc.embedPng(d.firmaPng);

  let pagina = doc.addPage([ANCHO, ALTO]);
  let y = ALTO - MARGEN;
  const nueva = () => {
    pagina = doc.addPage([ANCHO, ALTO]);
    y = ALTO - MARGEN;
  };
  const texto = (t: string, o: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {}) => {
    const size = o.size ?? 10.5;
    const font = o.bold ? negrita : normal;
    const ancho = ANCHO - 2 * MARGEN;
    const escribir = (l: string) => {
      if (y - size < MARGEN + 20) nueva();
      pagina.drawText(l, { x: MARGEN, y: y - size, size, font, color: o.color ?? rgb(0, 0, 0) });
      y -= size * 1.4;
    };
    for (const parrafo of t.split(/\r?\n/)) for (const l of partirLineas(parrafo, font, size, ancho)) escribir(l);
  };

  texto(d.clinica, { size: 16, bold: true, color: ACENTO });
  texto(titulo, { size: 13, bold: true });
  y -= 6;
  texto(`Paciente: ${d.paciente.nombre} - ${d.paciente.documento}`);
  texto(`Procedimiento: ${d.procedimiento}`);
  texto(`Profesional: ${d.doctor.nombre}. Cita n.º ${d.citaId} del ${d.fechaCita}`);
  texto(`Texto de la plantilla, versión ${d.plantillaVersion}:`, { bold: true });
  y -= 4;
  texto(d.texto);
  y -= 10;
  texto('Declaro que leí y entiendo este consentimiento, que pude hacer preguntas y que acepto el procedimiento.', {
    bold: true,
  });
  texto(
    d.aceptaFotos
      ? 'Autorizo las fotografías clínicas (antes y después) de la zona tratada, de uso privado en mi historia clínica.'
      : 'No autorizo fotografías clínicas.',
  );
  y -= 8;
  const alto = 80;
  const escala = Math.min(220 / firma.width, alto / firma.height, 1);
  if (y - alto - 60 < MARGEN) nueva();
  texto('Firma de la paciente o el paciente:', { bold: true });
  pagina.drawImage(firma, {
    x: MARGEN,
    y: y - firma.height * escala,
    width: firma.width * escala,
    height: firma.height * escala,
  });
  y -= alto + 6;
  pagina.drawLine({ start: { x: MARGEN, y }, end: { x: MARGEN + 240, y }, thickness: 0.6, color: GRIS });
  y -= 4;
  texto(d.paciente.nombre, { size: 9 });
  y -= 8;
  texto(`Firmado electrónicamente el ${d.fechaFirma} desde la dirección IP ${d.ip}.`, { size: 8.5, color: GRIS });
  texto(`Dispositivo: ${d.dispositivo}`, { size: 8, color: GRIS });
  if (d.presentadoPor) texto(`Presentado para la firma por ${d.presentadoPor}.`, { size: 8, color: GRIS });
  const paginas = doc.getPages();
  paginas.forEach((p, i) =>
    p.drawText(imprimible(`${d.clinica} - ${titulo} - cita ${d.citaId} - página ${i + 1} de ${paginas.length}`), {
      x: MARGEN,
      y: MARGEN - 24,
      size: 8,
      font: normal,
      color: GRIS,
    }),
  );
  return doc.save();
}
