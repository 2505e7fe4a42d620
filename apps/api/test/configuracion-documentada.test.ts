// Every setting the application reads is documented where a newcomer looks: a row of the README's tables
// and a line (active or commented out) of .env.example. A new variable in config.ts, the web's env.ts or
// the Vite config fails here until both are written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROOT } from '../src/lib/paths.ts';

const REPO = path.resolve(API_ROOT, '../..');
const leer = (rel: string) => readFileSync(path.join(REPO, rel), 'utf8');

function leidas(): string[] {
  const config = leer('apps/api/src/config.ts');
  const esquema = config.slice(config.indexOf('const esquema'), config.indexOf('export type Config'));
  const servidor = [...esquema.matchAll(/^\s+([A-Z][A-Z0-9_]*):\s/gm)].map((m) => m[1]!);
  const web = [...leer('apps/web/src/lib/env.ts').matchAll(/import\.meta\.env\.(VITE_[A-Z0-9_]+)/g)].map((m) => m[1]!);
  const vite = [...leer('apps/web/vite.config.ts').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)]
    .map((m) => m[1]!)
    .filter((v) => v !== 'VITEST');
  return [...new Set([...servidor, ...web, ...vite])];
}

describe('documented configuration', () => {
  it('finds the settings the code reads', () => {
    expect(leidas()).toEqual(
      expect.arrayContaining(['NODE_ENV', 'PORT', 'DATABASE_URL', 'WEB_DIST', 'VITE_API_URL', 'API_URL']),
    );
  });

  it('lists each of them in the README tables and in .env.example', () => {
    const readme = leer('README.md');
    const ejemplo = leer('.env.example');
    const faltan = leidas().flatMap((v) => [
      ...(new RegExp(`^\\| \`${v}\` `, 'm').test(readme) ? [] : [`README.md: ${v}`]),
      ...(new RegExp(`^(# )?${v}=`, 'm').test(ejemplo) ? [] : [`.env.example: ${v}`]),
    ]);
    expect(faltan).toEqual([]);
  });
});

describe('the server start documented for operators', () => {
  it('passes the same Node flags as npm start', async () => {
    const { OPCIONES_NODE, ENTORNO_NODE } = (await import(path.join(REPO, 'scripts/opciones-node.mjs'))) as {
      OPCIONES_NODE: readonly string[];
      ENTORNO_NODE: Readonly<Record<string, string>>;
    };
    expect(OPCIONES_NODE).toContain('--max-semi-space-size=4');
    expect(ENTORNO_NODE).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
    const entorno = Object.entries(ENTORNO_NODE)
      .map(([k, v]) => `${k}=${v} `)
      .join('');
    expect(leer('README.md')).toContain(`${entorno}node ${OPCIONES_NODE.join(' ')} apps/api/dist/server.js`);
    expect(leer('scripts/start.mjs')).toContain('[...OPCIONES_NODE, server]');
    expect(leer('scripts/start.mjs')).toContain('env: { ...ENTORNO_NODE, ...process.env }');
  });
});
