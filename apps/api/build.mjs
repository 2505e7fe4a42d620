// Bundles the API into dist/; npm packages stay external, the workspace contracts (TypeScript
// sources) are inlined. Code reached only through `await import()` (PDFs, the demo seed, PostgreSQL or Redis
// wiring...) goes to separate chunks, loaded when first needed: start-up does not pay for it (issue 12, item 5).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const contracts = path.resolve(import.meta.dirname, '../../packages/contracts/src');

// API_DIST: another folder (test/arranque.test.ts builds into a temporary one, leaving dist/ alone).
const outdir = path.resolve(process.env.API_DIST ?? path.join(import.meta.dirname, 'dist'));
// Chunk names carry a hash: without this, a previous build's chunks would pile up beside the new ones.
rmSync(outdir, { recursive: true, force: true });

await build({
  // The PDF worker threads' entry (lib/pdf-pool.ts, decision 0044) is dist/pdf-worker.js, beside server.js.
  entryPoints: {
    server: path.join(import.meta.dirname, 'src/server.ts'),
    'pdf-worker': path.join(import.meta.dirname, 'src/pdf-worker.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: [
    {
      name: 'inline-contracts',
      setup(b) {
        b.onResolve({ filter: /^@clinica\/contracts\// }, (args) => ({
          path: path.join(contracts, `${args.path.slice('@clinica/contracts/'.length)}.ts`),
        }));
      },
    },
  ],
});
