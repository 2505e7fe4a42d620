// The public pages /inicio, /servicios and /servicios/:id rendered here, with the clinic's real catalogue, so a
// phone paints them from HTML before any JavaScript has run; the browser then hydrates them into the SPA
// (docs/decisions/0022-paginas-publicas-prerenderizadas.md).
//
// The renderer is the web's own server entry (apps/web/src/entrada-servidor.tsx, built into apps/web/dist-servidor/).
// It reads the catalogue through `app.inject` on the public catalogue routes, so it gets exactly the bytes an
// anonymous visitor's browser would get (same allow-list, served from the in-memory catalogue, decision 0013).
// A rendered page is kept per catalogue version: while nothing changes, a request costs a map lookup; a staff change
// empties the catalogue cache, which changes its version, and the next request renders again. Pages are kept only
// while the catalogue cache is on (its notices flow); when it is off every request renders.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { codificacionAceptada } from '../features/catalogo/catalogo-cache.ts';

export type Transporte = (url: string, init: RequestInit) => Promise<Response>;
/** Vite's client manifest, for the screen's CSS and modules in the page's <head>. */
export type Manifiesto = Record<string, { file: string; css?: string[]; imports?: string[] }>;
/** A stylesheet of the built web by its public path (`/assets/x.css`), for the page's inline critical CSS. */
export type LeerHoja = (href: string) => Promise<string | undefined> | string | undefined;
export type Renderizador = (
  plantilla: string,
  url: string,
  transporte: Transporte,
  manifiesto?: Manifiesto,
  leerHoja?: LeerHoja,
) => Promise<string | null>;
/** What the pages depend on: the catalogue cache's version and whether it is trustworthy now. */
export type VersionCatalogo = { readonly activa: boolean; readonly version: number };
/** One injected GET: status, content type and body. */
export type Inyectar = (url: string) => Promise<{ status: number; tipo: string | undefined; cuerpo: Buffer }>;

export const MAX_PAGINAS = 200;
const ID = /^[1-9]\d{0,8}$/;

/**
 * The page to render for a request URL, or null when it is not one of the server-rendered pages. Only the query
 * parameters the screens read, in a small space: /inicio ignores its query (campaign tags), /servicios renders its
 * category and page filters but leaves a free-text search to the browser (a visitor-chosen key for every request
 * would make each one a render), and a detail renders without a query.
 */
export function paginaPrerenderizable(url: string): string | null {
  const signo = url.indexOf('?');
  const ruta = signo < 0 ? url : url.slice(0, signo);
  const consulta = signo < 0 ? '' : url.slice(signo + 1);
  if (ruta === '/inicio') return '/inicio';
  if (ruta === '/servicios') {
    const params = new URLSearchParams(consulta);
    const normal = new URLSearchParams();
    for (const [clave, valor] of params) {
      if ((clave !== 'categoria' && clave !== 'pagina') || !ID.test(valor) || normal.has(clave)) return null;
      normal.set(clave, valor);
    }
    normal.sort();
    const q = normal.toString();
    return q ? `/servicios?${q}` : '/servicios';
  }
  if (/^\/servicios\/[1-9]\d{0,8}$/.test(ruta) && consulta === '') return ruta;
  return null;
}

/** `anio`: the footer shows the current year, so a page rendered last year is rendered again. */
type Pagina = { version: number; anio: number; html: Buffer | null; hash: string; br?: Buffer; gzip?: Buffer };
export type PaginaLista = {
  cuerpo: Buffer;
  codificacion: 'br' | 'gzip' | undefined;
  /** Strong validator of this representation (one per encoding, as the catalogue's: decision 0013). */
  etag: string;
  /** True when `If-None-Match` names this page (any encoding): answer 304 without a body. */
  noModificada: boolean;
};

const SUFIJO = { br: '-br', gzip: '-gz' } as const;

/** If-None-Match against the page's tags (weak comparison, as RFC 9110 asks for this header), or `*`. */
function coincide(cabecera: string | undefined, hash: string): boolean {
  if (!cabecera) return false;
  return cabecera.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${hash}"` || tag === `"${hash}-br"` || tag === `"${hash}-gz"`;
  });
}

export function crearPaginasPublicas(opts: {
  plantilla: string;
  manifiesto?: Manifiesto;
  leerHoja?: LeerHoja;
  renderizar: Renderizador;
  catalogo: VersionCatalogo;
  inyectar: Inyectar;
  log: { warn(o: object, m: string): void };
  maxPaginas?: number;
}) {
  const max = opts.maxPaginas ?? MAX_PAGINAS;
  const paginas = new Map<string, Pagina>();
  const enCurso = new Map<string, Promise<Pagina>>();

  async function renderizar(clave: string, version: number): Promise<Pagina> {
    // A read that failed on the server's side (5xx, the database down) must not leave the shell in place until the
    // next catalogue change: such a result is used for this request only.
    let fallo = false;
    const transporte: Transporte = async (url, init) => {
      if ((init.method ?? 'GET') !== 'GET') throw new Error('El renderizado del servidor solo lee');
      const destino = new URL(url, 'http://clinica.invalid');
      const r = await opts.inyectar(destino.pathname + destino.search);
      if (r.status >= 500) fallo = true;
      const vacio = r.status === 204 || r.status === 304;
      return new Response(vacio ? null : new Uint8Array(r.cuerpo), {
        status: r.status,
        headers: r.tipo ? { 'content-type': r.tipo } : {},
      });
    };
    let html: string | null = null;
    try {
      html = await opts.renderizar(opts.plantilla, clave, transporte, opts.manifiesto, opts.leerHoja);
    } catch (error) {
      fallo = true;
      opts.log.warn(
        { err: error, pagina: clave },
        'no se pudo renderizar la página pública; se envía la web sin datos',
      );
    }
    const cuerpo = html === null ? null : Buffer.from(html);
    const hash = cuerpo ? createHash('sha256').update(cuerpo).digest('base64url').slice(0, 32) : '';
    const pagina: Pagina = { version, anio: new Date().getFullYear(), html: cuerpo, hash };
    const c = opts.catalogo;
    if (!fallo && c.activa && c.version === version) {
      paginas.delete(clave);
      paginas.set(clave, pagina);
      while (paginas.size > max) {
        const vieja = paginas.keys().next();
        if (vieja.done) break;
        paginas.delete(vieja.value);
      }
    }
    return pagina;
  }

  return {
    get tamano() {
      return paginas.size;
    },
    /**
     * The rendered page for `clave` (from paginaPrerenderizable) in the encoding the client accepts, or null: send
     * index.html, the browser renders the page as for any other route.
     */
    async obtener(
      clave: string,
      aceptaCodificacion: string | undefined,
      siNoCoincide?: string,
    ): Promise<PaginaLista | null> {
      const version = opts.catalogo.version;
      let pagina = opts.catalogo.activa ? paginas.get(clave) : undefined;
      if (pagina && pagina.version === version && pagina.anio === new Date().getFullYear()) {
        paginas.delete(clave);
        paginas.set(clave, pagina);
      } else {
        // Simultaneous first requests share one render.
        const id = `${version} ${clave}`;
        let promesa = enCurso.get(id);
        if (!promesa) {
          promesa = renderizar(clave, version).finally(() => enCurso.delete(id));
          enCurso.set(id, promesa);
        }
        pagina = await promesa;
      }
      if (!pagina.html) return null;
      const codificacion = codificacionAceptada(aceptaCodificacion);
      const etag = `"${pagina.hash}${codificacion ? SUFIJO[codificacion] : ''}"`;
      const noModificada = coincide(siNoCoincide, pagina.hash);
      if (codificacion === 'br') {
        pagina.br ??= brotliCompressSync(pagina.html, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: pagina.html.length },
        });
        return { cuerpo: pagina.br, codificacion, etag, noModificada };
      }
      if (codificacion === 'gzip') {
        pagina.gzip ??= gzipSync(pagina.html, { level: 6 });
        return { cuerpo: pagina.gzip, codificacion, etag, noModificada };
      }
      return { cuerpo: pagina.html, codificacion: undefined, etag, noModificada };
    },
  };
}
