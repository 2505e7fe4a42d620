// npm run bench:paginas -w @clinica/bench: what a phone downloads and sees on the public pages (QUALITY: initial JS
// <= 120 KB gzip, Lighthouse mobile performance >= 95 and accessibility 100, no chunk > 500 KB minified).
//
// Starts the built server (apps/api/dist/server.js serving apps/web/dist; run `npm run build` first) on a fresh
// DATA_DIR with the demo data, then for /inicio and /servicios at 375x812 in headless Chromium:
//   - which .js files the page requested before the load event and until network idle;
//   - what those files weigh gzip and brotli (each file asked again with `accept-encoding: gzip` / `br`, so both
//     numbers describe the same set of files) and minified (identity), plus what the browser itself transferred;
//   - LCP and CLS from PerformanceObserver (median of PAGINAS_RUNS cold loads, 3 by default).
// Then Lighthouse 12 (mobile preset: simulated Moto G Power, slow 4G) on the same server, performance and
// accessibility, median of LIGHTHOUSE_RUNS runs (3 by default: one run's TBT swings by 100-300 ms on a 2-core machine;
// LIGHTHOUSE_RUNS=0 skips it).
// Writes bench/results/paginas.json and bench/results/paginas.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, stop, waitFor } from './procesos.ts';
import { ENTORNO_NODE, OPCIONES_NODE } from '../scripts/opciones-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
// The three pages the API renders with the catalogue (decision 0022); id 1 is the demo catalogue's first service.
const PAGES = ['/inicio', '/servicios', '/servicios/1'];
const VIEWPORT = { width: 375, height: 812 };
const RUNS = Math.max(1, Number(process.env.PAGINAS_RUNS ?? 3));
const LH_RUNS = Math.max(0, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const KB = 1024;
/** The built web the server serves (the server reads the same WEB_DIST variable). */
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));

/** QUALITY.md, public pages. */
export const TARGETS = {
  initialJsGzipKB: 120,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  chunkMinKB: 500,
};

type Sizes = { gzip: number; br: number; min: number };
type JsFile = { url: string; beforeLoad: boolean; browserTransferred: number } & Sizes;
type PageResult = {
  path: string;
  scripts: { beforeLoad: number; afterIdle: number };
  jsBeforeLoad: Sizes & { browser: number };
  jsAfterIdle: Sizes & { browser: number };
  cssAfterIdle: Sizes;
  largestLoadedChunk: { file: string; min: number; gzip: number };
  lcpMs: number;
  cls: number;
  runs: { lcpMs: number; cls: number; lcpElement: string }[];
  files: JsFile[];
};
type LighthouseResult = {
  path: string;
  performance: number;
  accessibility: number;
  runs: { performance: number; accessibility: number }[];
  metrics: Record<string, number | undefined>;
  failedA11yAudits: string[];
  /** Runs that failed (and were not retried successfully). */
  errores?: string[];
};

async function startApi() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-bench-paginas-'));
  const child = spawn(process.execPath, [...OPCIONES_NODE, path.join(ROOT, 'apps/api/dist/server.js')], {
    cwd: ROOT,
    env: {
      ...ENTORNO_NODE,
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      RATE_LIMIT_MAX: '100000000',
      SEMILLA_DEMO: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/salud/lista`, child);
  return { base, child, dataDir };
}

/** Body bytes on the wire for one URL and one accept-encoding (the server sends the pre-compressed file). */
function bodyBytes(url: string, encoding: 'gzip' | 'br' | 'identity'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`${url}: ${res.statusCode}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const sizeCache = new Map<string, Sizes>();
async function sizesOf(url: string): Promise<Sizes> {
  const hit = sizeCache.get(url);
  if (hit) return hit;
  const s = {
    gzip: await bodyBytes(url, 'gzip'),
    br: await bodyBytes(url, 'br'),
    min: await bodyBytes(url, 'identity'),
  };
  sizeCache.set(url, s);
  return s;
}

const sum = (xs: Sizes[]): Sizes => ({
  gzip: xs.reduce((a, x) => a + x.gzip, 0),
  br: xs.reduce((a, x) => a + x.br, 0),
  min: xs.reduce((a, x) => a + x.min, 0),
});
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const kb = (n: number) => (n / KB).toFixed(1);

// Page-side code is passed as strings: this package's tsconfig has no DOM lib.
const OBSERVERS = `
  window.__lcp = null; window.__cls = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  // CLS as the web-vitals library defines it: the largest session window (gap < 1 s, window < 5 s).
  let win = 0, first = 0, last = 0;
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      if (e.hadRecentInput) continue;
      if (win && e.startTime - last < 1000 && e.startTime - first < 5000) { win += e.value; }
      else { win = e.value; first = e.startTime; }
      last = e.startTime;
      window.__cls = Math.max(window.__cls, win);
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;
const COLLECT = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const lcp = window.__lcp;
  const el = lcp && lcp.element;
  return {
    loadEventStart: nav.loadEventStart,
    lcpMs: lcp ? lcp.startTime : -1,
    lcpElement: el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '') : '(ninguno)',
    cls: window.__cls,
    resources: performance.getEntriesByType('resource').map((r) => ({
      name: r.name, startTime: r.startTime, responseEnd: r.responseEnd, transferSize: r.transferSize, encodedBodySize: r.encodedBodySize,
    })),
  };
})()`;
type Collected = {
  loadEventStart: number;
  lcpMs: number;
  lcpElement: string;
  cls: number;
  resources: { name: string; startTime: number; responseEnd: number; transferSize: number; encodedBodySize: number }[];
};

async function measurePage(base: string, pagePath: string): Promise<PageResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const runs: Collected[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: 'es-CO',
        timezoneId: 'America/Bogota',
      });
      const page = await context.newPage();
      await page.addInitScript({ content: OBSERVERS });
      await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300); // let the last paints land in the observers
      runs.push((await page.evaluate(COLLECT)) as Collected);
      await context.close();
    }
  } finally {
    await browser.close();
  }

  // The file list is the same on every cold load; take it from the first one.
  const first = runs[0]!;
  const files: JsFile[] = [];
  const css: Sizes[] = [];
  for (const r of first.resources) {
    const url = new URL(r.name);
    if (url.origin !== base) continue;
    if (url.pathname.endsWith('.css')) css.push(await sizesOf(r.name));
    if (!url.pathname.endsWith('.js')) continue;
    files.push({
      url: url.pathname,
      beforeLoad: r.responseEnd <= first.loadEventStart,
      browserTransferred: r.encodedBodySize,
      ...(await sizesOf(r.name)),
    });
  }
  files.sort((a, b) => b.min - a.min);
  const before = files.filter((f) => f.beforeLoad);
  const largest = files[0];
  return {
    path: pagePath,
    scripts: { beforeLoad: before.length, afterIdle: files.length },
    jsBeforeLoad: { ...sum(before), browser: before.reduce((a, f) => a + f.browserTransferred, 0) },
    jsAfterIdle: { ...sum(files), browser: files.reduce((a, f) => a + f.browserTransferred, 0) },
    cssAfterIdle: sum(css),
    largestLoadedChunk: { file: largest?.url ?? '-', min: largest?.min ?? 0, gzip: largest?.gzip ?? 0 },
    lcpMs: median(runs.map((r) => r.lcpMs)),
    cls: median(runs.map((r) => r.cls)),
    runs: runs.map((r) => ({ lcpMs: Math.round(r.lcpMs), cls: Number(r.cls.toFixed(4)), lcpElement: r.lcpElement })),
    files,
  };
}

/** Every chunk in the build, largest first (QUALITY: none above 500 KB minified). */
function distChunks() {
  const dir = path.join(WEB_DIST, 'assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, min: statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.min - a.min);
}

type LhRun = { performance: number; accessibility: number; lhr: import('lighthouse').Result };

async function lighthouseRun(
  lighthouse: typeof import('lighthouse').default,
  chromeLauncher: typeof import('chrome-launcher'),
  url: string,
): Promise<LhRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  });
  try {
    const r = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      undefined,
    );
    if (!r) throw new Error('lighthouse no devolvió resultado');
    const lhr = r.lhr;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lhr,
    };
  } finally {
    chrome.kill();
  }
}

async function runLighthouse(base: string): Promise<{ results: LighthouseResult[]; skipped?: string }> {
  if (LH_RUNS === 0) return { results: [], skipped: 'LIGHTHOUSE_RUNS=0' };
  let lighthouse: typeof import('lighthouse').default;
  let chromeLauncher: typeof import('chrome-launcher');
  try {
    lighthouse = (await import('lighthouse')).default;
    chromeLauncher = await import('chrome-launcher');
  } catch (err) {
    return { results: [], skipped: `lighthouse no está instalado (${(err as Error).message})` };
  }
  const results: LighthouseResult[] = [];
  for (const pagePath of PAGES) {
    const runs: LhRun[] = [];
    const errores: string[] = [];
    for (let i = 0; i < LH_RUNS; i++) {
      // A fresh browser per run: cold cache, no state from the previous run. A run that fails (Chromium now and
      // then shows an interstitial on a busy machine) is tried once more.
      for (let intento = 1; intento <= 2; intento++) {
        try {
          runs.push(await lighthouseRun(lighthouse, chromeLauncher, `${base}${pagePath}`));
          break;
        } catch (err) {
          errores.push((err as Error).message);
          console.log(`lighthouse ${pagePath}: ejecución fallida (${(err as Error).message})`);
        }
      }
    }
    if (runs.length === 0) {
      results.push({
        path: pagePath,
        performance: 0,
        accessibility: 0,
        runs: [],
        metrics: {},
        failedA11yAudits: [],
        errores,
      });
      continue;
    }
    // Report the run with the median performance score, and its metrics.
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    const mid = sorted[Math.floor(sorted.length / 2)]!;
    const audit = (id: string) => mid.lhr.audits[id]?.numericValue;
    const a11yRefs = mid.lhr.categories.accessibility?.auditRefs ?? [];
    results.push({
      path: pagePath,
      performance: mid.performance,
      accessibility: Math.min(...runs.map((r) => r.accessibility)),
      runs: runs.map(({ performance, accessibility }) => ({ performance, accessibility })),
      metrics: {
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        speedIndexMs: audit('speed-index'),
        totalByteWeight: audit('total-byte-weight'),
      },
      failedA11yAudits: a11yRefs
        .filter((ref) => ref.weight > 0 && mid.lhr.audits[ref.id]?.score !== null && mid.lhr.audits[ref.id]!.score! < 1)
        .map((ref) => ref.id),
    });
    console.log(
      `lighthouse ${pagePath}: rendimiento ${mid.performance}, accesibilidad ${results.at(-1)!.accessibility}`,
    );
  }
  return { results };
}

function markdown(
  fecha: string,
  pages: PageResult[],
  chunks: { file: string; min: number }[],
  lh: Awaited<ReturnType<typeof runLighthouse>>,
  carga: string,
) {
  const ok = (pass: boolean) => (pass ? 'cumple' : '**no cumple**');
  const biggest = chunks[0];
  const lines = [
    `# Páginas públicas: peso y métricas (${fecha})`,
    '',
    `Chromium headless (${CHROMIUM}), ${VIEWPORT.width}x${VIEWPORT.height}, caché vacía, servidor compilado local ` +
      `(apps/api/dist/server.js sirviendo apps/web/dist con los .br/.gz precomprimidos). ${os.cpus().length} núcleos, ` +
      `Node ${process.version}. LCP y CLS: mediana de ${RUNS} cargas sin limitación de red ni de CPU (las de ` +
      'Lighthouse, más abajo, simulan un teléfono en 4G lenta). Script: `bench/paginas.ts`. Carga de la máquina ' +
      `al empezar (os.loadavg 1/5/15 min): ${carga}.`,
    '',
    '"Antes de load": archivos .js terminados antes del evento load. "Tras networkidle": todo lo que la página ' +
      'pidió hasta quedar en reposo (incluye la pantalla de la ruta y los datos que la pintan). Cada archivo se ' +
      'pidió de nuevo con `accept-encoding: gzip` y con `br` para medir ambos.',
    '',
    '| página | JS antes de load (gzip / br) | JS tras networkidle (gzip / br) | objetivo gzip | scripts (load / idle) | chunk más grande cargado (min) | CSS (gzip) | LCP | CLS |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|',
    ...pages.map(
      (p) =>
        `| ${p.path} | ${kb(p.jsBeforeLoad.gzip)} KB / ${kb(p.jsBeforeLoad.br)} KB | ${kb(p.jsAfterIdle.gzip)} KB / ${kb(p.jsAfterIdle.br)} KB | ` +
        `<= ${TARGETS.initialJsGzipKB} KB: ${ok(p.jsAfterIdle.gzip <= TARGETS.initialJsGzipKB * KB)} | ` +
        `${p.scripts.beforeLoad} / ${p.scripts.afterIdle} | ${p.largestLoadedChunk.file.replace('/assets/', '')} ${kb(p.largestLoadedChunk.min)} KB | ` +
        `${kb(p.cssAfterIdle.gzip)} KB | ${Math.round(p.lcpMs)} ms | ${p.cls.toFixed(3)} |`,
    ),
    '',
    `Chunk más grande de toda la compilación: ${biggest?.file ?? '-'} ${kb(biggest?.min ?? 0)} KB minificado ` +
      `(objetivo <= ${TARGETS.chunkMinKB} KB: ${ok((biggest?.min ?? 0) <= TARGETS.chunkMinKB * KB)}); ${chunks.length} archivos .js en total.`,
    '',
    '## Lighthouse (móvil)',
    '',
  ];
  if (lh.skipped) {
    lines.push(`No se ejecutó: ${lh.skipped}.`);
  } else {
    lines.push(
      `Lighthouse 12, preajuste móvil por defecto (Moto G Power emulado, red 4G lenta y CPU x4 simuladas), ${LH_RUNS} ` +
        'ejecución(es) por página con navegador nuevo; se muestra la de rendimiento mediano.',
      '',
      `| página | rendimiento (>= ${TARGETS.lighthousePerformance}) | accesibilidad (${TARGETS.lighthouseAccessibility}) | FCP | LCP | TBT | CLS | Speed Index | auditorías de accesibilidad falladas |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
      ...lh.results.map((r) =>
        r.runs.length === 0
          ? `| ${r.path} | sin resultado | sin resultado | | | | | | ${(r.errores ?? []).join('; ')} |`
          : `| ${r.path} | ${r.performance} (${ok(r.performance >= TARGETS.lighthousePerformance)}) | ${r.accessibility} (${ok(r.accessibility >= TARGETS.lighthouseAccessibility)}) | ` +
            `${Math.round(r.metrics.fcpMs ?? 0)} ms | ${Math.round(r.metrics.lcpMs ?? 0)} ms | ${Math.round(r.metrics.tbtMs ?? 0)} ms | ` +
            `${(r.metrics.cls ?? 0).toFixed(3)} | ${Math.round(r.metrics.speedIndexMs ?? 0)} ms | ${r.failedA11yAudits.join(', ') || 'ninguna'} |`,
      ),
    );
  }
  lines.push('', '## Archivos .js por página (tras networkidle)', '');
  for (const p of pages) {
    lines.push(`### ${p.path}`, '', '| archivo | antes de load | min | gzip | br |', '|---|---|---:|---:|---:|');
    for (const f of p.files) {
      lines.push(
        `| ${f.url.replace('/assets/', '')} | ${f.beforeLoad ? 'sí' : 'no'} | ${kb(f.min)} KB | ${kb(f.gzip)} KB | ${kb(f.br)} KB |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

export async function benchPaginas() {
  if (!existsSync(path.join(ROOT, 'apps/api/dist/server.js')) || !existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('Falta la compilación de producción: ejecuta "npm run build" antes.');
  }
  if (!existsSync(CHROMIUM)) throw new Error(`No se encontró Chromium en ${CHROMIUM} (CHROMIUM_PATH)`);
  // The machine is shared: what else was running when this started is part of the result (issue 12.7).
  const carga = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  const api = await startApi();
  try {
    const pages: PageResult[] = [];
    for (const p of PAGES) {
      const r = await measurePage(api.base, p);
      pages.push(r);
      console.log(
        `${p}: JS antes de load ${kb(r.jsBeforeLoad.gzip)} KB gzip / ${kb(r.jsBeforeLoad.br)} KB br (${r.scripts.beforeLoad} scripts); ` +
          `tras networkidle ${kb(r.jsAfterIdle.gzip)} KB gzip / ${kb(r.jsAfterIdle.br)} KB br (${r.scripts.afterIdle} scripts); ` +
          `LCP ${Math.round(r.lcpMs)} ms, CLS ${r.cls.toFixed(3)}`,
      );
    }
    const chunks = distChunks();
    const lh = await runLighthouse(api.base);
    const fecha = new Date().toISOString();
    const json = {
      fecha,
      node: process.version,
      cpus: os.cpus().length,
      cargaAlEmpezar: carga,
      viewport: VIEWPORT,
      runs: RUNS,
      targets: TARGETS,
      pages,
      largestChunkInBuild: chunks[0] ?? null,
      jsFilesInBuild: chunks.length,
      lighthouse: lh,
    };
    const md = markdown(fecha, pages, chunks, lh, carga);
    const out = path.join(import.meta.dirname, 'results');
    writeFileSync(path.join(out, 'paginas.json'), `${JSON.stringify(json, null, 2)}\n`);
    writeFileSync(path.join(out, 'paginas.md'), `${md}\n`);
    console.log(`\n${md.split('\n## Archivos')[0]}`);
    return json;
  } finally {
    await stop(api.child);
    rmSync(api.dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith('paginas.ts')) {
  await benchPaginas();
}
