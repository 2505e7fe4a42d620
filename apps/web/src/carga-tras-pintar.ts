// Server-rendered public pages (entrada-servidor.tsx): the entry module, its preloads and the deferred stylesheets
// are requested by public/arranque-tras-pintar.js once the page has painted, instead of competing with the first
// paint for a phone's connection (issue 12.6; docs/decisions/0026-css-critico-en-linea.md).

const ENTRADA = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\s*/;
const PRECARGA = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\s*/g;
/** Written by css-critico.ts. */
const HOJA = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)" media="print" data-hoja-diferida>/g;

/** The public path of the loader (apps/web/public/). */
export const CARGADOR = '/arranque-tras-pintar.js';

/** `html` with its code loaded after the first paint, or unchanged when it has no entry module to defer. */
export function cargaTrasPintar(html: string): string {
  const finCabeza = html.indexOf('</head>');
  if (finCabeza < 0) return html;
  let cabeza = html.slice(0, finCabeza);
  const entrada = ENTRADA.exec(cabeza)?.[1];
  if (!entrada) return html;
  const precargas = [...cabeza.matchAll(PRECARGA)].map((m) => m[1]!);
  const hojas = [...cabeza.matchAll(HOJA)].map((m) => m[1]!);
  cabeza = cabeza.replace(ENTRADA, '').replace(PRECARGA, '').replace(HOJA, '');
  const cargador =
    `<script src="${CARGADOR}" defer data-entrada="${entrada}" data-precargas="${precargas.join(' ')}" ` +
    `data-hojas="${hojas.join(' ')}"></script>`;
  return `${cabeza}${cargador}${html.slice(finCabeza)}`;
}
