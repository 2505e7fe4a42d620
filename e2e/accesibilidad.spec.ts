// DESIGN: WCAG 2.2 AA on a phone. axe-core (wcag2a, wcag2aa, wcag21aa, wcag22aa) on the public pages at 375 px
// and with the phone menu open, in the light and the dark theme, once each page has its data. Every screen at
// desktop and tablet widths, for every role, is checked by recorrido.spec.ts.
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { analizarAxe } from './axe.ts';
import { DEMO, expect, interactiva, signInAs, useSesiones } from './harness.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const THEME_KEY = 'coreui-free-react-admin-template-theme';
const TEMAS = ['light', 'dark'] as const;
type Tema = (typeof TEMAS)[number];

/** Opens `ruta` in `tema` with animations off, and waits until the screen has its content. */
async function abrir(page: Page, ruta: string, tema: Tema) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_KEY, tema] as const);
  await page.goto(ruta);
  await page.waitForURL(`**${ruta}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Loading states are announced with role=status and aria-busy; wait until every one is gone.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root'));
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', tema);
}

type Hallazgo = { regla: string; impacto: string | null | undefined; ayuda: string; elementos: string[] };

async function violaciones(page: Page): Promise<Hallazgo[]> {
  const { violations } = await analizarAxe(page, { runOnly: { type: 'tag', values: TAGS } });
  return violations.map((v) => ({
    regla: v.id,
    impacto: v.impact,
    ayuda: v.help,
    elementos: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.html.slice(0, 160)} :: ${n.failureSummary ?? ''}`),
  }));
}

// Side by side, each test in a context of its own: each mostly waits for its page and for axe.
describe.concurrent('accesibilidad en el teléfono (375 px)', () => {
  const enSesion = useSesiones({ viewport: { width: 375, height: 812 } });
  for (const tema of TEMAS) {
    for (const ruta of ['/inicio', '/servicios']) {
      it(`${ruta} (${tema})`, () =>
        enSesion(async ({ page }) => {
          await abrir(page, ruta, tema);
          expect(await violaciones(page)).toEqual([]);
        }));
    }
    it(`/inicio con el menú abierto (${tema})`, () =>
      enSesion(async ({ page }) => {
        await abrir(page, '/inicio', tema);
        // The public page is served rendered: a click before React hydrates the button is lost.
        const menu = page.getByRole('button', { name: 'Abrir menú' });
        await interactiva(menu);
        await menu.click();
        await page.getByRole('dialog').getByRole('navigation', { name: 'Menú' }).waitFor();
        expect(await violaciones(page)).toEqual([]);
      }));
    it(`/dashboard de la asistente con el menú lateral abierto (${tema})`, () =>
      enSesion(async ({ page }) => {
        await signInAs(page, DEMO.asistente);
        await abrir(page, '/dashboard', tema);
        await page.getByRole('button', { name: 'Mostrar menú lateral' }).first().click();
        await expect(page.getByRole('navigation', { name: 'Secciones del panel' })).toBeVisible();
        expect(await violaciones(page)).toEqual([]);
      }));
  }
});
