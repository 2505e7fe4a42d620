// npm run db:migrate (and db:seed) as child processes: db:migrate reads the repository's .env the way
// package.json runs it, and on a data directory held by a running server both print the server's Spanish
// message, exit 1 and show no stack trace.
import { execFile, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '../src/db/lock.ts';
import { API_ROOT } from '../src/lib/paths.ts';

const REPO = path.resolve(API_ROOT, '../..');
/** Each run starts Node, compiles TypeScript and opens the database: slow on a busy machine. */
const LIMITE_MS = 120_000;
const temporales: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'clinica-migrar-'));
  temporales.push(dir);
  return dir;
};
afterAll(() => temporales.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Only what the command needs: nothing from the test runner's environment (TEST_DATABASE_URL...) leaks in. */
const entornoBase = () => ({
  PATH: `${path.join(REPO, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
  HOME: process.env.HOME ?? os.tmpdir(),
});

function ejecutar(comando: string, args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ codigo: number | null; salida: string; errores: string }>((resolve, reject) => {
    const hijo = execFile(comando, args, { cwd, env, timeout: LIMITE_MS - 5_000 }, (err, salida, errores) => {
      if (err && typeof err.code !== 'number') return reject(err);
      resolve({ codigo: err ? (err.code as number) : 0, salida, errores });
    });
    hijo.stdin?.end();
  });
}

describe('npm run db:migrate', { timeout: LIMITE_MS }, () => {
  it('reads .env from the repository root as package.json runs it; the real environment wins', async () => {
    // A copy of the repository's layout: scripts/cargar-env.mjs and .env at the root, apps/api with its
    // package.json and (linked) sources, so the db:migrate script runs exactly as npm would run it.
    const raiz = tmp();
    const datos = path.join(raiz, 'datos-desde-env');
    mkdirSync(path.join(raiz, 'scripts'));
    copyFileSync(path.join(REPO, 'scripts/cargar-env.mjs'), path.join(raiz, 'scripts/cargar-env.mjs'));
    const api = path.join(raiz, 'apps/api');
    mkdirSync(api, { recursive: true });
    copyFileSync(path.join(API_ROOT, 'package.json'), path.join(api, 'package.json'));
    symlinkSync(path.join(API_ROOT, 'src'), path.join(api, 'src'));
    writeFileSync(
      path.join(raiz, '.env'),
      [
        '# a value from .env reaches the config',
        `DATA_DIR=${datos}`,
        // overridden by the real environment below: if the file won, the command would fail to connect
        'DATABASE_URL=postgres://nadie@127.0.0.1:1/ninguna',
        '',
      ].join('\n'),
    );
    const script = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8')).scripts['db:migrate'] as string;
    expect(script).toContain('--import ../../scripts/cargar-env.mjs');

    const r = await ejecutar('sh', ['-c', script], api, { ...entornoBase(), NODE_ENV: 'test', DATABASE_URL: '' });
    expect(r.errores).toBe('');
    expect(r.codigo).toBe(0);
    expect(r.salida).toContain('Migraciones aplicadas (pglite)');
    expect(existsSync(path.join(datos, 'pglite'))).toBe(true);
  });

  it('npm start, npm run dev and the other API commands load the same .env', () => {
    const scripts = JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')).scripts as Record<
      string,
      string
    >;
    for (const nombre of ['dev', 'db:migrate', 'db:seed', 'crear-admin'])
      expect(scripts[nombre], nombre).toContain('--import ../../scripts/cargar-env.mjs');
    for (const archivo of ['start.mjs', 'dev.mjs'])
      expect(readFileSync(path.join(REPO, 'scripts', archivo), 'utf8'), archivo).toMatch(
        /^import '\.\/cargar-env\.mjs';$/m,
      );
  });

  it.each([
    ['db:migrate', 'src/db/migrate-cli.ts'],
    ['db:seed', 'src/seed/seed-cli.ts'],
  ])('%s on a DATA_DIR in use prints the same message as the server, exits 1, no stack trace', async (_, cli) => {
    const dataDir = tmp();
    // The lock a running server holds: its file names a live process other than the command's own (here,
    // this test's), which is exactly what the server's start-up check sees (servidor.test.ts).
    const archivo = path.join(dataDir, 'pglite.lock');
    writeFileSync(archivo, String(process.pid));
    const mensaje = new DataDirLockedError(archivo, process.pid).message;

    const r = await new Promise<{ codigo: number | null; salida: string }>((resolve) => {
      const hijo = spawn(process.execPath, ['--import', 'tsx', cli], {
        cwd: API_ROOT,
        env: { ...entornoBase(), NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let salida = '';
      hijo.stdout.on('data', (d) => (salida += String(d)));
      hijo.stderr.on('data', (d) => (salida += String(d)));
      hijo.on('close', (codigo) => resolve({ codigo, salida }));
    });
    expect(r.codigo).toBe(1);
    expect(r.salida.trim()).toBe(mensaje);
    expect(r.salida).not.toMatch(/\n\s+at /);
    // The lock still belongs to its owner.
    expect(readFileSync(archivo, 'utf8')).toBe(String(process.pid));
  });
});
