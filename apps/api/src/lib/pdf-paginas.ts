// What the clinic's generated PDFs (a note's prescription and exam order, the record copy) share: US Letter pages
// with the same margin and colours, a header drawn on every new page, and a band kept free for the footer.
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

export const ANCHO = 612; // US Letter (carta), the usual paper in Colombian clinics
export const ALTO = 792;
export const MARGEN = 56;
export const NEGRO = rgb(0, 0, 0);
export const GRIS = rgb(0.35, 0.35, 0.35);
export const ACENTO = rgb(0.1, 0.3, 0.45);

/** A flowing page writer's pages: `P` is the writer itself, handed to the header on every new page. */
export class PaginasPdf<P> {
  protected pagina!: PDFPage;
  protected y = 0;
  constructor(
    protected readonly doc: PDFDocument,
    protected readonly normal: PDFFont,
    protected readonly negrita: PDFFont,
    private readonly encabezado: (p: P) => void,
    /** Points above the bottom margin kept for the footer. */
    private readonly pie: number,
  ) {
    this.nuevaPagina();
  }

  nuevaPagina() {
    this.pagina = this.doc.addPage([ANCHO, ALTO]);
    this.y = ALTO - MARGEN;
    // The subclass is the writer the header draws with.
    this.encabezado(this as unknown as P);
  }

  /** Room for `puntos` more above the footer, or a new page (a block that must stay together). */
  reservar(puntos: number) {
    if (this.y - puntos < MARGEN + this.pie) this.nuevaPagina();
  }
}
