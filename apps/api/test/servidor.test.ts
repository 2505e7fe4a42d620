// Process-level behaviour of the real server (QUALITY.md reliability 7 and 8): start, second opener refused,
// SIGTERM exits 0, and kill -9 in the middle of writes leaves a stale lock that the next start takes over
// with every acknowledged write there.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { describe, expect, it } from 'vitest';
import { dataDirMigrado } from './helpers.ts';
import { entornoServidor, puertoLibre } from './servidor-proceso.ts';
import { registro } from './usuarios-fixtures.ts';

const API = path.resolve(import.meta.dirname, '..');

function start(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API,
    // Many registrations in a few seconds from one address.
    env: entornoServidor(dataDir, port, { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, output: () => output };
}

/** A cold start compiles the TypeScript sources and opens PGlite: tens of seconds on a busy machine. */
async function ready(port: number, child: ChildProcess) {
  const limite = Date.now() + 100_000;
  while (Date.now() < limite) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/salud/lista`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server not ready');
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve(child.exitCode)
      : child.once('exit', (c) => resolve(c)),
  );

const post = (port: number, url: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('server process', () => {
  it('refuses a second process on the same DATA_DIR and exits 0 on SIGTERM', async () => {
    const dataDir = await dataDirMigrado('clinica-srv');
    const port = await puertoLibre();
    const a = start(dataDir, port);
    await ready(port, a.child);

    // A second process on the same data directory is refused with a clear Spanish message.
    const b = start(dataDir, await puertoLibre());
    expect(await exited(b.child)).toBe(1);
    expect(b.output()).toContain('ya está en uso por otro proceso');

    // SIGTERM: graceful shutdown, exit code 0, lock released.
    a.child.kill('SIGTERM');
    expect(await exited(a.child)).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 240_000);

  it('kill -9 during writes: the next start takes over the stale lock and every acknowledged row is there', async () => {
    const dataDir = await dataDirMigrado('clinica-srv');
    const port = await puertoLibre();
    const c = start(dataDir, port);
    await ready(port, c.child);

    // Registrations (a user row, its terms acceptance and audit) keep arriving; the process is killed once
    // a few have been acknowledged with 201, with others still in flight.
    const confirmados: { correo: string; contrasena: string }[] = [];
    const fallos: unknown[] = [];
    let matado = false;
    const enCurso = Array.from({ length: 40 }, async (_, i) => {
      // Staggered, so the kill lands among writes rather than after all of them.
      await new Promise((r) => setTimeout(r, i * 25));
      if (matado) return;
      const datos = registro();
      try {
        let res = await post(port, usuariosPaths.registrar, datos);
        // A busy password hasher answers 503 at once and writes nothing (issue 11.2): try again, as a client would.
        for (let intento = 0; res.status === 503 && intento < 20 && !matado; intento++) {
          await new Promise((r) => setTimeout(r, 200));
          res = await post(port, usuariosPaths.registrar, datos);
        }
        if (matado && res.status === 503) return;
        if (res.status === 201) confirmados.push({ correo: datos.correo, contrasena: datos.contrasena });
        else fallos.push(`registrar respondió ${res.status}: ${await res.text()}`);
      } catch (err) {
        // Requests cut by the kill fail at the socket; anything before it is a real failure.
        if (!matado) fallos.push(err);
      }
    });
    while (confirmados.length < 5 && fallos.length === 0) {
      if (c.child.exitCode !== null) throw new Error(`server exited: ${c.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    matado = true;
    c.child.kill('SIGKILL');
    await exited(c.child);
    await Promise.all(enCurso);
    expect(fallos).toEqual([]);
    // Every 201 the client received, including any already on the wire when the process died.
    expect(confirmados.length).toBeGreaterThanOrEqual(5);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

    // Restart on the same directory: it starts, and each acknowledged registration can sign in.
    const d = start(dataDir, port);
    await ready(port, d.child);
    const res = await fetch(`http://127.0.0.1:${port}/salud/lista`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ estado: 'ok', baseDeDatos: 'pglite' });
    for (const { correo, contrasena } of confirmados) {
      const sesion = await post(port, usuariosPaths.iniciarSesion, { correo, contrasena });
      expect(sesion.status, correo).toBe(200);
    }
    // The check can fail: an address nobody registered is refused.
    const desconocido = await post(port, usuariosPaths.iniciarSesion, registro());
    expect(desconocido.status).toBe(401);
    d.child.kill('SIGTERM');
    expect(await exited(d.child)).toBe(0);
  }, 240_000);
});
