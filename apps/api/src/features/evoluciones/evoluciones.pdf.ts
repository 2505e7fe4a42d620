// The prescription (fórmula médica) and the exam order of a signed note as PDF (issue 9, item 4; what they carry:
// Res. 1403 de 2007 and Decreto 2200 de 2005, issue 27.16), built once at signing with pdf-lib (pure JavaScript, decision 0011) and kept as private files. Standard fonts only: no font
// file to ship; their WinAnsi encoding covers Spanish, and anything it cannot print becomes '?'.
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { dibujarLogo } from '../../lib/logo-pdf.ts';
import { ACENTO, ANCHO, GRIS, MARGEN, PaginasPdf } from '../../lib/pdf-paginas.ts';
import { imprimible, partirLineas } from '../../lib/pdf-texto.ts';

export type DatosDocumento = {
  clinica: string;
  /** The clinic's address (CLINICA_DIRECCION): under its name on every page; without it, the name alone. */
  clinicaDireccion?: string | null | undefined;
  /** dd/mm/aaaa h:mm a. m., in the clinic's zone. */
  fechaFirma: string;
  firmadaEn: Date;
  evolucionId: number;
  citaId: number;
  hash: string;
  /** documento: 'Cédula de ciudadanía 80234567'; registro: the professional registration number (Res. 1403 de 2007). */
  doctor: { nombre: string; documento: string; registro: string };
  /** documento: the type spelled out and the number, 'Cédula de ciudadanía 1032456789'. */
  paciente: { nombre: string; documento: string };
};

/** The mark's side in the header, and where the clinic's name starts beside it. */
const LADO_LOGO_PT = 40;
const SANGRIA_ENCABEZADO = LADO_LOGO_PT + 12;

class Lienzo extends PaginasPdf<Lienzo> {
  constructor(doc: PDFDocument, normal: PDFFont, negrita: PDFFont, encabezado: (l: Lienzo) => void) {
    super(doc, normal, negrita, encabezado, 40);
  }

  /** The clinic's mark at the left margin, its top on the current line; returns where it ends (the line stays). */
  logo(lado: number): number {
    dibujarLogo(this.pagina, MARGEN, this.y, lado);
    return this.y - lado;
  }

  /** Moves the line down to `y` if it is above it (below the logo). */
  bajarA(y: number) {
    this.y = Math.min(this.y, y);
  }

  /** The line a printed copy is signed on, `ancho` points long from the left margin. */
  lineaFirma(ancho: number) {
    this.pagina.drawLine({
      start: { x: MARGEN, y: this.y },
      end: { x: MARGEN + ancho, y: this.y },
      thickness: 0.8,
      color: rgb(0, 0, 0),
    });
    this.y -= 14;
  }

  /** Word-wrapped text; a new page when the current one is full. Line breaks in the text are kept. */
  texto(t: string, o: { size?: number; negrita?: boolean; color?: ReturnType<typeof rgb>; sangria?: number } = {}) {
    const size = o.size ?? 11;
    const font = o.negrita ? this.negrita : this.normal;
    const x = MARGEN + (o.sangria ?? 0);
    const ancho = ANCHO - MARGEN - x;
    for (const parrafo of t.split(/\r?\n/))
      for (const l of partirLineas(parrafo, font, size, ancho)) {
        if (this.y - size < MARGEN + 40) this.nuevaPagina();
        this.pagina.drawText(l, { x, y: this.y - size, size, font, color: o.color ?? rgb(0, 0, 0) });
        this.y -= size * 1.4;
      }
  }

  espacio(puntos = 8) {
    this.y -= puntos;
  }

  raya() {
    this.pagina.drawLine({
      start: { x: MARGEN, y: this.y },
      end: { x: ANCHO - MARGEN, y: this.y },
      thickness: 0.8,
      color: ACENTO,
    });
    this.y -= 12;
  }

  get paginas() {
    return this.doc.getPages();
  }
}

async function documento(d: DatosDocumento, titulo: string, cuerpo: (l: Lienzo) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${titulo} - ${d.paciente.nombre}`);
  doc.setAuthor(d.doctor.nombre);
  doc.setCreator(d.clinica);
  doc.setProducer(d.clinica);
  doc.setSubject(`Nota de evolución ${d.evolucionId}`);
  // The signing instant, not the build time: the document says when it was signed.
  doc.setCreationDate(d.firmadaEn);
  doc.setModificationDate(d.firmadaEn);
  const normal = await doc.embedFont(StandardFonts.Helvetica);
  const negrita = await doc.embedFont(StandardFonts.HelveticaBold);
  // Res. 1403 de 2007 / Decreto 2200 de 2005: every page names the clinic (with its address and mark); the document
  // carries the patient's identity document and the prescriber's registration number, and ends on the line where a
  // printed copy is signed.
  const l = new Lienzo(doc, normal, negrita, (x) => {
    const bajoLogo = x.logo(LADO_LOGO_PT) - 6;
    x.texto(d.clinica, { size: 15, negrita: true, color: ACENTO, sangria: SANGRIA_ENCABEZADO });
    if (d.clinicaDireccion) x.texto(d.clinicaDireccion, { size: 9, color: GRIS, sangria: SANGRIA_ENCABEZADO });
    x.bajarA(bajoLogo);
    x.texto(titulo, { size: 13, negrita: true });
    x.raya();
  });
  l.texto(`Fecha: ${d.fechaFirma}`);
  l.texto(`Paciente: ${d.paciente.nombre}`);
  l.texto(`Documento de identidad: ${d.paciente.documento}`);
  l.texto(`Profesional: ${d.doctor.nombre} - Registro profesional ${d.doctor.registro}`);
  l.espacio();
  cuerpo(l);
  l.espacio(24);
  l.reservar(130);
  l.espacio(36);
  l.lineaFirma(240);
  l.texto(d.doctor.nombre, { negrita: true });
  l.texto(`Registro profesional: ${d.doctor.registro}`, { size: 10 });
  l.texto(`Documento de identidad: ${d.doctor.documento}`, { size: 10 });
  l.espacio(12);
  l.texto(`Firmado electrónicamente por ${d.doctor.nombre} el ${d.fechaFirma}`, { size: 9, color: GRIS });
  l.texto(`Nota de evolución n.º ${d.evolucionId} de la cita n.º ${d.citaId}. Huella SHA-256 de la nota:`, {
    size: 9,
    color: GRIS,
  });
  l.texto(d.hash, { size: 8, color: GRIS });
  const paginas = l.paginas;
  paginas.forEach((p, i) =>
    p.drawText(imprimible(`${d.clinica} - ${titulo} - página ${i + 1} de ${paginas.length}`), {
      x: MARGEN,
      y: MARGEN - 20,
      size: 8,
      font: normal,
      color: GRIS,
    }),
  );
  return doc.save();
}

export function generarReceta(
  d: DatosDocumento,
  formulas: readonly { nombre: string; dosis: string; frecuencia: string; duracion: string }[],
  indicaciones: string,
): Promise<Uint8Array> {
  return documento(d, 'Fórmula médica', (l) => {
    formulas.forEach((f, i) => {
      l.texto(`${i + 1}. ${f.nombre}`, { negrita: true });
      l.texto(`Dosis: ${f.dosis}. Frecuencia: ${f.frecuencia}. Duración: ${f.duracion}.`, { sangria: 14 });
      l.espacio(4);
    });
    if (indicaciones.trim()) {
      l.espacio();
      l.texto('Indicaciones', { negrita: true });
      l.texto(indicaciones);
    }
  });
}

export function generarOrdenExamenes(
  d: DatosDocumento,
  ordenes: readonly { examen: string; indicaciones: string }[],
): Promise<Uint8Array> {
  return documento(d, 'Orden de exámenes', (l) => {
    ordenes.forEach((o, i) => {
      l.texto(`${i + 1}. ${o.examen}`, { negrita: true });
      if (o.indicaciones.trim()) l.texto(o.indicaciones, { sangria: 14 });
      l.espacio(4);
    });
  });
}
