// Issue 2: the production build serves the Spanish site with demo data and guards private routes.
import { describe, it } from 'vitest';
import { expect, interactiva, useBrowser } from './harness.ts';

describe('plataforma', () => {
  const t = useBrowser();

  it('/ redirects to /inicio and shows procedures from the API', async () => {
    const { page } = t;
    await page.goto('/');
    await page.waitForURL('**/inicio');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-CO');
    await expect(page.getByText(/\$\s?\d{1,3}(\.\d{3})+/).first()).toBeVisible();
  });

  it('an unknown path goes to /404', async () => {
    const { page } = t;
    await page.goto('/esta-ruta-no-existe');
    await page.waitForURL('**/404');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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
