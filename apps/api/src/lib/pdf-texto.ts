// Text that pdf-lib's standard fonts can draw (WinAnsi): one line, printable characters only; anything else
// becomes '?'. Every PDF the API builds (clinical notes, consents, the patient's copy; decision 0012) uses it.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function imprimible(s: string): string {
  let r = '';
  for (const ch of s.normalize('NFC')) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch)) r += ch;
    else if (c === 0x09) r += ' ';
    else r += '?';
  }
  return r;
}

/** What line breaking needs of a font: pdf-lib's PDFFont. */
export type FuenteMedible = { widthOfTextAtSize(texto: string, size: number): number };

/** Widths in font units (pdf-lib measures at size 1000 in whole units) of single characters and pairs, per font. */
const unidadesPorFuente = new WeakMap<FuenteMedible, Map<string, number>>();

function medidor(font: FuenteMedible) {
  let cache = unidadesPorFuente.get(font);
  if (!cache) unidadesPorFuente.set(font, (cache = new Map()));
  const unidades = (s: string) => {
    let w = cache.get(s);
    if (w === undefined) cache.set(s, (w = font.widthOfTextAtSize(s, 1000)));
    return w;
  };
  // pdf-lib adds the kerning of each adjacent pair: the width of "ab" less the widths of "a" and "b".
  const kerning = (a: string, b: string) => unidades(a + b) - unidades(a) - unidades(b);
  return { unidades, kerning };
}

/**
 * Splits one paragraph into lines no wider than `ancho` points (the first line may have another width, `primera`):
 * words go on a line while they fit; a word wider than a line is cut where it stops fitting (at least one
 * character per line). The result is the same as measuring each candidate line with pdf-lib, but widths are
 * added up character by character, so the work is linear in the text's length: measuring ever shorter prefixes of
 * a long word without spaces was quadratic and held the event loop for seconds (issue 21, item 2).
 */
export function partirLineas(t: string, font: FuenteMedible, size: number, ancho: number, primera = ancho): string[] {
  const { unidades, kerning } = medidor(font);
  const escala = size / 1000;
  const lineas: string[] = [];
  // pdf-lib's width of a text at `size` is its width in units times size / 1000: the same product, the same floats.
  const cabe = (u: number) => u * escala <= (lineas.length ? ancho : primera);
  const anchoDe = (p: string) => {
    let u = 0;
    for (let i = 0; i < p.length; i++) u += unidades(p[i]!) + (i ? kerning(p[i - 1]!, p[i]!) : 0);
    return u;
  };
  const espacio = unidades(' ');
  let linea = '';
  let anchoLinea = 0;
  for (const p of imprimible(t).split(' ')) {
    const anchoPalabra = anchoDe(p);
    const conPalabra = linea
      ? anchoLinea + kerning(linea.at(-1)!, ' ') + espacio + (p ? kerning(' ', p[0]!) + anchoPalabra : 0)
      : anchoPalabra;
    if (cabe(conPalabra)) {
      linea = linea ? `${linea} ${p}` : p;
      anchoLinea = conPalabra;
      continue;
    }
    if (linea) lineas.push(linea);
    // The word alone: cut it wherever the next character would not fit.
    let inicio = 0;
    let u = 0;
    for (let i = 0; i < p.length; i++) {
      const c = p[i]!;
      const conC = i > inicio ? u + kerning(p[i - 1]!, c) + unidades(c) : unidades(c);
      if (i > inicio && !cabe(conC)) {
        lineas.push(p.slice(inicio, i));
        inicio = i;
        u = unidades(c);
      } else u = conC;
    }
    linea = p.slice(inicio);
    anchoLinea = u;
  }
  lineas.push(linea);
  return lineas;
}
