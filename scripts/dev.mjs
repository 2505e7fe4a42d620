// npm run dev: API with reload (tsx watch) and Vite with hot reload; Vite proxies API calls.
// Both inherit the variables of .env (API_URL for Vite's proxy, VITE_* for the web).
// They are started directly, not through `npm run dev -w ...`: npm passes a stop signal to its shell only, which
// dies of it and leaves the command under it running (scripts/procesos.mjs). Same commands as the workspaces'
// "dev" scripts. tsx watch passes a stop signal on to the server and waits for it to finish.
import './cargar-env.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { codigoDeSalida, reenviarSenales } from './procesos.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (nombre) => path.join(root, 'node_modules/.bin', nombre);
// stdin is not passed: in their own process group, reading the terminal would stop them (SIGTTIN).
const opciones = (dir) => ({
  cwd: path.join(root, dir),
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: process.platform !== 'win32',
});
const procs = [
  spawn(bin('tsx'), ['watch', '--import', '../../scripts/cargar-env.mjs', 'src/server.ts'], opciones('apps/api')),
  spawn(bin('vite'), [], opciones('apps/web')),
];
const detener = reenviarSenales(procs);
let codigo = 0;
procs.forEach((p) =>
  p.on('exit', (code, signal) => {
    const c = codigoDeSalida(code, signal);
    // One of them ended: stop the other one too (nothing is sent if a stop is already under way).
    if (c && !codigo) codigo = c;
    detener();
    // Exit when both have ended (the server closes its database first).
    if (procs.every((q) => q.exitCode !== null || q.signalCode !== null)) process.exit(codigo);
  }),
);
