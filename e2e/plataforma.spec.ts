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
