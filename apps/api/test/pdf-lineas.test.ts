// Line breaking of every PDF the API builds (lib/pdf-texto.ts, issue 21, item 2): the same lines as measuring each
// candidate line with pdf-lib, and a word of 50,000 characters without spaces is cut into full lines (its cost is
// measured by bench/pdf-palabras-largas.ts, never here).
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { imprimible, partirLineas } from '../src/lib/pdf-texto.ts';

let normal: PDFFont;
let negrita: PDFFont;
beforeAll(async () => {
  const doc = await PDFDocument.create();
  normal = await doc.embedFont(StandardFonts.Helvetica);
  negrita = await doc.embedFont(StandardFonts.HelveticaBold);
});

/** The earlier implementation, measuring whole candidate lines and shrinking prefixes: the reference for small texts. */
function referencia(t: string, font: PDFFont, size: number, ancho: number, primera = ancho): string[] {
  const lineas: string[] = [];
  let linea = '';
  const limite = () => (lineas.length ? ancho : primera);
  for (const p of imprimible(t).split(' ')) {
    const prueba = linea ? `${linea} ${p}` : p;
    if (font.widthOfTextAtSize(prueba, size) <= limite()) {
      linea = prueba;
      continue;
    }
    if (linea) lineas.push(linea);
    let resto = p;
    while (font.widthOfTextAtSize(resto, size) > limite()) {
      let n = resto.length;
      while (n > 1 && font.widthOfTextAtSize(resto.slice(0, n), size) > limite()) n--;
      lineas.push(resto.slice(0, n));
      resto = resto.slice(n);
    }
    linea = resto;
  }
  lineas.push(linea);
  return lineas;
}

/** Deterministic pseudo-random text: words of 0-40 characters (kerning pairs such as AV, To, y.), single and double spaces. */
function textoAleatorio(semilla: number, palabras: number): string {
  let s = semilla;
  const azar = (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
  const letras = 'AVToWaYy.,áéñÑ¿?mwil1 0—€';
  return Array.from({ length: palabras }, () =>
    Array.from({ length: azar(41) }, () => letras[azar(letras.length)]).join(''),
  ).join(azar(5) ? ' ' : '  ');
}

describe('partirLineas', () => {
  it('gives the lines of the earlier measurement, kerning and a narrower first line included', () => {
    for (let semilla = 1; semilla <= 60; semilla++) {
      const texto = textoAleatorio(semilla, 30);
      const font = semilla % 2 ? normal : negrita;
      const size = [8, 9, 10, 10.5, 11, 13][semilla % 6]!;
      const ancho = 120 + (semilla % 7) * 50;
      const primera = semilla % 3 ? ancho : ancho - 60;
      expect(partirLineas(texto, font, size, ancho, primera)).toEqual(referencia(texto, font, size, ancho, primera));
    }
    expect(partirLineas('', normal, 10, 200)).toEqual(['']);
    expect(partirLineas('Hola   mundo', normal, 10, 200)).toEqual(['Hola   mundo']);
  });

  it('cuts a word of 50,000 characters without spaces into full lines, in order', () => {
    const palabra = 'hiperpigmentacion'.repeat(3000).slice(0, 50_000);
    const ancho = 500;
    const lineas = partirLineas(`Hallazgos: ${palabra} fin`, normal, 10, ancho);
    expect(lineas[0]).toBe('Hallazgos:');
    expect(lineas.at(-1)!.endsWith(' fin')).toBe(true);
    expect(lineas.slice(1).join('')).toBe(`${palabra} fin`);
    for (const [i, l] of lineas.entries()) {
      expect(normal.widthOfTextAtSize(l, 10)).toBeLessThanOrEqual(ancho);
      // Each cut line is full: one more character would not fit.
      if (i > 0 && i < lineas.length - 1) {
        const siguiente = lineas[i + 1]![0]!;
        expect(normal.widthOfTextAtSize(l + siguiente, 10)).toBeGreaterThan(ancho);
      }
    }
    // About 90 characters of this word fit in 500 points at 10 points.
    expect(lineas.length).toBeGreaterThan(50_000 / 110);
    expect(lineas.length).toBeLessThan(50_000 / 70);
  });

  it('a line too narrow for any character still takes one per line', () => {
    expect(partirLineas('mmm', normal, 10, 1)).toEqual(['m', 'm', 'm']);
  });
});
