// Bundles the API into dist/server.js; npm packages stay external, workspace sources are inlined.
import { build } from 'esbuild';

const shared = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // @clinica/contracts ships TypeScript sources: inline it instead of leaving it external.
  plugins: [
    {
      name: 'inline-contracts',
      setup(b) {
        b.onResolve({ filter: /^@clinica\/contracts\// }, async (args) => {
          if (args.pluginData === 'skip') return undefined;
          const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'skip' });
          return { path: r.path, external: false };
        });
      },
    },
  ],
};

await build({
  ...shared,
  entryPoints: {
    server: 'src/server.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
  },
  outdir: 'dist',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
