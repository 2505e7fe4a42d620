// axe-core on a page, run the way @axe-core/playwright's AxeBuilder.analyze() runs it (axe.runPartial in the page
// and in each of its frames, then axe.finishRun in a separate blank page), without its two fixed costs per call:
// AxeBuilder opens and closes a new blank page for every analysis and evaluates axe's 550 KB source again each
// time. Here the blank page is one per browser connection and the source is injected once per document. In the
// screen sweep (recorrido.spec.ts, ~90 analyses per role) those costs were half of the sweep's time (decision 0025).
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Browser, Frame, Page } from 'playwright-core';

/** The axe-core that @axe-core/playwright itself depends on and injects (its own pinned copy, not the hoisted one). */
const requerir = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const { source } = requerir('axe-core') as { source: string };

/** AxeBuilder's configuration for frames and the blank page when axe.runPartial exists (every axe-core >= 4.3). */
const CONFIGURAR = `;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`;

type Axe = {
  runPartial(context: unknown, options: RunOptions): Promise<unknown>;
  finishRun(partials: unknown[], options: RunOptions): Promise<AxeResults>;
  utils: {
    getFrameContexts(context: unknown): { frameSelector: unknown; frameContext: unknown }[];
    shadowSelect(selector: unknown): Element | null;
  };
};
declare global {
  interface Window {
    axe?: Axe;
  }
}

/** Injects axe into the frame's document unless it is already there (the app navigates without reloading). */
async function inyectar(frame: Frame, configurar: boolean): Promise<void> {
  if (await frame.evaluate(() => typeof window.axe?.runPartial === 'function')) return;
  await frame.evaluate(source);
  if (configurar) await frame.evaluate(CONFIGURAR);
}

/**
 * axe.runPartial in `frame` and, recursively, in the frames axe asks for; the partial results in axe's order
 * (a frame's own, then its children's). As AxeBuilder: a child frame that cannot be analysed counts as null, and
 * only a failure in the top frame fails the analysis.
 */
async function parciales(
  frame: Frame,
  context: unknown,
  options: RunOptions,
  principal: boolean,
): Promise<() => Promise<unknown[]>> {
  const contextos = await frame.evaluate((c) => window.axe!.utils.getFrameContexts(c), context);
  const propio = frame.evaluate(({ c, o }) => window.axe!.runPartial(c, o), { c: context, o: options });
  propio.catch(() => {});
  const hijos: ((() => Promise<unknown[]>) | null)[] = [];
  for (const { frameSelector, frameContext } of contextos) {
    let hijo: (() => Promise<unknown[]>) | null = null;
    try {
      const elemento = (
        await frame.evaluateHandle((s) => window.axe!.utils.shadowSelect(s), frameSelector)
      ).asElement();
      const marco = await elemento?.contentFrame();
      if (marco) {
        // AxeBuilder gives a frame's injection one second.
        await Promise.race([
          inyectar(marco, true),
          new Promise((_, rechazar) => setTimeout(() => rechazar(new Error('Script Timeout')), 1_000).unref()),
        ]);
        hijo = await parciales(marco, frameContext, options, false);
      }
    } catch {
      // Left out, as AxeBuilder leaves it out.
    }
    hijos.push(hijo);
  }
  return async () => {
    try {
      const delMarco = await propio;
      const deHijos = await Promise.all(hijos.map((h) => (h ? h().catch(() => [null]) : Promise.resolve([null]))));
      return [delMarco, ...deHijos.flat(1)];
    } catch (e) {
      if (principal) throw e;
      return [null];
    }
  };
}

/** One blank page per browser connection for axe.finishRun, in a context of its own. */
const paginasEnBlanco = new WeakMap<Browser, Promise<Page>>();

function paginaEnBlanco(browser: Browser): Promise<Page> {
  let pagina = paginasEnBlanco.get(browser);
  if (!pagina) {
    pagina = (async () => {
      const p = await (await browser.newContext()).newPage();
      await p.evaluate(source);
      await p.evaluate(CONFIGURAR);
      return p;
    })();
    paginasEnBlanco.set(browser, pagina);
  }
  return pagina;
}

/**
 * axe on `page` (only inside `incluir`, if given) with `options` (runOnly tags or rules), as
 * `new AxeBuilder({ page }).include(...).withTags(...).analyze()` would.
 */
export async function analizarAxe(page: Page, options: RunOptions, incluir: string[] = []): Promise<AxeResults> {
  const browser = page.context().browser();
  if (!browser) throw new Error('La página no pertenece a un navegador conectado');
  const context = { exclude: [], include: incluir };
  await inyectar(page.mainFrame(), false);
  const partials = await (await parciales(page.mainFrame(), context, options, true))();
  const enBlanco = await paginaEnBlanco(browser);
  return enBlanco.evaluate(({ p, o }) => window.axe!.finishRun(JSON.parse(p) as unknown[], o), {
    p: JSON.stringify(partials),
    o: options,
  });
}
