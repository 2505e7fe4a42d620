// The server-rendered public pages (plugins/paginas-publicas.ts, docs/decisions/0022): which URLs are rendered,
// a page kept per catalogue version (a change renders again on the next request), nothing kept while the catalogue
// cache is off or after a server-side failure, one render for simultaneous first requests, compressed copies.
// The real renderer and catalogue run in e2e/paginas-publicas.spec.ts; here both are stand-ins.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  crearPaginasPublicas,
  paginaPrerenderizable,
  type Inyectar,
  type Renderizador,
} from '../src/plugins/paginas-publicas.ts';

describe('paginaPrerenderizable', () => {
  it('renders /inicio (any query), /servicios with its category and page filters, and a detail', () => {
    expect(paginaPrerenderizable('/inicio')).toBe('/inicio');
    expect(paginaPrerenderizable('/inicio?utm_source=instagram')).toBe('/inicio');
    expect(paginaPrerenderizable('/servicios')).toBe('/servicios');
    expect(paginaPrerenderizable('/servicios?pagina=2&categoria=3')).toBe('/servicios?categoria=3&pagina=2');
    expect(paginaPrerenderizable('/servicios?categoria=3&pagina=2')).toBe('/servicios?categoria=3&pagina=2');
    expect(paginaPrerenderizable('/servicios/12')).toBe('/servicios/12');
  });

  it('leaves everything else to the browser: searches, odd values, other routes', () => {
    for (const url of [
      '/servicios?q=botox',
      '/servicios?pagina=0',
      '/servicios?pagina=2&pagina=3',
      '/servicios?categoria=abc',
      '/servicios?utm_source=x',
      '/servicios/0',
      '/servicios/12?reservar=1',
      '/servicios/12/',
      '/reservar/12',
      '/iniciarsesion',
      '/dashboard',
      '/',
    ]) {
      expect(paginaPrerenderizable(url), url).toBeNull();
    }
  });
});

function montar(opts: { renderizar?: Renderizador; estado?: number } = {}) {
  const catalogo = { activa: true, version: 1 };
  const renders: string[] = [];
  const lecturas: string[] = [];
  const inyectar: Inyectar = async (url) => {
    lecturas.push(url);
    const estado = opts.estado ?? 200;
    return { status: estado, tipo: 'application/json', cuerpo: Buffer.from(JSON.stringify({ precio: 180000 })) };
  };
  const renderizar: Renderizador =
    opts.renderizar ??
    (async (plantilla, url, transporte) => {
      renders.push(url);
      const res = await transporte('/apiprocedimientos/listarprocedimiento?porPagina=6', { method: 'GET' });
      if (!res.ok) return null;
      const datos = (await res.json()) as { precio: number };
      return plantilla.replace(
        '<div id="root"></div>',
        `<div id="root">${url} v${catalogo.version} ${datos.precio}</div>`,
      );
    });
  const avisos: string[] = [];
  const paginas = crearPaginasPublicas({
    plantilla: '<html><body><div id="root"></div></body></html>',
    renderizar,
    catalogo,
    inyectar,
    log: { warn: (_o, m) => void avisos.push(m) },
    maxPaginas: 3,
  });
  const texto = async (clave: string) => (await paginas.obtener(clave, undefined))?.cuerpo.toString() ?? null;
  return { paginas, catalogo, renders, lecturas, avisos, texto };
}

describe('crearPaginasPublicas', () => {
  it('keeps a page while the catalogue version holds, and renders again on the next request after a change', async () => {
    const m = montar();
    expect(await m.texto('/inicio')).toContain('/inicio v1 180000');
    expect(await m.texto('/inicio')).toContain('/inicio v1');
    expect(m.renders).toEqual(['/inicio']);
    expect(m.lecturas).toEqual(['/apiprocedimientos/listarprocedimiento?porPagina=6']);

    m.catalogo.version = 2; // a staff change emptied the catalogue cache
    expect(await m.texto('/inicio')).toContain('/inicio v2');
    expect(m.renders).toEqual(['/inicio', '/inicio']);
  });

  it('renders again when the year changes (the footer shows it), catalogue unchanged', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-12-31T23:00:00'));
      const m = montar();
      await m.texto('/inicio');
      await m.texto('/inicio');
      expect(m.renders).toEqual(['/inicio']);
      vi.setSystemTime(new Date('2027-01-01T00:10:00'));
      await m.texto('/inicio');
      expect(m.renders).toEqual(['/inicio', '/inicio']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps nothing while the catalogue cache is off (its notices may be missed)', async () => {
    const m = montar();
    m.catalogo.activa = false;
    await m.texto('/servicios');
    await m.texto('/servicios');
    expect(m.renders).toEqual(['/servicios', '/servicios']);
    expect(m.paginas.tamano).toBe(0);
  });

  it('a page the renderer declines (a 404 read) is kept as "send index.html" until the catalogue changes', async () => {
    const m = montar({ estado: 404 });
    expect(await m.paginas.obtener('/servicios/9', undefined)).toBeNull();
    expect(await m.paginas.obtener('/servicios/9', undefined)).toBeNull();
    expect(m.lecturas).toHaveLength(1);
  });

  it('a server-side failure (5xx read, renderer error) is not kept: the next request tries again', async () => {
    const m = montar({ estado: 503 });
    expect(await m.paginas.obtener('/inicio', undefined)).toBeNull();
    expect(await m.paginas.obtener('/inicio', undefined)).toBeNull();
    expect(m.lecturas).toHaveLength(2);

    const fallando = montar({
      renderizar: async () => {
        throw new Error('roto');
      },
    });
    expect(await fallando.paginas.obtener('/inicio', undefined)).toBeNull();
    expect(fallando.avisos).toEqual(['no se pudo renderizar la página pública; se envía la web sin datos']);
    expect(fallando.paginas.tamano).toBe(0);
  });

  it('a page rendered while the catalogue changed is not kept', async () => {
    const m = montar();
    let soltar: () => void = () => {};
    const lenta = crearPaginasPublicas({
      plantilla: '<div id="root"></div>',
      renderizar: async () => {
        await new Promise<void>((r) => (soltar = r));
        return '<div id="root">vieja</div>';
      },
      catalogo: m.catalogo,
      inyectar: async () => ({ status: 200, tipo: undefined, cuerpo: Buffer.alloc(0) }),
      log: { warn: () => {} },
    });
    const enCurso = lenta.obtener('/inicio', undefined);
    await new Promise((r) => setImmediate(r));
    m.catalogo.version = 2;
    soltar();
    expect((await enCurso)?.cuerpo.toString()).toContain('vieja'); // this request gets what it waited for
    expect(lenta.tamano).toBe(0);
  });

  it('simultaneous first requests share one render', async () => {
    const m = montar();
    const todas = await Promise.all([1, 2, 3, 4].map(() => m.texto('/servicios')));
    expect(new Set(todas).size).toBe(1);
    expect(m.renders).toEqual(['/servicios']);
  });

  it('is bounded: the least recently used page goes first', async () => {
    const m = montar();
    for (const id of [1, 2, 3]) await m.texto(`/servicios/${id}`);
    await m.texto('/servicios/1'); // used again: now the most recent
    await m.texto('/servicios/4');
    expect(m.paginas.tamano).toBe(3);
    m.renders.length = 0;
    await m.texto('/servicios/1');
    await m.texto('/servicios/2');
    expect(m.renders).toEqual(['/servicios/2']);
  });

  it('sends brotli or gzip when accepted, made once', async () => {
    const m = montar();
    const br = await m.paginas.obtener('/inicio', 'gzip, deflate, br');
    expect(br?.codificacion).toBe('br');
    expect(brotliDecompressSync(br!.cuerpo).toString()).toContain('/inicio v1');
    expect((await m.paginas.obtener('/inicio', 'br'))?.cuerpo).toBe(br?.cuerpo);
    const gz = await m.paginas.obtener('/inicio', 'gzip');
    expect(gz?.codificacion).toBe('gzip');
    expect(gunzipSync(gz!.cuerpo).toString()).toContain('/inicio v1');
    expect((await m.paginas.obtener('/inicio', 'identity'))?.codificacion).toBeUndefined();
  });

  it('has a strong ETag per encoding; If-None-Match with any of them means not modified', async () => {
    const m = montar();
    const br = await m.paginas.obtener('/inicio', 'br');
    const plana = await m.paginas.obtener('/inicio', undefined);
    expect(br?.etag).toMatch(/^"[\w-]{32}-br"$/);
    expect(plana?.etag).toBe(br?.etag.replace('-br"', '"'));
    expect(br?.noModificada).toBe(false);
    expect((await m.paginas.obtener('/inicio', 'gzip', plana?.etag))?.noModificada).toBe(true);
    expect((await m.paginas.obtener('/inicio', undefined, `W/${br?.etag}`))?.noModificada).toBe(true);
    expect((await m.paginas.obtener('/inicio', undefined, '"otra"'))?.noModificada).toBe(false);
    m.catalogo.version = 2; // new content, new tag: the old one no longer matches
    const nueva = await m.paginas.obtener('/inicio', undefined, plana?.etag);
    expect(nueva?.noModificada).toBe(false);
    expect(nueva?.etag).not.toBe(plana?.etag);
  });

  it('only reads: the render cannot write through the transport', async () => {
    const m = montar({
      renderizar: async (_p, _u, transporte) => {
        await transporte('/apicarrito/limpiarmicarrito', { method: 'DELETE' });
        return 'no';
      },
    });
    expect(await m.paginas.obtener('/inicio', undefined)).toBeNull();
    expect(m.lecturas).toEqual([]);
  });
});
