// The prescription (fórmula médica) and the exam order of a signed note as PDF (issue 9, item 4), built once at
// signing with pdf-lib (pure JavaScript, decision 0011) and kept as private files. Standard fonts only: no font
// file to ship; their WinAnsi encoding covers Spanish, and anything it cannot print becomes '?'.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { imprimible, partirLineas } from '../../lib/pdf-texto.ts';

export type DatosDocumento = {
  clinica: string;
  /** dd/mm/aaaa h:mm a. m., in the clinic's zone. */
  fechaFirma: string;
  firmadaEn: Date;
  evolucionId: number;
  citaId: number;
  hash: string;
  doctor: { nombre: string; documento: string };
  paciente: { nombre: string; documento: string };
};

const ANCHO = 612; // US Letter (carta), the usual paper in Colombian clinics
const ALTO = 792;
const MARGEN = 56;
const GRIS = rgb(0.35, 0.35, 0.35);
const ACENTO = rgb(0.1, 0.3, 0.45);

class Lienzo {
  private pagina!: PDFPage;
  private y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly normal: PDFFont,
    private readonly negrita: PDFFont,
    private readonly encabezado: (l: Lienzo) => void,
  ) {
    this.nuevaPagina();
  }

  nuevaPagina() {
    this.pagina = this.doc.addPage([ANCHO, ALTO]);
    this.y = ALTO - MARGEN;
    this.encabezado(this);
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
  const l = new Lienzo(doc, normal, negrita, (x) => {
    x.texto(d.clinica, { size: 16, negrita: true, color: ACENTO });
    x.texto(titulo, { size: 13, negrita: true });
    x.raya();
  });
  l.texto(`Fecha: ${d.fechaFirma}`);
  l.texto(`Paciente: ${d.paciente.nombre} - ${d.paciente.documento}`);
  l.texto(`Profesional: ${d.doctor.nombre} - ${d.doctor.documento}`);
  l.espacio();
  cuerpo(l);
  l.espacio(24);
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
