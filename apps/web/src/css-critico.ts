// Critical CSS of a server-rendered public page (issue 12.6; docs/decisions/0026-css-critico-en-linea.md).
//
// The page's stylesheets (Mantine's whole styles.css, the public shell's, the screen's: ~38 KB gzip) were
// render-blocking: a phone painted nothing until all of them had arrived. Here the rules that apply to the rendered
// markup are put inline in <head>, and the stylesheets themselves still load, unchanged and in the same order, but
// with media="print" (not render-blocking); the browser entry applies them all at once when all have arrived
// (app/hojas-diferidas.ts), before hydrating. The inline copies precede the links, so once the links apply the
// cascade is exactly the one without this step. Without JavaScript a <noscript> copy of each link applies them.
//
// The CSP needs nothing new: style-src already allows inline style elements (Mantine writes its CSS variables in one).
import Beasties from 'beasties';

/** Reads a stylesheet of the built web by its public path (`/assets/x.css`); undefined when there is none. */
export type LeerHoja = (href: string) => Promise<string | undefined> | string | undefined;

/** Attribute of the deferred links; the browser entry looks for it. Keep in step with app/hojas-diferidas.ts. */
export const ATRIBUTO_DIFERIDA = 'data-hoja-diferida';

/** A colour-scheme condition in a selector (`[data-mantine-color-scheme='dark']`, quoted or not). */
const ESQUEMA = /\[data-mantine-color-scheme=(['"]?)(?:dark|light)\1\]/g;

/**
 * `selector` without its functional pseudo-classes (`:where(…)`, `:not(…)`, `:is(…)`, `:has(…)`, nested or not):
 * a more general selector, so a rule is kept whenever its element is on the page. Beasties strips them with a greedy
 * pattern that, with two of them in one selector, also removes what lies between (`.a:where(x) .b:not(y)` became
 * empty and the rule was lost: Mantine's Chip borders).
 */
export function sinPseudoFunciones(selector: string): string {
  let salida = '';
  for (let i = 0; i < selector.length; i++) {
    const funcion = /^:[a-z-]+\(/i.exec(selector.slice(i));
    if (selector[i] === ':' && selector[i - 1] !== '\\' && funcion) {
      let nivel = 0;
      let j = i + funcion[0].length - 1;
      for (; j < selector.length; j++) {
        if (selector[j] === '(') nivel++;
        else if (selector[j] === ')' && --nivel === 0) break;
      }
      i = j;
      continue;
    }
    salida += selector[i];
  }
  return salida;
}

/** A selector whose subject is the root element (`:root[…]`, `html[…]`, no combinator). */
const RAIZ = /^(?::root|html)(?:\[[^\]]*\])*$/;

class Extractor extends Beasties {
  constructor(private readonly leer: LeerHoja) {
    super({
      logLevel: 'silent',
      // Only the linked stylesheets: the inline style elements in the body (Mantine's CSS variables) stay as they are.
      reduceInlineStyles: false,
      mergeStylesheets: true,
      // Font faces are added by conCssCritico (beasties cannot see which faces are used: the families come through
      // Mantine's CSS variables).
      inlineFonts: false,
      preloadFonts: false,
      keyframes: 'critical',
      compress: true,
    });
  }

  override getCssAsset(href: string): Promise<string | undefined> | string | undefined {
    return this.leer(href);
  }

  /**
   * Beasties keeps a rule when its selector (without pseudo-classes) matches the markup. The markup says
   * data-mantine-color-scheme="light" (the server cannot know the visitor's choice; the inline theme script sets it
   * before the first paint), so the dark scheme's rules would be dropped and a dark page would paint in light colours
   * until the stylesheets apply: a scheme condition is matched as "any scheme". Not in beasties' typings, but it is the
   * method `process` calls for every selector (beasties is pinned to an exact version in package.json).
   */
  normalizeCssSelector(selector: string): string {
    // A rule on the root element itself (Mantine's colour-scheme variables: `:root[data-mantine-color-scheme=light]`)
    // is always critical; beasties only matches below the root.
    if (RAIZ.test(selector)) return '*';
    const base = Beasties.prototype as unknown as { normalizeCssSelector(s: string): string };
    const general = sinPseudoFunciones(selector.replace(ESQUEMA, '[data-mantine-color-scheme]'));
    // Nothing left (`:where(body)`, `:is(h1, h2)`): kept, a rule that broad is about the whole page.
    if (general.trim() === '') return '*';
    return base.normalizeCssSelector.call(this, general);
  }
}

const STYLE_EN_HEAD = /<head>[\s\S]*?<style>([\s\S]*?)<\/style>[\s\S]*?<\/head>/;
/** A font face as Vite writes it (minified: no braces inside). */
const FUENTE = /@font-face\{[^{}]*\}/g;
const ENLACE = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;

/**
 * `html` with its critical CSS inline and its stylesheets deferred, or `html` unchanged when no stylesheet could be
 * read (the page then loads its CSS as before). Only the CSS is taken from beasties' output: the page's markup is
 * not re-serialised, so hydration sees exactly the markup React rendered.
 */
export async function conCssCritico(html: string, leer: LeerHoja): Promise<string> {
  const finCabeza = html.indexOf('</head>');
  if (finCabeza < 0) return html;
  const cabeza = html.slice(0, finCabeza);
  const enlaces = [...cabeza.matchAll(ENLACE)];
  if (enlaces.length === 0) return html;
  // A stylesheet that cannot be read would have no inline part: leave the page as it was.
  const hojas: string[] = [];
  for (const [, href] of enlaces) {
    const hoja = await leer(href!);
    if (!hoja) return html;
    hojas.push(hoja);
  }
  // Every @font-face rule, in order: without them the text would paint in a fallback font and change when the
  // stylesheets apply. A face is downloaded only when text uses it (and its unicode-range), so the unused ones cost
  // a few bytes of HTML, not requests; the first paint's faces are preloaded (vite.config.ts).
  const fuentes = hojas.flatMap((hoja) => hoja.match(FUENTE) ?? []).join('');
  const salida = await new Extractor(leer).process(html);
  const reglas = STYLE_EN_HEAD.exec(salida)?.[1];
  const critico = reglas && fuentes + reglas;
  if (!critico || critico.includes('</')) return html;
  let primero = true;
  const nuevaCabeza = cabeza.replace(ENLACE, (enlace, href: string) => {
    const diferido =
      `<link rel="stylesheet" crossorigin href="${href}" media="print" ${ATRIBUTO_DIFERIDA}>` +
      `<noscript>${enlace}</noscript>`;
    if (!primero) return diferido;
    primero = false;
    return `<style>${critico}</style>${diferido}`;
  });
  return nuevaCabeza + html.slice(finCabeza);
}
