// What a generated PDF says, for tests that check its content.
import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/** The text a PDF draws: each stream decoded by pdf-lib, the hex strings of its text operators decoded (WinAnsi). */
export async function textoDelPdf(pdf: Buffer): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const partes: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const contenido = Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1');
    for (const h of contenido.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      partes.push(Buffer.from(h[1]!, 'hex').toString('latin1'));
  }
  return partes.join('\n');
}

/** Every content stream of a PDF, decoded: its drawing operators (colours, paths, lines) as text. */
export async function contenidoDelPdf(pdf: Buffer): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const partes: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream) partes.push(Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1'));
  }
  return partes.join('\n');
}
