// The public catalogue served from memory (docs/decisions/0013-catalogo-en-memoria.md).
//
// Anonymous reads of categories and procedures (lists and details) keep the serialized body, produced by the
// route's own serializer, so the bytes are exactly what the route would send; its gzip/brotli copies are made
// on first demand. Entries are keyed by the normalised query and bounded (entries and bytes, least recently
// used dropped first): the query space is the visitor's.
//
// Invalidation: every catalogue write runs `avisarCambioCatalogo()` inside its transaction (a NOTIFY, delivered only if it
// commits) and `invalidar()` right after the commit. Every instance LISTENs (db/avisos.ts) and empties its
// cache on each notice; while its listening connection is down (notices may be missed) the cache is off and
// every read goes to the database, and it starts empty when listening resumes. A generation counter keeps a
// read that was in flight during a change from storing its (older) body.
//
// HTTP: a strong ETag (hash of the body; one per encoding), 304 for If-None-Match, `Cache-Control: public,
// max-age=60` and `Vary: Accept-Encoding, Authorization`. Signed-in users never come here: their reads stay
// as before (staff see inactive rows) with `no-store` (plugins/auth.ts).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Avisos } from '../../db/avisos.ts';

export const CANAL_CATALOGO = 'catalogo_cambio';

/** A browser (or proxy) may reuse a public catalogue response this long without asking; then it revalidates. */
export const CACHE_CONTROL_CATALOGO = 'public, max-age=60';
export const MAX_ENTRADAS = 500;
/** Bodies plus their compressed copies. */
export const MAX_BYTES = 16 * 1024 * 1024;
/** Smaller bodies are sent as they are: compressing them saves less than the header costs. */
const MIN_COMPRIMIR = 1024;

type Codificacion = 'br' | 'gzip';
type Entrada = { json: Buffer; hash: string; br?: Buffer; gzip?: Buffer; bytes: number };

/** The encoding to send: brotli, then gzip, if the client accepts it (q > 0); otherwise none. */
export function codificacionAceptada(cabecera: string | undefined): Codificacion | undefined {
  if (!cabecera) return undefined;
  const q = new Map<string, number>();
  for (const parte of cabecera.split(',')) {
    const [nombre = '', ...params] = parte.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const valor = qp ? Number(qp.slice(2)) : 1;
    q.set(nombre.trim(), Number.isFinite(valor) ? valor : 0);
  }
  const acepta = (c: string) => (q.get(c) ?? q.get('*') ?? 0) > 0;
  if (acepta('br')) return 'br';
  if (acepta('gzip')) return 'gzip';
  return undefined;
}

const SUFIJO: Record<Codificacion, string> = { br: '-br', gzip: '-gz' };
const etagDe = (hash: string, cod: Codificacion | undefined) => `"${hash}${cod ? SUFIJO[cod] : ''}"`;

/** If-None-Match (weak comparison, as RFC 9110 asks): any of the body's tags, in any encoding, or `*`. */
function coincide(cabecera: string | undefined, hash: string): boolean {
  if (!cabecera) return false;
  return cabecera.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === `"${hash}"` || tag === `"${hash}-br"` || tag === `"${hash}-gz"`;
  });
}

function agregarVary(reply: FastifyReply) {
  const previo = reply.getHeader('vary');
  const lista = previo ? `${String(previo)}, Accept-Encoding, Authorization` : 'Accept-Encoding, Authorization';
  reply.header('vary', lista);
}

export type CatalogoCache = ReturnType<typeof crearCatalogoCacheSinAvisos>;

/** The cache alone (tests and the in-process invalidation); `crearCatalogoCache` wires it to the notices. */
function crearCatalogoCacheSinAvisos(opts: { maxEntradas?: number; maxBytes?: number } = {}) {
  const maxEntradas = opts.maxEntradas ?? MAX_ENTRADAS;
  const maxBytes = opts.maxBytes ?? MAX_BYTES;
  const entradas = new Map<string, Entrada>();
  let bytes = 0;
  let generacion = 0;
  /** Off until the notices flow (and whenever they may be missed). */
  let activa = false;

  const quitar = (clave: string) => {
    const e = entradas.get(clave);
    if (!e) return;
    entradas.delete(clave);
    bytes -= e.bytes;
  };
  const recortar = () => {
    while (entradas.size > maxEntradas || bytes > maxBytes) {
      const masVieja = entradas.keys().next();
      if (masVieja.done) break;
      quitar(masVieja.value);
    }
  };

  function comprimido(clave: string, e: Entrada, cod: Codificacion): Buffer {
    const hecho = e[cod];
    if (hecho) return hecho;
    const copia =
      cod === 'br'
        ? brotliCompressSync(e.json, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: e.json.length },
          })
        : gzipSync(e.json, { level: 6 });
    e[cod] = copia;
    // Counted only while the entry is still held (it may have been dropped while this request ran).
    if (entradas.get(clave) === e) {
      e.bytes += copia.length;
      bytes += copia.length;
      recortar();
    }
    return copia;
  }

  return {
    /** Whether bodies are kept (the notices flow). */
    get activa() {
      return activa;
    },
    /**
     * Changes whenever what was kept may be stale (a change, a notice, listening lost or resumed): the public
     * pages rendered from the catalogue (plugins/static-web.ts) are kept per version and only while `activa`.
     */
    get version() {
      return generacion;
    },
    get tamano() {
      return { entradas: entradas.size, bytes };
    },
    /** Drops everything; a read in flight does not store its body. */
    invalidar() {
      generacion++;
      entradas.clear();
      bytes = 0;
    },
    /** Listening or not (db/avisos.ts): either way what was kept may be stale. */
    estado(escuchando: boolean) {
      activa = escuchando;
      this.invalidar();
    },

    /**
     * Answers an anonymous public read from memory, or reads it with `leer`, serializes it with the route's
     * serializer (the 200 schema: the same allow-list and bytes as before) and keeps it.
     */
    async responder(
      request: FastifyRequest,
      reply: FastifyReply,
      clave: string,
      leer: () => Promise<unknown>,
    ): Promise<FastifyReply> {
      let e = activa ? entradas.get(clave) : undefined;
      if (e) {
        // Most recently used goes last.
        entradas.delete(clave);
        entradas.set(clave, e);
      } else {
        const antes = generacion;
        const datos = await leer();
        const serializado = reply.serialize(datos);
        const json =
          typeof serializado === 'string' ? Buffer.from(serializado) : Buffer.from(serializado as Uint8Array);
        const hash = createHash('sha256').update(json).digest('base64url').slice(0, 32);
        e = { json, hash, bytes: json.length };
        if (activa && antes === generacion && json.length <= maxBytes / 4) {
          entradas.set(clave, e);
          bytes += e.bytes;
          recortar();
        }
      }

      const cod = e.json.length >= MIN_COMPRIMIR ? codificacionAceptada(request.headers['accept-encoding']) : undefined;
      reply.header('cache-control', CACHE_CONTROL_CATALOGO);
      agregarVary(reply);
      reply.header('etag', etagDe(e.hash, cod));
      if (coincide(request.headers['if-none-match'], e.hash)) return reply.code(304).send();
      reply.type('application/json; charset=utf-8');
      if (!cod) return reply.send(e.json);
      reply.header('content-encoding', cod);
      return reply.send(comprimido(clave, e, cod));
    },
  };
}

type Log = { warn(o: object, m: string): void };

/** The cache, emptied by every catalogue notice and off while notices may be missed. */
export async function crearCatalogoCache(opts: {
  avisos: Avisos | undefined;
  log?: Log;
  maxEntradas?: number;
  maxBytes?: number;
}): Promise<CatalogoCache & { detener(): Promise<void> }> {
  const cache = crearCatalogoCacheSinAvisos(opts);
  let dejar = async () => {};
  if (opts.avisos) {
    dejar = await opts.avisos.escuchar(CANAL_CATALOGO, {
      alAviso: () => cache.invalidar(),
      alEstado: (escuchando) => cache.estado(escuchando),
    });
  } else {
    opts.log?.warn({}, 'sin avisos de la base de datos: el catálogo público se lee en cada solicitud');
  }
  return Object.assign(cache, {
    async detener() {
      cache.estado(false);
      await dejar().catch(() => {}); // the database may already be closed
    },
  });
}
