import { describe, expect, it } from 'vitest';
import { cargaTrasPintar, CARGADOR } from './carga-tras-pintar.ts';
import { conCssCritico, sinPseudoFunciones } from './css-critico.ts';

const HOJAS: Record<string, string> = {
  '/assets/a.css':
    '@font-face{font-family:X;src:url(/assets/x.woff2)}' +
    ':root[data-mantine-color-scheme=light]{--c:#111}:root[data-mantine-color-scheme=dark]{--c:#eee}' +
    '.usada{color:var(--c)}.ausente{color:red}' +
    "[data-mantine-color-scheme='dark'] .usada{color:white}" +
    '.chip:where([data-checked]) .borde:not([data-disabled]){border:1px solid}',
  '/assets/b.css': '.tambien{margin:0}',
};

const PAGINA =
  '<!doctype html><html data-mantine-color-scheme="light"><head><title>t</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/a.css">' +
  '<link rel="modulepreload" crossorigin href="/assets/publico-1.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/b.css"></head>' +
  '<body><div id="root"><p class="usada">x</p><span class="chip"><i class="borde"></i></span><b class="tambien"></b></div></body></html>';

describe('critical CSS of a rendered page', () => {
  it('inlines the rules the markup uses, both colour schemes and every font face; defers the links in order', async () => {
    const html = await conCssCritico(PAGINA, (href) => HOJAS[href]);
    const estilo = /<style>(.*?)<\/style>/.exec(html)?.[1] ?? '';
    // Every font face and both schemes' variables; the rules of the classes on the page, in both schemes and behind
    // functional pseudo-classes (.borde); none of the rest.
    for (const regla of ['@font-face', '--c:#111', '--c:#eee']) expect(estilo).toContain(regla);
    for (const regla of ['.usada', "[data-mantine-color-scheme='dark'] .usada", '.borde', '.tambien'])
      expect(estilo).toContain(regla);
    expect(estilo).not.toContain('.ausente');
    // The markup itself is not re-serialised.
    expect(html).toContain('<div id="root"><p class="usada">x</p>');
    const enlaces = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)" media="print"/g)].map(
      (m) => m[1],
    );
    expect(enlaces).toEqual(['/assets/a.css', '/assets/b.css']);
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('/assets/a.css'));
    expect(html).toContain('<noscript><link rel="stylesheet" crossorigin href="/assets/a.css"></noscript>');
  });

  it('leaves the page as it was when a stylesheet cannot be read', async () => {
    expect(await conCssCritico(PAGINA, () => undefined)).toBe(PAGINA);
  });

  it('removes functional pseudo-classes with their parentheses, nested or not', () => {
    expect(sinPseudoFunciones('.a:where([x]) .b:not(:is(.c, .d))')).toBe('.a .b');
    expect(sinPseudoFunciones('.a:hover')).toBe('.a:hover');
  });

  it('requests the code and the deferred stylesheets from the loader, after the first paint', async () => {
    const html = cargaTrasPintar(await conCssCritico(PAGINA, (href) => HOJAS[href]));
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('media="print"');
    expect(html).toContain(
      `<script src="${CARGADOR}" defer data-entrada="/assets/index-1.js" data-precargas="/assets/publico-1.js" ` +
        'data-hojas="/assets/a.css /assets/b.css"></script>',
    );
  });
});
