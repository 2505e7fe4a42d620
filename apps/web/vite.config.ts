// A relative path, not the package name: Vite bundles relative imports of its config but loads packages with
// Node, which cannot run the contracts' TypeScript sources on Node 20.
import { SCRIPT_TEMA } from '../../packages/contracts/src/tema.ts';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { proxyApi } from './proxy-api.ts';

/** Modules of the public shell (layout, shared components, query hooks); their dependencies come along. */
const PUBLICO =
  /[\\/]src[\\/](app[\\/](layouts[\\/](public-layout|navigation-progress|layouts\.module)|theme-switch)|components[\\/](?!proveedor-fechas)|lib[\\/](format|clinica|media|paginacion)\.ts)|[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]/;

/** Fonts the first paint of a public page uses (body text and headings); the rest load when used. */
const FUENTES_INICIALES = [/inter-latin-wght-normal-[\w-]+\.woff2$/, /fraunces-latin-500-normal-[\w-]+\.woff2$/];

/**
 * index.html is the same for every route, and every layout starts from the 'publico' chunk: preload it (and its
 * CSS) with the entry instead of discovering it after the entry has run, and preload the first paint's fonts.
 */
function precargas(): Plugin {
  return {
    name: 'clinica:precargas',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const tags: HtmlTagDescriptor[] = [];
        const bundle = Object.values(ctx.bundle ?? {});
        if (!bundle.some((item) => item.type === 'chunk' && item.name === 'publico')) {
          this.warn("no hay chunk 'publico': revisa PUBLICO en vite.config.ts");
        }
        for (const item of bundle) {
          if (item.type === 'chunk' && item.name === 'publico' && !item.isEntry) {
            tags.push({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${item.fileName}` },
              injectTo: 'head',
            });
            for (const css of item.viteMetadata?.importedCss ?? []) {
              tags.push({
                tag: 'link',
                attrs: { rel: 'stylesheet', crossorigin: true, href: `/${css}` },
                injectTo: 'head',
              });
            }
          }
          if (item.type === 'asset' && FUENTES_INICIALES.some((re) => re.test(item.fileName))) {
            tags.push({
              tag: 'link',
              attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href: `/${item.fileName}` },
              injectTo: 'head',
            });
          }
        }
        return tags;
      },
    },
  };
}

/**
 * The colour scheme before the first paint: the inline script goes first in <head> (the server-rendered public pages
 * paint before any module runs). The API's CSP allows exactly this text by its hash (plugins/security.ts).
 */
function temaInicial(): Plugin {
  return {
    name: 'clinica:tema-inicial',
    transformIndexHtml: () => [{ tag: 'script', children: SCRIPT_TEMA, injectTo: 'head-prepend' }],
  };
}

/**
 * The client manifest goes next to the server bundle (apps/web/dist-servidor/, read by the API for the server-rendered
 * pages), not among the public files. The server bundle is built first (package.json), so emptying its folder does
 * not remove it.
 */
function manifiestoParaElServidor(): Plugin {
  return {
    name: 'clinica:manifiesto-para-el-servidor',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(opciones) {
      const dir = opciones.dir ?? 'dist';
      const origen = path.join(dir, '.vite', 'manifest.json');
      if (!existsSync(origen)) return;
      const destino = path.resolve(dir, '..', 'dist-servidor');
      mkdirSync(destino, { recursive: true });
      renameSync(origen, path.join(destino, 'manifiesto-cliente.json'));
      rmSync(path.join(dir, '.vite'), { recursive: true, force: true });
    },
  };
}

/**
 * Test files that need a fresh module graph: vi.mock replaces a module only for importers loaded after it (a shared
 * worker has them loaded already), and the server render sets the API client's transport for the whole graph.
 */
const AISLADOS = [
  'src/app/router.test.tsx',
  'src/entrada-servidor.test.tsx',
  'src/features/dashboard/panel-doctor-screen.test.tsx',
  'src/features/notificaciones/notificaciones-ui.test.tsx',
  'src/lib/notificaciones/notificaciones-context.test.tsx',
];

/** Dev server only: where `npm run dev` sends API calls (the API's PORT). */
const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), temaInicial(), precargas(), manifiestoParaElServidor()],
  // VITE_* settings come from the repository's .env too, like the server's (tests keep the defaults).
  envDir: process.env.VITEST ? false : '../..',
  server: {
    port: 5173,
    // Every prefix the contracts' endpoints use, and the live connection.
    proxy: proxyApi(api),
  },
  // The server render (src/entrada-servidor.tsx, `vite build --ssr`): one self-contained bundle the API loads, so the
  // API's deployment needs none of the web's packages.
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? { target: 'node20', sourcemap: false, copyPublicDir: false, outDir: 'dist-servidor', emptyOutDir: true }
    : {
        target: 'es2022',
        sourcemap: false,
        // Which files each screen needs (its CSS above all), for the server-rendered pages' <head>; moved next to
        // the server bundle by manifiestoParaElServidor().
        manifest: true,
        chunkSizeWarningLimit: 500,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Everything the entry imports statically (React, React Router, TanStack Query, Mantine's core, the
                // providers and the route table): one chunk instead of a dozen shared slivers.
                { name: 'inicial', tags: ['$initial'], priority: 3 },
                // The public site's shell and what every public screen shares, with the Mantine pieces they use.
                { name: 'publico', test: PUBLICO, priority: 2 },
              ],
            },
          },
        },
      },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Most of a file's time was loading jsdom, React and Mantine again: files share a worker's modules and document
    // (src/test/setup.ts resets what a file leaves behind), except those that need their own module graph. Lists
    // belong in the projects: extending the root config concatenates them.
    projects: [
      {
        extends: true,
        test: {
          name: 'compartido',
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...AISLADOS],
        },
      },
      { extends: true, test: { name: 'aislado', include: AISLADOS } },
    ],
    // A busy 2-core machine (another suite, a build) makes jsdom rendering several times slower than on a quiet
    // one: generous limits instead of retries. A passing test never comes near them.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // jsdom files are CPU-bound and the main process idles: one per core (vitest's default is cores - 1).
    maxWorkers: 2,
  },
}));
