// Flat config: typescript-eslint everywhere (type-aware on TypeScript, decision 0001), react-hooks and jsx-a11y
// on the web, the import boundaries of STYLE 7 and no import circles.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * STYLE 7: a feature never imports another feature; shared code lives in components/, lib/ or the contracts
 * package, and composition happens in app/ (web) or the composition root (API). One zone per feature folder,
 * read from disk so a new feature is covered without touching this file.
 */
function featureZones(featuresDir) {
  const dir = path.join(root, featuresDir);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({
      target: `${featuresDir}/${e.name}`,
      from: featuresDir,
      except: [`./${e.name}`],
      message: 'Una funcionalidad no importa otra (STYLE 7): mueve lo compartido a lib/ o a contracts.',
    }));
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-servidor/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/drizzle/**',
      'bench/results/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules: the promise mistakes tsc lets through (a forgotten await, an async callback where a
    // void one is expected, awaiting a non-promise).
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/{api,web}/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...featureZones('apps/web/src/features'),
            ...featureZones('apps/api/src/features'),
            {
              target: 'apps/web/src/lib',
              from: 'apps/web/src/app',
              message: 'lib/ no depende de app/ (STYLE 7): app/ compone, lib/ es compartido.',
            },
            // Shared folders serve every feature, so they import none (issue 22, item 8).
            ...['components', 'lib'].map((compartida) => ({
              target: `apps/web/src/${compartida}`,
              from: 'apps/web/src/features',
              message: `${compartida}/ es compartido y no importa funcionalidades (STYLE 7): mueve lo común a ${compartida}/ o a contracts.`,
            })),
          ],
        },
      ],
    },
  },
  {
    // No import circles (issue 22, item 8): a module never reaches itself through its imports. Type-only imports
    // are erased and do not count; dynamic imports do.
    files: ['apps/{api,web}/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
