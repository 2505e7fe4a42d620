import react from '@vitejs/plugin-react';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Modules of the public shell (layout, shared components, query hooks); their dependencies come along. */
const PUBLICO =
  /[\\/]src[\\/](app[\\/](layouts[\\/](public-layout|navigation-progress|layouts\.module)|theme-switch)|components[\\/](?!proveedor-fechas|seccion-no-disponible)|lib[\\/](format|clinica|media)\.ts)|[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]/;

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

const api = process.env.API_URL ?? 'http://localhost:3000';
const proxied = [
  '/apiusuarios',
  '/apicarrito',
  '/apiprocedimientos',
  '/apicategoriaprocedimientos',
  '/apicitas',
  '/apihistorialmedico',
  '/media',
  '/salud',
  '/socket.io',
];

export default defineConfig({
  plugins: [react(), precargas()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, ws: p === '/socket.io' }])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
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
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
