// The "Recibo de caja" of an approved payment (issue 23, item 5) as one PDF page, built on request on a PDF worker
// (lib/pdf-pool.ts) and never stored: the payment's row is the record, the receipt its printout. What it carries:
// the clinic's name, NIT and address, the receipt number, the date in the clinic's zone, who paid (name and
// document), the concept, the method, the amount in figures and in words, and who registered it. A voided payment's
// receipt says ANULADO across it, with when, by whom and why. Standard fonts (WinAnsi covers Spanish).
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { numeroRecibo } from '@clinica/contracts/pagos';
import { dibujarLogo } from '../../lib/logo-pdf.ts';
import { ACENTO, ALTO, ANCHO, GRIS, MARGEN, NEGRO } from '../../lib/pdf-paginas.ts';
import { imprimible, partirLineas } from '../../lib/pdf-texto.ts';

/** Everything already formatted by the service (the worker only lays it out; it survives structured cloning). */
export type DatosRecibo = {
  clinica: { nombre: string; nit: string | null; direccion: string | null };
  numero: number;
  /** dd/mm/aaaa h:mm a. m., in the clinic's zone. */
  fecha: string;
  registradoEn: Date;
  paciente: { nombre: string; documento: string };
  concepto: string;
  metodo: string;
  referencia: string | null;
  /** '$ 1.200.000'. */
  valor: string;
  /** 'un millón doscientos mil pesos m/cte'. */
  enLetras: string;
  registradoPor: string;
  anulacion: { fecha: string; por: string; motivo: string } | null;
};

const LADO_LOGO_PT = 40;
const ROJO = rgb(0.75, 0.1, 0.1);
const ANCHO_ROTULO = 120;

/** A top-down writer of one page: lines of wrapped text and "label: value" rows. */
class Hoja {
  y = ALTO - MARGEN;
  constructor(
    readonly pagina: PDFPage,
    readonly normal: PDFFont,
    readonly negrita: PDFFont,
  ) {}

  linea(t: string, o: { x?: number; size?: number; negrita?: boolean; color?: ReturnType<typeof rgb> } = {}) {
    const size = o.size ?? 11;
    const font = o.negrita ? this.negrita : this.normal;
    const x = o.x ?? MARGEN;
    for (const l of partirLineas(t, font, size, ANCHO - MARGEN - x)) {
      this.pagina.drawText(l, { x, y: this.y - size, size, font, color: o.color ?? NEGRO });
      this.y -= size * 1.45;
    }
  }

  /** A row: the label in grey on the left, the value wrapping in its own column. */
  fila(rotulo: string, valor: string, o: { negrita?: boolean; size?: number } = {}) {
    const size = o.size ?? 11;
    this.pagina.drawText(imprimible(rotulo), { x: MARGEN, y: this.y - size, size: 10, font: this.normal, color: GRIS });
    this.linea(valor, { x: MARGEN + ANCHO_ROTULO, size, negrita: !!o.negrita });
    this.y -= 4;
  }

  raya() {
    this.y -= 4;
    this.pagina.drawLine({
      start: { x: MARGEN, y: this.y },
      end: { x: ANCHO - MARGEN, y: this.y },
      thickness: 0.8,
      color: ACENTO,
    });
    this.y -= 14;
  }
}

/** The receipt number as printed: six digits at least (000123). */

/** The first letter in capitals: the amount in words opens its line. */
const mayuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function encabezado(h: Hoja, d: DatosRecibo) {
  dibujarLogo(h.pagina, MARGEN, h.y, LADO_LOGO_PT);
  const x = MARGEN + LADO_LOGO_PT + 12;
  h.linea(d.clinica.nombre, { x, size: 15, negrita: true, color: ACENTO });
  h.linea(d.clinica.nit ? `NIT ${d.clinica.nit}` : 'NIT sin registrar', { x, size: 9, color: GRIS });
  if (d.clinica.direccion) h.linea(d.clinica.direccion, { x, size: 9, color: GRIS });
  h.y = Math.min(h.y, ALTO - MARGEN - LADO_LOGO_PT) - 10;
  const titulo = 'RECIBO DE CAJA';
  const numero = `N.º ${numeroRecibo(d.numero)}`;
  const derecha = (t: string, size: number, font: PDFFont) => ANCHO - MARGEN - font.widthOfTextAtSize(t, size);
  h.pagina.drawText(titulo, { x: MARGEN, y: h.y - 14, size: 14, font: h.negrita, color: NEGRO });
  h.pagina.drawText(numero, { x: derecha(numero, 14, h.negrita), y: h.y - 14, size: 14, font: h.negrita, color: ROJO });
  h.y -= 22;
  h.linea(`Fecha: ${d.fecha}`, { size: 10 });
  h.raya();
}

/** ANULADO across the receipt, and the void's when, who and why under it. */
function sello(h: Hoja, d: DatosRecibo) {
  if (!d.anulacion) return;
  h.pagina.drawText('ANULADO', {
    x: ANCHO / 2 - 150,
    y: ALTO / 2 + 60,
    size: 72,
    font: h.negrita,
    color: ROJO,
    opacity: 0.35,
    rotate: degrees(25),
  });
  h.y -= 6;
  h.linea('ANULADO', { size: 14, negrita: true, color: ROJO });
  h.linea(`Anulado el ${d.anulacion.fecha} por ${d.anulacion.por}.`, { size: 10, color: ROJO });
  h.linea(`Motivo: ${d.anulacion.motivo}`, { size: 10, color: ROJO });
}

export async function generarRecibo(d: DatosRecibo): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Recibo de caja ${numeroRecibo(d.numero)} - ${d.paciente.nombre}`);
  doc.setAuthor(d.clinica.nombre);
  doc.setCreator(d.clinica.nombre);
  doc.setProducer(d.clinica.nombre);
  doc.setSubject(d.anulacion ? 'Recibo de caja (ANULADO)' : 'Recibo de caja');
  // The payment's instant: the same receipt twice is the same document.
  doc.setCreationDate(d.registradoEn);
  doc.setModificationDate(d.registradoEn);
  const normal = await doc.embedFont(StandardFonts.Helvetica);
  const negrita = await doc.embedFont(StandardFonts.HelveticaBold);
  const h = new Hoja(doc.addPage([ANCHO, ALTO]), normal, negrita);

  encabezado(h, d);
  h.fila('Recibido de', d.paciente.nombre, { negrita: true });
  h.fila('Documento', d.paciente.documento);
  h.fila('Concepto', d.concepto);
  h.fila('Forma de pago', d.referencia ? `${d.metodo} (referencia ${d.referencia})` : d.metodo);
  h.fila('Valor', d.valor, { negrita: true, size: 14 });
  h.fila('La suma de', mayuscula(d.enLetras));
  h.fila('Registrado por', d.registradoPor);
  h.raya();
  sello(h, d);
  h.linea('Este recibo no es una factura electrónica de venta.', { size: 8, color: GRIS });
  return doc.save();
}
