// Starts the production build (bundled API serving the built web) on a random port with a fresh
// DATA_DIR and demo data, plus one headless Chromium that every spec connects to, and a second origin for
// otro-origen.spec.ts: a static host the server's CORS_ORIGINS names, which that spec fills with a web built with
// VITE_API_URL pointing here (the README's separate-origin setup).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { iniciarWompiFalso } from '../apps/api/test/wompi-falso.ts';
import { ENTORNO_NODE, OPCIONES_NODE } from '../scripts/opciones-node.mjs';
import { servidorEstatico } from './servidor-estatico.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
    dataDir: string;
    /** The second origin (http://127.0.0.1:port) and the folder it serves, empty until otro-origen.spec.ts builds. */
    otroOrigen: { url: string; dir: string };
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

const ROOT = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

// A loaded machine (2 cores shared with other suites) has taken over 60 s to start a fresh server and seed it.
async function waitReady(url: string, child: ChildProcess, timeoutMs = 180_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al iniciar (código ${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`El servidor no respondió en ${timeoutMs} ms: ${url}`);
}

export default async function setup(project: TestProject) {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `No se encontró Chromium en ${executablePath}. Instálalo con "apt-get update && apt-get install -y chromium" ` +
        'o indica la ruta con CHROMIUM_PATH.',
    );
  }
  const serverJs = path.join(ROOT, 'apps/api/dist/server.js');
  const webIndex = path.join(ROOT, 'apps/web/dist/index.html');
  if (!existsSync(serverJs) || !existsSync(webIndex)) {
    throw new Error('Falta la compilación de producción: ejecuta "npm run build" antes de las pruebas e2e.');
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-e2e-'));
  // Listening before the server starts, so that its port is the one CORS_ORIGINS names.
  const dirOtroOrigen = mkdtempSync(path.join(os.tmpdir(), 'clinica-e2e-otro-origen-'));
  mkdirSync(path.join(dirOtroOrigen, 'web'));
  const otroOrigen: Server = servidorEstatico(path.join(dirOtroOrigen, 'web'));
  await new Promise<void>((resolve, reject) => {
    otroOrigen.once('error', reject);
    otroOrigen.listen(0, '127.0.0.1', resolve);
  });
  const urlOtroOrigen = `http://127.0.0.1:${(otroOrigen.address() as { port: number }).port}`;
  const port = await freePort();
  // Online payment against a local stand-in for Wompi (pago-en-linea.spec.ts): its checkout posts the signed event to
  // this server's webhook and sends the browser back here. Nothing leaves the machine.
  const wompi = await iniciarWompiFalso({ urlEventos: `http://127.0.0.1:${port}/apipagos/en-linea/eventos` });
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const server = spawn(process.execPath, [...OPCIONES_NODE, serverJs], {
    cwd: ROOT,
    env: {
      ...ENTORNO_NODE,
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEMILLA_DEMO: 'true',
      RATE_LIMIT_MAX: '100000',
      // The demo patient books herself in several specs (and a retried spec books again): not the limit under test.
      CITAS_POR_VENIR_MAX: '20',
      // No automatic backup: a new server makes the day's missed backup a minute after it starts, and on PGlite its
      // snapshot holds every other request while the tables are read (the specs that ran then waited past their
      // timeouts in CI). Backups have their own tests (apps/api/test/respaldo*.test.ts).
      RESPALDO_HORA: 'no',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: urlOtroOrigen,
      ...wompi.env(),
    },
    stdio: ['ignore', log, log],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  let browser: BrowserServer | undefined;
  try {
    await waitReady(`${baseURL}/salud/lista`, server);
    browser = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS, headless: true });
  } catch (err) {
    server.kill('SIGKILL');
    otroOrigen.close();
    await wompi.cerrar();
    rmSync(dirOtroOrigen, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}. Registro del servidor: ${path.join(dataDir, 'server.log')}`);
  }

  project.provide('baseURL', baseURL);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('dataDir', dataDir);
  project.provide('otroOrigen', { url: urlOtroOrigen, dir: dirOtroOrigen });

  return async () => {
    await browser?.close();
    await wompi.cerrar();
    otroOrigen.closeAllConnections();
    await new Promise((resolve) => otroOrigen.close(resolve));
    rmSync(dirOtroOrigen, { recursive: true, force: true });
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
      setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
    });
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
