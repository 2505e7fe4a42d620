// Issue 2: the production build serves the Spanish site with demo data and guards private routes.
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, interactiva, loginToken, unico, useBrowser } from './harness.ts';

describe('plataforma', () => {
  const t = useBrowser();

  it('/ redirects to /inicio and shows procedures from the API', async () => {
    const { page } = t;
    // A procedure created now, through the API, whose name sorts first among the featured ones: it can only be on
    // the page if the page reads the API's catalogue (not one baked into the build).
    const admin = await loginToken(DEMO.admin);
    const categorias = await apiFetch<{ id: number }[]>('/apicategoriaprocedimientos/listarcategorias');
    const nombre = `Aaa tratamiento de prueba ${unico()}`;
    const creado = await apiFetch<{ id: number }>('/apiprocedimientos/crearprocedimiento', {
      method: 'POST',
      token: admin,
      body: {
        nombre,
        descripcion: 'Procedimiento creado por la prueba de la plataforma.',
        precio: 987_000,
        duracion_minutos: 30,
        categoria_id: categorias.body[0]!.id,
      },
    });
    expect(creado.status).toBe(201);
    try {
      await page.goto('/');
      await page.waitForURL('**/inicio');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es-CO');
      const tarjeta = page.locator('article', { has: page.getByRole('heading', { level: 3, name: nombre }) });
      await expect(tarjeta).toBeVisible();
      await expect(tarjeta.getByText('$ 987.000')).toBeVisible();
    } finally {
      await apiFetch(`/apiprocedimientos/eliminarprocedimiento/${creado.body.id}`, { method: 'DELETE', token: admin });
    }
  });

  it('an unknown path goes to /404', async () => {
    const { page } = t;
    await page.goto('/esta-ruta-no-existe');
    await page.waitForURL('**/404');
    await expect(page.getByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeVisible();
    await expect(page).toHaveTitle(/Página no encontrada/);
  });

  it('/carrito and /dashboard without a token go to /iniciarsesion', async () => {
    const { page } = t;
    await page.goto('/carrito');
    await page.waitForURL('**/iniciarsesion');
    await page.goto('/dashboard');
    await page.waitForURL('**/iniciarsesion');
  });

  it('a first visit is light even on a dark system (SPEC 9); "Automático" then follows the system', async () => {
    const { page } = t;
    await page.emulateMedia({ colorScheme: 'dark' });
    const html = page.locator('html');
    await page.goto('/inicio');
    // Painted light by the inline script, before any module, and still light once React owns the page.
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    const automatico = page.locator('label', { hasText: 'Automático' }).first();
    await interactiva(automatico);
    await expect(page.getByRole('radio', { name: 'Claro' }).first()).toBeChecked();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await automatico.click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('radio', { name: 'Automático' }).first()).toBeChecked();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  it('the theme switch persists across reloads', async () => {
    const { page } = t;
    const html = page.locator('html');
    await page.goto('/inicio');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light'); // light by default (SPEC 9)
    const oscuro = page.locator('label', { hasText: 'Oscuro' }).first();
    await interactiva(oscuro);
    await oscuro.click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('coreui-free-react-admin-template-theme'))).toBe('dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('radio', { name: 'Oscuro' }).first()).toBeChecked();
  });
});
