// What every e2e spec uses: a fresh browser context on the shared Chromium, the base URL,
// and helpers that create state through the API (STYLE 11), not by clicking through setup.
import { expect as playwrightExpect } from '@playwright/test';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

/**
 * Playwright's retrying assertions (`await expect(locator).toBeVisible()`), usable outside its runner; they
 * also take plain values like vitest's. A generous timeout: the shared 2-core machine can be busy.
 */
export const expect = playwrightExpect.configure({ timeout: 20_000 });

/**
 * Waits until React has hydrated this element (it keeps its props on the DOM node): a server-rendered public page
 * paints before its code runs, and a click on it before hydration is lost.
 */
export const interactiva = (locator: Locator) =>
  expect
    .poll(() => locator.first().evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))))
    .toBe(true);

export const DEMO_PASSWORD = 'clinica-demo-2026';
export const DEMO = {
  admin: 'admin@demo.test',
  doctor: 'doctor@demo.test',
  asistente: 'asistente@demo.test',
  paciente: 'paciente@demo.test',
} as const;

export const baseURL = () => inject('baseURL');

type Opciones = {
  viewport?: { width: number; height: number };
  /** A phone or tablet: touch events and `(pointer: coarse)`, as the device's browser reports them. */
  tactil?: boolean;
};

/** A browser context of its own, watched as STYLE 12 asks; `cerrar` closes it and throws what its pages logged. */
export type Sesion = {
  context: BrowserContext;
  page: Page;
  /**
   * Lets this context's pages log console errors matching `patron` (e.g. the browser's "Failed to load resource:
   * ... 401" when a test signs in with a wrong password on purpose). Anything else fails the test.
   */
  permitirErrorDeConsola(patron: RegExp): void;
  cerrar(): Promise<void>;
};

/**
 * A new context and page on `browser`, in the clinic's locale and zone. STYLE 12: an uncaught page error or a
 * console.error on any of its pages fails the test at `cerrar`, unless it was declared with
 * permitirErrorDeConsola.
 */
export async function nuevaSesion(browser: Browser, opts: Opciones = {}): Promise<Sesion> {
  const errores: string[] = [];
  const permitidos: RegExp[] = [];
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    viewport: opts.viewport ?? { width: 1280, height: 900 },
    ...(opts.tactil ? { hasTouch: true, isMobile: true } : {}),
  });
  // On the context, so pages a test opens itself (a second tab) are watched too.
  context.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    const { url, lineNumber } = msg.location();
    // The browser logs a failed request with the URL only in the location: match both.
    const texto = `${msg.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
    if (!permitidos.some((p) => p.test(texto))) errores.push(`console.error: ${texto}`);
  });
  context.on('weberror', (e) => errores.push(`error no capturado: ${e.error().message}`));
  return {
    context,
    page: await context.newPage(),
    permitirErrorDeConsola: (patron) => void permitidos.push(patron),
    async cerrar() {
      await context.close();
      if (errores.length) throw new Error(`La página registró errores:\n${errores.join('\n')}`);
    },
  };
}

/** One browser connection for the spec file (hooks registered by `useBrowser` and `useSesiones`). */
function conectar(): { browser?: Browser } {
  const conexion: { browser?: Browser } = {};
  beforeAll(async () => {
    conexion.browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterAll(async () => {
    await conexion.browser?.close();
  });
  return conexion;
}

export type Ctx = Omit<Sesion, 'cerrar'> & { browser: Browser };

/**
 * Registers hooks: one browser connection per spec file, a new watched context and page per test (see
 * nuevaSesion). Usage: `const t = useBrowser();` then `t.page` inside tests. For tests that run concurrently, use
 * `useSesiones`.
 */
export function useBrowser(opts: Opciones = {}): Ctx {
  const conexion = conectar();
  let sesion: Sesion | undefined;
  const ctx = {
    permitirErrorDeConsola: (patron: RegExp) => sesion?.permitirErrorDeConsola(patron),
  } as Ctx;
  beforeEach(async () => {
    ctx.browser = conexion.browser!;
    sesion = await nuevaSesion(ctx.browser, opts);
    ctx.context = sesion.context;
    ctx.page = sesion.page;
  });
  afterEach(async () => {
    const s = sesion;
    sesion = undefined;
    await s?.cerrar();
  });
  return ctx;
}

/**
 * For tests that run concurrently (`describe.concurrent`), where one context shared through hooks cannot work:
 * registers the spec file's browser connection and returns `enSesion(fn)`, which runs `fn` in a session of its
 * own (nuevaSesion) and closes it after, failing on what its pages logged.
 */
export function useSesiones(opts: Opciones = {}) {
  const conexion = conectar();
  return async function enSesion(fn: (s: Omit<Sesion, 'cerrar'>) => Promise<void>): Promise<void> {
    const sesion = await nuevaSesion(conexion.browser!, opts);
    try {
      await fn(sesion);
    } catch (fallo) {
      // The test's own failure comes first; what the pages logged goes with it.
      await sesion.cerrar().catch((e: Error) => {
        if (fallo instanceof Error) fallo.message += `\n${e.message}`;
      });
      throw fallo;
    }
    await sesion.cerrar();
  };
}

/** Calls the API directly. Returns status and parsed body. */
export async function apiFetch<T = unknown>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Signs in through the API and returns the token. */
export async function loginToken(correo: string, contrasena = DEMO_PASSWORD): Promise<string> {
  const res = await apiFetch<{ token: string }>('/apiusuarios/iniciarsesion', {
    method: 'POST',
    body: { correo, contrasena },
  });
  if (res.status !== 200)
    throw new Error(`No se pudo iniciar sesión como ${correo}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** Puts a token in localStorage before any page script runs (as if the user had signed in). */
export async function signInAs(page: Page, correo: string, contrasena = DEMO_PASSWORD): Promise<string> {
  const token = await loginToken(correo, contrasena);
  await page.addInitScript((t) => {
    // Only the page itself: a sandboxed frame (the e-mail preview in /correos) has no storage to touch.
    if (window !== window.top) return;
    if (!sessionStorage.getItem('__e2e_token_set')) {
      localStorage.setItem('token', t);
      sessionStorage.setItem('__e2e_token_set', '1');
    }
  }, token);
  return token;
}

/** A Colombian cédula that no other test run has used (5-10 digits), for patients a test registers. */
export function cedulaUnica(): string {
  return `${Date.now()}${Math.floor(Math.random() * 10)}`.slice(-10).replace(/^0/, '1');
}

/** A unique suffix for data created by a test. */
export const unico = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
