// npm start: builds the web and the API when the build is missing or older than the sources (or .env),
// then runs one process (API + built web, embedded database with demo data) on one port.
import './cargar-env.mjs';
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ENTORNO_NODE, OPCIONES_NODE } from './opciones-node.mjs';
import { codigoDeSalida, reenviarSenales } from './procesos.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name === 'dist-servidor') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const mtime = (f) => (existsSync(f) ? statSync(f).mtimeMs : 0);

const server = path.join(root, 'apps/api/dist/server.js');
const web = path.join(root, 'apps/web/dist/index.html');
const sources = Math.max(
  newest(path.join(root, 'apps/api/src')),
  newest(path.join(root, 'apps/web/src')),
  newest(path.join(root, 'packages/contracts/src')),
  // VITE_* values are fixed at build time.
  mtime(path.join(root, '.env')),
);
if (mtime(server) < sources || mtime(web) < sources) {
  console.log('Compilando la aplicación...');
  // Always a production bundle: with NODE_ENV=development (e.g. from .env) Vite would build React's dev mode.
  const r = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server gets its own process group and an IPC channel (it stops when the channel closes, apps/api/src/server.ts),
// and this process passes each stop signal on exactly once (scripts/procesos.mjs, decision 0039).
const child = spawn(process.execPath, [...OPCIONES_NODE, server], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  env: { ...ENTORNO_NODE, ...process.env },
  detached: process.platform !== 'win32',
});
reenviarSenales([child]);
child.on('exit', (code, signal) => process.exit(codigoDeSalida(code, signal)));
