// Issue 27.2 in a real browser: the README's separate-origin setup. The web is built here with VITE_API_URL naming the
// e2e server and served from another port by a plain static host (global-setup.ts starts it and names it in the
// server's CORS_ORIGINS). A visitor there sees the catalogue with every picture, which comes from the API's origin:
// public media are Cross-Origin-Resource-Policy: cross-origin. With same-origin, Chromium blocked every one of them
// (ERR_BLOCKED_BY_RESPONSE.NotSameOrigin, which the session's console watch reports too).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, inject, it } from 'vitest';
import { baseURL, expect, interactiva, useBrowser } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Builds the browser bundle only (no server render, no compressed copies: what a static host serves) with
 * VITE_API_URL, into the folder the second origin serves.
 */
function construirWeb(dir: string, apiUrl: string): Promise<void> {
  // Vitest's NODE_ENV=test would give a development bundle.
  const { NODE_ENV: _nodeEnv, ...entorno } = process.env;
  const vite = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: path.join(ROOT, 'apps/web'), env: { ...entorno, VITE_API_URL: apiUrl }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let salida = '';
  vite.stdout.on('data', (d: Buffer) => (salida += d.toString()));
  vite.stderr.on('data', (d: Buffer) => (salida += d.toString()));
  return new Promise((resolve, reject) =>
    vite.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`La compilación de la web terminó con ${code}:\n${salida.slice(-2000)}`)),
    ),
  );
}

describe('web and API on two origins (VITE_API_URL + CORS_ORIGINS)', () => {
  const t = useBrowser();
  const web = inject('otroOrigen');
  const api = baseURL();

  beforeAll(() => construirWeb(path.join(web.dir, 'web'), api), 180_000);

  /** Every catalogue picture on the page, scrolled into view (some load lazily), has loaded from the API. */
  async function fotosCargadas(): Promise<number> {
    const fotos = t.page.locator(`img[src^="${api}/media/"]`);
    await expect.poll(() => fotos.count()).toBeGreaterThan(0);
    const todas = await fotos.all();
    for (const foto of todas) {
      await foto.scrollIntoViewIfNeeded();
      await expect.poll(() => foto.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
      const src = (await foto.getAttribute('src')) ?? '';
      expect(await foto.evaluate((img: HTMLImageElement) => img.naturalWidth), src).toBeGreaterThan(0);
    }
    return todas.length;
  }

  it("a visitor on the web's origin sees the catalogue's pictures, served from the API's origin", async () => {
    const { page } = t;
    expect(web.url).not.toBe(api);
    await page.goto(`${web.url}/servicios`);
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await fotosCargadas()).toBeGreaterThan(3);

    // A service page: its large picture (the detail copy) too.
    const enlace = page.getByRole('link', { name: 'Limpieza facial profunda', exact: true });
    await interactiva(enlace);
    await enlace.click();
    await page.getByRole('heading', { level: 1, name: 'Limpieza facial profunda' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`^${web.url}/servicios/\\d+$`));
    const detalle = page.locator(`img[src^="${api}/media/"][src$="-detalle.webp"]`);
    await expect(detalle).toHaveCount(1);
    await fotosCargadas();

    // Why they load: the API marks public pictures for any origin.
    const res = await fetch((await detalle.getAttribute('src'))!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});
