// DESIGN: WCAG 2.2 AA on a phone. axe-core (wcag2a, wcag2aa, wcag21aa, wcag22aa) on the public pages at 375 px
// and with the phone menu open, in the light and the dark theme, once each page has its data. Every screen at
// desktop and tablet widths, for every role, is checked by recorrido.spec.ts; what only exists once opened
// (a modal, a menu, a toast) is checked here, in both themes (issue 27.17). And on a touch screen at 375 px,
// every control of the key screens is at least 44 x 44 px to the finger.
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { analizarAxe } from './axe.ts';
import { apiFetch, DEMO, expect, interactiva, loginToken, signInAs, useSesiones } from './harness.ts';

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

/** axe's best practices that keep a screen reader's page outline right (issue 27.17): each found open before. */
const ESTRUCTURA = ['heading-order', 'landmark-unique', 'landmark-no-duplicate-banner', 'aria-allowed-role'];

async function violaciones(page: Page, estructura = false): Promise<Hallazgo[]> {
  const { violations } = await analizarAxe(page, { runOnly: { type: 'tag', values: TAGS } });
  if (estructura)
    violations.push(...(await analizarAxe(page, { runOnly: { type: 'rule', values: ESTRUCTURA } })).violations);
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

type Demo = { paciente: number; cita: number };

/** The demo patient's id and one of her appointments (seeded on first start). */
async function demo(): Promise<Demo> {
  const token = await loginToken(DEMO.paciente);
  const paciente = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token })).body.id;
  const citas = await apiFetch<{ id: number }[]>('/apicitas/miscitas', { token });
  return { paciente, cita: citas.body[0]!.id };
}

type Abierto = {
  nombre: string;
  correo: string;
  ruta: (d: Demo) => string;
  /** Opens the state and waits until it is on screen. */
  abrir: (page: Page) => Promise<void>;
};

// One modal, one menu and one toast on the screens each role uses, and the account menu of the header.
const ABIERTOS: Abierto[] = [
  {
    nombre: 'la confirmación de desactivar a alguien (administrador, /listarusuarios)',
    correo: DEMO.admin,
    ruta: () => '/listarusuarios',
    abrir: async (page) => {
      await page
        .getByRole('button', { name: /^Desactivar a / })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    nombre: 'el menú de la cuenta (administrador)',
    correo: DEMO.admin,
    ruta: () => '/dashboard',
    abrir: async (page) => {
      await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
      await expect(page.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeVisible();
    },
  },
  {
    nombre: 'el menú de acciones de una cita del calendario (asistente, /calendariocitas)',
    correo: DEMO.asistente,
    ruta: () => '/calendariocitas',
    abrir: async (page) => {
      await page
        .getByRole('button', { name: /^Acciones de la cita de / })
        .first()
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    nombre: 'el aviso de que las citas no se eliminan (asistente, /citaspaciente)',
    correo: DEMO.asistente,
    ruta: (d) => `/citaspaciente/${d.paciente}`,
    abrir: async (page) => {
      await page
        .getByRole('button', { name: /^Eliminar la cita / })
        .first()
        .click();
      await expect(page.getByText('Las citas no se eliminan')).toBeVisible();
    },
  },
  {
    nombre: 'la confirmación de cancelar una cita (paciente, /miscitas)',
    correo: DEMO.paciente,
    ruta: () => '/miscitas',
    abrir: async (page) => {
      await page.getByRole('button', { name: 'Cancelar', exact: true }).and(page.locator(':enabled')).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    // The list itself: each e-mail's text, cut with its «Ver todo el texto» (a preview opens in a sandboxed frame,
    // left to recorrido.spec.ts).
    nombre: 'la bandeja de correos salientes (administrador, /correos)',
    correo: DEMO.admin,
    ruta: () => '/correos',
    abrir: async (page) => {
      await expect(page.getByRole('button', { name: /^Ver el correo / }).first()).toBeVisible();
    },
  },
  {
    nombre: 'el formulario de una cita con sus horarios (asistente, /editarcita)',
    correo: DEMO.asistente,
    ruta: (d) => `/editarcita/${d.cita}`,
    abrir: async (page) => {
      await expect(page.getByRole('heading', { name: 'Elige el día' })).toBeVisible();
    },
  },
];

describe.concurrent('accesibilidad con modales, menús y avisos abiertos', () => {
  const enSesion = useSesiones({ viewport: { width: 1280, height: 900 } });
  for (const tema of TEMAS) {
    for (const caso of ABIERTOS) {
      it(`${caso.nombre} (${tema})`, () =>
        enSesion(async ({ page }) => {
          const d = await demo();
          await signInAs(page, caso.correo);
          await abrir(page, caso.ruta(d), tema);
          await caso.abrir(page);
          // Animations are off (reduced motion): what is opened is in place.
          expect(await violaciones(page, true)).toEqual([]);
        }));
    }
  }
});

/**
 * Every visible control on the page smaller than 44 x 44 px, as "name (width x height)". A checkbox, radio or
 * switch counts with its label (the label toggles it). Left out, as WCAG 2.5.5 allows:
 *  - links inside running text (a paragraph, a sentence, a label): they keep the line's height, and the CSS
 *    gives every other link 44 px (global.css);
 *  - the clear and show-password buttons inside a field: the 44 px field around them is the target, and they
 *    may not outgrow it;
 *  - the skip link, 1 px until it is focused;
 *  - the appointments drawn on the calendar's day and week grid: each is as tall as its duration on the time
 *    scale (a 15-minute one is 14 px); on a phone the same appointments and actions are 44 px rows in
 *    /consultarcitas and /vertodocita;
 *  - controls of a closed or hidden panel (no box).
 */
async function pequenos(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const sel = [
      'a[href]',
      'button',
      '[role="button"]',
      '[role="tab"]',
      '[role="menuitem"]',
      '[role="option"]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
    ].join(',');
    const fallas: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      if (el.closest('[role="region"][aria-label="Agenda"]')) continue;
      let caja: Element = el;
      if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)) {
        caja = el.closest('.mantine-Checkbox-body, .mantine-Radio-body, .mantine-Switch-body, label') ?? el;
      } else if (el.matches('input, textarea, select')) {
        // A field is its box (a password field's input sits inside it, beside the show button).
        caja = el.closest('.mantine-Input-wrapper') ?? el;
      } else {
        // A link stretched over its card (an absolute ::after) is as big as the card.
        const despues = getComputedStyle(el, '::after');
        if (despues.content !== 'none' && despues.position === 'absolute') {
          let padre = el.parentElement;
          while (padre && getComputedStyle(padre).position === 'static') padre = padre.parentElement;
          caja = padre ?? el;
        }
      }
      const r = caja.getBoundingClientRect();
      const estilo = getComputedStyle(el);
      if (r.width <= 1 || r.height <= 1 || estilo.visibility === 'hidden') continue;
      if (el.tagName === 'A' && el.parentElement?.matches('p, span, label, small')) continue;
      if (el.closest('.mantine-Input-section')) continue;
      // Mantine's inputs are sized by their wrapper; a native checkbox hidden under its styled box is counted above.
      if (el instanceof HTMLInputElement && getComputedStyle(el).opacity === '0' && caja === el) continue;
      if (r.width < 43.5 || r.height < 43.5) {
        const nombre = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40) || el.tagName;
        fallas.push(`${el.tagName.toLowerCase()} «${nombre}» (${Math.round(r.width)} x ${Math.round(r.height)})`);
      }
    }
    return [...new Set(fallas)];
  });
}

describe.concurrent('en una pantalla táctil de 375 px, todo control mide al menos 44 x 44 px', () => {
  const enSesion = useSesiones({ viewport: { width: 375, height: 812 }, tactil: true });
  const PANTALLAS: { correo: string | null; ruta: (d: Demo) => string }[] = [
    { correo: null, ruta: () => '/servicios' },
    { correo: null, ruta: () => '/registrar' },
    { correo: DEMO.paciente, ruta: () => '/dashboard' },
    { correo: DEMO.paciente, ruta: () => '/miscitas' },
    { correo: DEMO.asistente, ruta: (d) => `/citaspaciente/${d.paciente}` },
    { correo: DEMO.asistente, ruta: () => '/consultarcitas' },
    { correo: DEMO.asistente, ruta: () => '/calendariocitas' },
    { correo: DEMO.admin, ruta: () => '/listarusuarios' },
  ];
  for (const { correo, ruta } of PANTALLAS) {
    it(`${ruta({ paciente: 0, cita: 0 }).replace('/0', '/{paciente}')} (${correo ?? 'sin sesión'})`, () =>
      enSesion(async ({ page }) => {
        const d = await demo();
        if (correo) await signInAs(page, correo);
        await abrir(page, ruta(d), 'light');
        expect(await pequenos(page)).toEqual([]);
      }));
  }
});
