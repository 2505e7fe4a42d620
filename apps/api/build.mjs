// Bundles the API into dist/; npm packages stay external, the workspace contracts (TypeScript
// sources) are inlined.
import path from 'node:path';
import { build } from 'esbuild';

const contracts = path.resolve(import.meta.dirname, '../../packages/contracts/src');

await build({
  entryPoints: { server: path.join(import.meta.dirname, 'src/server.ts') },
  outdir: path.join(import.meta.dirname, 'dist'),
  bundle: true,
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
