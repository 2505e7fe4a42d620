// The server render of the public pages (entrada-servidor.tsx) and the browser's start-up from it (app/arranque.tsx):
// the page carries the catalogue the transport answered, the data goes with it safely escaped, a failed read leaves
// the page to the browser, and hydrating it reads nothing again and logs nothing (setup.ts fails on console.error).
// The real server (no window at all) and a real browser run in e2e/paginas-publicas.spec.ts.
import type { CategoriaWire, ProcedimientoWire } from '@clinica/contracts/catalogo';
import { act, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { iniciarApp } from './app/arranque.tsx';
import { renderizarPagina, type Transporte } from './entrada-servidor.tsx';
import { procedimientoDePrueba } from './test/carrito-test-utils.tsx';

// Under vitest 'react-router/dom' loads the package's CommonJS build next to the ES build the screens import (two
// router contexts); the browser bundle has one. Its RouterProvider only adds react-dom's flushSync.
vi.mock('react-router/dom', async () => ({ RouterProvider: (await import('react-router')).RouterProvider }));

const PLANTILLA =
  '<!doctype html><html lang="es-CO"><head><meta\n      name="description"\n      content="Genérica"\n    />' +
  '<title>Clínica Aurora Estética</title></head><body><div id="root"></div></body></html>';

const facial = procedimientoDePrueba();
const corporal = procedimientoDePrueba({
  id: 8,
  nombre: 'Criolipólisis',
  precio: 950000,
  categoria: { id: 2, nombre: 'Corporal' },
  descripcion: 'Frío controlado </script><script>alert(1)</script> sobre la grasa localizada.',
  imagenes: [],
});
const categorias: CategoriaWire[] = [
  { id: 1, nombre: 'Facial', descripcion: null, activa: true, orden: 0 } as unknown as CategoriaWire,
  { id: 2, nombre: 'Corporal', descripcion: null, activa: true, orden: 1 } as unknown as CategoriaWire,
];
const lista = (items: ProcedimientoWire[], porPagina: number) => ({ items, total: items.length, pagina: 1, porPagina });

/** The API as the server's transport sees it: path (with query) -> body; anything else is a 404. */
function transporte(respuestas: Record<string, unknown>) {
  const pedidas: string[] = [];
  const fn: Transporte = async (url) => {
    pedidas.push(url);
    const cuerpo = respuestas[url];
    if (cuerpo === undefined) {
      return new Response(JSON.stringify({ error: 'No encontrado', code: 'NO_ENCONTRADO' }), { status: 404 });
    }
    return new Response(JSON.stringify(cuerpo), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fn, pedidas };
}

const catalogo = {
  '/apiprocedimientos/listarprocedimiento?porPagina=24': lista([facial, corporal], 24),
  '/apiprocedimientos/listarprocedimiento?porPagina=6': lista([facial, corporal], 6),
  '/apicategoriaprocedimientos/listarcategorias': categorias,
  '/apiprocedimientos/buscarprocedimiento/7': facial,
};

/** The roots iniciarApp started: unmounted after each test, so React schedules nothing once jsdom is torn down. */
const raices: Root[] = [];

afterEach(() => {
  act(() => raices.splice(0).forEach((r) => r.unmount()));
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('renderizarPagina', () => {
  it('renders /servicios with the catalogue it read, and embeds that data escaped', async () => {
    const t = transporte(catalogo);
    const html = await renderizarPagina(PLANTILLA, '/servicios', t.fn);
    expect(html).not.toBeNull();
    expect(t.pedidas.sort()).toEqual([
      '/apicategoriaprocedimientos/listarcategorias',
      '/apiprocedimientos/listarprocedimiento?porPagina=24',
    ]);
    expect(html).toContain('<body class="pagina-general">');
    expect(html).toContain('Nuestros servicios');
    // Each procedure with its price.
    for (const texto of ['Limpieza facial profunda', '$ 180.000', 'Criolipólisis', '$ 950.000'])
      expect(html).toContain(texto);
    // A description cannot close the data block or the page: React escapes the text, the JSON escapes '<'.
    expect(html).not.toContain('<script>alert(1)');
    const datos = /<script type="application\/json" id="datos-iniciales">(.*?)<\/script>/s.exec(html!)?.[1] ?? '';
    expect(datos).not.toContain('<');
    const estado = JSON.parse(datos) as { queries: { queryKey: unknown[] }[] };
    expect(estado.queries.map((q) => q.queryKey[0]).sort()).toEqual(['categorias', 'procedimientos']);
  });

  it('renders /inicio and a detail', async () => {
    const inicio = await renderizarPagina(PLANTILLA, '/inicio', transporte(catalogo).fn);
    expect(inicio).toContain('con criterio médico');
    expect(inicio).toContain('$ 950.000');
    const detalle = await renderizarPagina(PLANTILLA, '/servicios/7', transporte(catalogo).fn);
    expect(detalle).toMatch(/<h1[^>]*>Limpieza facial profunda<\/h1>/);
    // The screen's own title and description, which the browser would set only after running it.
    expect(detalle).toContain('<title>Limpieza facial profunda · Clínica Aurora Estética</title>');
    expect(detalle).toContain('<meta name="description" content="Limpieza con extracción y mascarilla calmante.');
    expect(detalle).not.toContain('Genérica');
  });

  it('leaves the page to the browser when a read fails (an inactive service is a 404)', async () => {
    expect(await renderizarPagina(PLANTILLA, '/servicios/99', transporte(catalogo).fn)).toBeNull();
  });
});

describe('iniciarApp on a server-rendered page', () => {
  it('hydrates it without reading the catalogue again, and it stays interactive', async () => {
    const html = await renderizarPagina(PLANTILLA, '/servicios', transporte(catalogo).fn);
    document.body.innerHTML = /<body[^>]*>(.*)<\/body>/s.exec(html!)![1]!;
    window.history.replaceState(null, '', '/servicios');
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    const raiz = document.getElementById('root')!;
    const servidor = raiz.innerHTML;

    let modo: string | undefined;
    await act(async () => {
      const iniciada = await iniciarApp(raiz);
      raices.push(iniciada.root);
      modo = iniciada.modo;
    });
    expect(modo).toBe('hidratada');
    // The very nodes the server sent, now React's (a mismatch would have re-rendered them and logged an error).
    const enlace = screen.getByRole('link', { name: 'Criolipólisis' });
    expect(Object.keys(enlace).some((k) => k.startsWith('__reactProps'))).toBe(true);
    expect(screen.getByText('$ 950.000')).toBeInTheDocument();
    expect(raiz.innerHTML.length).toBeGreaterThan(servidor.length / 2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('renders the app as before when the page is the plain shell', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    window.history.replaceState(null, '', '/terminoscondiciones');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    let modo: string | undefined;
    await act(async () => {
      const iniciada = await iniciarApp(document.getElementById('root')!);
      raices.push(iniciada.root);
      modo = iniciada.modo;
    });
    expect(modo).toBe('renderizada');
  });
});
