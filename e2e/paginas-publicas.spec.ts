// Issue 12.6: /inicio, /servicios and /servicios/:id arrive as HTML with the clinic's real catalogue (rendered by the
// API process, docs/decisions/0022), so they paint without JavaScript; with JavaScript they hydrate into the SPA
// without console errors, without fetching the catalogue again, and navigate client-side.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { apiFetch, baseURL, DEMO, expect, interactiva, loginToken, signInAs, unico, useBrowser } from './harness.ts';

type Procedimiento = { id: number; nombre: string; precio: number; categoria: { nombre: string } };
type Lista = { items: Procedimiento[]; total: number };

/** The web's money format (apps/web/src/lib/format.ts): '$ 180.000', normal spaces. */
const cop = (valor: number) =>
  new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 })
    .format(valor)
    .replace(/\s/g, ' ');

const lista = async (porPagina: number) =>
  (await apiFetch<Lista>(`/apiprocedimientos/listarprocedimiento?porPagina=${porPagina}`)).body.items;

/** A context with JavaScript off; its console errors are collected too. */
async function sinJavaScript(browser: Browser): Promise<{ context: BrowserContext; page: Page; errores: string[] }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    javaScriptEnabled: false,
    locale: 'es-CO',
    viewport: { width: 375, height: 812 },
  });
  const errores: string[] = [];
  context.on('console', (m) => void (m.type() === 'error' && errores.push(m.text())));
  return { context, page: await context.newPage(), errores };
}

/** The catalogue reads a page makes (the server already embedded them: hydration must not repeat them). */
function lecturasDelCatalogo(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/apiprocedimientos/') || pathname.startsWith('/apicategoriaprocedimientos/')) {
      urls.push(pathname);
    }
  });
  return urls;
}

describe('páginas públicas renderizadas en el servidor', () => {
  const t = useBrowser({ viewport: { width: 375, height: 812 } });

  it('without JavaScript: the hero, the real services with prices and a service detail', async () => {
    const { context, page, errores } = await sinJavaScript(t.browser);
    try {
      const destacados = await lista(6);
      const pagina1 = await lista(24);
      expect(pagina1.length).toBeGreaterThan(5);

      await page.goto('/inicio');
      await expect(page.getByRole('heading', { level: 1, name: /con criterio médico/ })).toBeVisible();
      for (const p of destacados) {
        const tarjeta = page.getByRole('article').filter({ hasText: p.nombre });
        await expect(tarjeta.first()).toContainText(cop(p.precio));
      }

      await page.goto('/servicios');
      await expect(page.getByRole('heading', { level: 1, name: 'Nuestros servicios' })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(pagina1.length);
      for (const p of pagina1) {
        const tarjeta = page
          .getByRole('article')
          .filter({ has: page.getByRole('link', { name: p.nombre, exact: true }) });
        await expect(tarjeta).toContainText(cop(p.precio));
      }

      const elegido = pagina1[1]!;
      await page.getByRole('link', { name: elegido.nombre, exact: true }).click();
      await page.waitForURL(`**/servicios/${elegido.id}`);
      await expect(page.getByRole('heading', { level: 1, name: elegido.nombre })).toBeVisible();
      await expect(page.getByText(cop(elegido.precio)).first()).toBeVisible();
      expect(errores).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a staff change to the catalogue shows on the next request; an unknown service gets the plain page', async () => {
    const admin = await loginToken(DEMO.admin);
    const categorias = await apiFetch<{ id: number }[]>('/apicategoriaprocedimientos/listarcategorias');
    const nombre = `Tratamiento de prueba ${unico()}`;
    const creado = await apiFetch<{ id: number }>('/apiprocedimientos/crearprocedimiento', {
      method: 'POST',
      token: admin,
      body: {
        nombre,
        descripcion: 'Procedimiento creado por la prueba de páginas públicas.',
        precio: 123_000,
        duracion_minutos: 30,
        categoria_id: categorias.body[0]!.id,
      },
    });
    expect(creado.status).toBe(201);
    const id = creado.body.id;
    const { context, page } = await sinJavaScript(t.browser);
    try {
      await page.goto(`/servicios/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
      await expect(page.getByText('$ 123.000').first()).toBeVisible();

      const editado = await apiFetch(`/apiprocedimientos/editarprocedimiento/${id}`, {
        method: 'PATCH',
        token: admin,
        body: { precio: 456_000 },
      });
      expect(editado.status).toBe(200);
      await page.reload();
      await expect(page.getByText('$ 456.000').first()).toBeVisible();
      await expect(page.getByText('$ 123.000')).toHaveCount(0);

      // Deactivated: the public read is a 404, so the server sends the plain page (the browser shows the message).
      await apiFetch(`/apiprocedimientos/editarprocedimiento/${id}`, {
        method: 'PATCH',
        token: admin,
        body: { activo: false },
      });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      expect(await page.locator('#root').innerHTML()).toBe('');
    } finally {
      await context.close();
      await apiFetch(`/apiprocedimientos/eliminarprocedimiento/${id}`, { method: 'DELETE', token: admin });
    }
  });

  it('with JavaScript: hydrates without errors or refetching, and links navigate client-side', async () => {
    const { page } = t;
    const lecturas = lecturasDelCatalogo(page);
    await page.goto('/inicio');
    await interactiva(page.locator('a[href="/servicios"]'));
    await page.evaluate(() => {
      (window as unknown as { marca: number }).marca = 1;
    });

    await page.getByRole('main').getByRole('link', { name: 'Ver servicios' }).click();
    await page.waitForURL('**/servicios');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuestros servicios' })).toBeVisible();
    const primero = page.getByRole('article').first().getByRole('link').first();
    const nombre = (await primero.textContent())?.trim() ?? '';
    await primero.click();
    await page.waitForURL(/\/servicios\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
    // Still the same document: every navigation was the router's, not a page load.
    expect(await page.evaluate(() => (window as unknown as { marca?: number }).marca)).toBe(1);
    // /inicio's own data came with the page; what was read afterwards belongs to the screens navigated to.
    expect(lecturas.filter((u) => u.includes('listarprocedimiento')).length).toBeLessThanOrEqual(2);

    // A page loaded directly reads nothing from the catalogue either, and every stylesheet it ends up with was
    // already in its HTML (a screen's CSS arriving with its code would restyle the page after the first paint).
    lecturas.length = 0;
    for (const [ruta, selector] of [
      ['/inicio', 'a[href="/servicios"]'],
      ['/servicios', 'article a'],
      [`/servicios/${(await lista(1))[0]!.id}`, 'h1'],
    ] as const) {
      const html = await (await fetch(`${baseURL()}${ruta}`)).text();
      const enElHtml = [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((m) => m[1]);
      await page.goto(ruta);
      await interactiva(page.locator(selector));
      await page.waitForLoadState('networkidle');
      const hojas = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => new URL(l.href).pathname),
      );
      expect(hojas.length, ruta).toBeGreaterThan(0);
      for (const hoja of hojas) expect(enElHtml, `${ruta}: ${hoja}`).toContain(hoja);
    }
    expect(lecturas).toEqual([]);
  });

  it('a signed-in visitor gets their header after hydration; the stored dark theme paints before any module', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 1280, height: 900 }); // the account button is in the header from 'sm' up
    await signInAs(page, DEMO.paciente);
    await page.addInitScript(() => localStorage.setItem('coreui-free-react-admin-template-theme', 'dark'));
    await page.goto('/servicios');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mi cuenta' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('contentinfo').getByRole('radio', { name: 'Oscuro' })).toBeChecked();

    // Modules blocked: only the HTML, the CSS and the inline theme script. The page is there, already dark.
    const otra = await t.context.newPage();
    await otra.route('**/*.js', (r) => r.abort());
    t.permitirErrorDeConsola(/Failed to load resource: net::ERR_FAILED/);
    await otra.goto('/inicio');
    await expect(otra.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(otra.getByRole('heading', { level: 1, name: /con criterio médico/ })).toBeVisible();
    await otra.close();
  });

  it('keeps the same security headers as every other page', async () => {
    const cabeceras = async (ruta: string) => {
      const res = await fetch(`${baseURL()}${ruta}`);
      await res.text();
      return res.headers;
    };
    const publica = await cabeceras('/inicio');
    const otra = await cabeceras('/iniciarsesion');
    expect(publica.get('content-type')).toContain('text/html');
    for (const nombre of ['content-security-policy', 'strict-transport-security', 'x-content-type-options']) {
      expect(publica.get(nombre), nombre).toBe(otra.get(nombre));
    }
    expect(await (await fetch(`${baseURL()}/inicio`)).text()).toContain('Tu mejor versión');
    // Revalidated on every visit, answered 304 while the page is the same.
    const etag = publica.get('etag');
    expect(publica.get('cache-control')).toBe('no-cache');
    expect(etag).toMatch(/^"/);
    const otraVez = await fetch(`${baseURL()}/inicio`, { headers: { 'if-none-match': etag! } });
    expect(otraVez.status).toBe(304);
  });
});
