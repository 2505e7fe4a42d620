// Issue 2: the production build serves the Spanish site with demo data and guards private routes.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './harness.ts';

describe('plataforma', () => {
  const t = useBrowser();

  it('/ redirects to /inicio and shows procedures from the API', async () => {
    const { page } = t;
    await page.goto('/');
    await page.waitForURL('**/inicio');
    expect(await page.getAttribute('html', 'lang')).toBe('es-CO');
    const precios = page.getByText(/\$\s?\d{1,3}(\.\d{3})+/);
    await precios.first().waitFor();
    expect(await precios.count()).toBeGreaterThan(0);
  });

  it('an unknown path goes to /404', async () => {
    const { page } = t;
    await page.goto('/esta-ruta-no-existe');
    await page.waitForURL('**/404');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('/carrito and /dashboard without a token go to /iniciarsesion', async () => {
    const { page } = t;
    await page.goto('/carrito');
    await page.waitForURL('**/iniciarsesion');
    await page.goto('/dashboard');
    await page.waitForURL('**/iniciarsesion');
  });

  it('the theme switch persists across reloads', async () => {
    const { page } = t;
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    await page.goto('/inicio');
    expect(await scheme()).toBe('light'); // light by default (SPEC 9)
    await page.locator('label', { hasText: 'Oscuro' }).first().click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
    expect(await page.evaluate(() => localStorage.getItem('coreui-free-react-admin-template-theme'))).toBe('dark');
    await page.reload();
    await page.waitForLoadState('domcontentloaded');
    expect(await scheme()).toBe('dark');
    expect(await page.getByRole('radio', { name: 'Oscuro' }).first().isChecked()).toBe(true);
  });
});
