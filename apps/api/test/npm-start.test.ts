// npm start stops the server when npm is told to stop (issue 28 item 6, decision 0039). npm runs the script as
// `sh -c "node scripts/start.mjs"` and passes SIGTERM to that shell only, which died of it: npm and the shell exited
// while start.mjs and the server ran on with PPID 1, holding DATA_DIR/pglite.lock. Here the real npm runs the
// repository's start script and scripts/ in a throwaway root whose build counts as up to date (nothing is built; its
// apps/api/dist/server.js runs the server's sources through tsx, as the other process tests do), and SIGTERM goes
// to npm alone, the process group's leader, while a request is in flight.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../src/lib/paths.ts';
import { dataDirMigrado } from './helpers.ts';
import { descendientes, entornoServidor, esperarFin, esperarLista, puertoLibre, vivo } from './servidor-proceso.ts';
import { directorioTemporal } from './temporales.ts';

const REPO = path.resolve(API_ROOT, '../..');
const restantes: number[] = [];

afterAll(() => {
  for (const pid of restantes.filter(vivo)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

/** A root with the repository's start script and scripts/, and a "build" newer than its (absent) sources. */
function raizDePrueba(): string {
  const raiz = directorioTemporal('clinica-npm-start');
  const { scripts } = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  writeFileSync(
    path.join(raiz, 'package.json'),
    JSON.stringify({ name: 'clinica-npm-start', private: true, type: 'module', scripts: { start: scripts.start } }),
  );
  cpSync(path.join(REPO, 'scripts'), path.join(raiz, 'scripts'), { recursive: true });
  const tsx = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', "process.stdout.write(import.meta.resolve('tsx/esm/api'))"],
    { cwd: API_ROOT },
  ).toString();
  mkdirSync(path.join(raiz, 'apps/api/dist'), { recursive: true });
  writeFileSync(
    path.join(raiz, 'apps/api/dist/server.js'),
    `import { register } from ${JSON.stringify(tsx)};\nregister();\n` +
      `await import(${JSON.stringify(pathToFileURL(path.join(API_ROOT, 'src/server.ts')).href)});\n`,
  );
  mkdirSync(path.join(raiz, 'apps/web/dist'), { recursive: true });
  writeFileSync(path.join(raiz, 'apps/web/dist/index.html'), '');
  return raiz;
}

/**
 * A sign-in in flight: its headers ask for 100-continue, so the server's "100 Continue" says it has the request,
 * and the body waits for terminar(), which sends it and resolves with the final status line.
 */
async function solicitudEnCurso(port: number) {
  const cuerpo = JSON.stringify({ correo: 'nadie@example.com', contrasena: 'una contraseña cualquiera' });
  const socket = connect(port, '127.0.0.1');
  let respuesta = '';
  const cerrada = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(respuesta));
    socket.on('error', () => resolve(respuesta));
  });
  const continuar = new Promise<void>((resolve, reject) => {
    socket.on('data', (d) => {
      respuesta += d;
      if (respuesta.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) resolve();
    });
    socket.on('close', () => reject(new Error(`no 100 Continue: ${respuesta}`)));
  });
  socket.write(
    `POST ${usuariosPaths.iniciarSesion} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(cuerpo)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  await continuar;
  return {
    async terminar() {
      socket.write(cuerpo);
      const lineas = (await cerrada).split('\r\n').filter((l) => l.startsWith('HTTP/1.1 '));
      return lineas.at(-1);
    },
  };
}

describe('npm start', () => {
  it('SIGTERM to npm alone: the in-flight request is answered, no process is left, the lock is released', async () => {
    const raiz = raizDePrueba();
    const dataDir = await dataDirMigrado('clinica-npm-start-datos');
    const port = await puertoLibre();
    // Its own process group, npm its leader, as a service manager or a terminal would start it.
    const npm = spawn('npm', ['start'], {
      cwd: raiz,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: entornoServidor(dataDir, port),
    });
    restantes.push(npm.pid!);
    let salida = '';
    npm.stdout.on('data', (d) => (salida += d));
    npm.stderr.on('data', (d) => (salida += d));
    const url = `http://127.0.0.1:${port}`;
    await esperarLista(url, () => npm.exitCode !== null);

    const procesos = descendientes(npm.pid!);
    restantes.push(...procesos.map((p) => p.pid));
    // npm -> sh -> node scripts/start.mjs -> the server.
    expect(procesos.some((p) => p.comando.includes('scripts/start.mjs'))).toBe(true);
    expect(procesos.some((p) => p.comando.includes('apps/api/dist/server.js'))).toBe(true);

    const enCurso = await solicitudEnCurso(port);

    process.kill(npm.pid!, 'SIGTERM');
    for (let i = 0; i < 200 && !salida.includes('cerrando: se terminan las solicitudes en curso'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(salida).toContain('cerrando: se terminan las solicitudes en curso');
    // The server is closing, and still answers the request it had: an unknown account is a 401.
    expect(await enCurso.terminar()).toBe('HTTP/1.1 401 Unauthorized');

    expect(await esperarFin([npm.pid!, ...procesos.map((p) => p.pid)], 20_000)).toEqual([]);
    // It closed cleanly (the database too) and left the data directory free.
    expect(salida).toContain('cerrado: solicitudes terminadas y base de datos cerrada');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 180_000);
});
