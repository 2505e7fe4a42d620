// Bounded password hashing (issue 11.2): hashes and verifications run a few at a time with a short queue;
// past it, sign-in and registration answer 503 with Retry-After at once instead of queueing without end,
// and everything that does not hash keeps answering.
import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { ARGON2_PRODUCCION, LIMITE_HASH, createLimitador, createPasswordHasher } from '../src/lib/passwords.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { registro } from './usuarios-fixtures.ts';

describe('the limiter', () => {
  it('runs N at once, queues up to M, refuses the rest at once', async () => {
    const limitador = createLimitador({ concurrencia: 2, cola: 1 });
    let soltar!: () => void;
    const puerta = new Promise<void>((r) => (soltar = r));
    let maximo = 0;
    const trabajo = async () => {
      maximo = Math.max(maximo, limitador.ocupados.activos);
      await puerta;
    };
    const corriendo = [limitador.ejecutar(trabajo), limitador.ejecutar(trabajo), limitador.ejecutar(trabajo)];
    expect(limitador.ocupados).toEqual({ activos: 2, esperando: 1 });
    // Refused while the gate is still shut: it did not wait for a slot.
    await expect(limitador.ejecutar(trabajo)).rejects.toMatchObject({ statusCode: 503, code: 'NO_DISPONIBLE' });
    soltar();
    await Promise.all(corriendo);
    expect(maximo).toBe(2);
    expect(limitador.ocupados).toEqual({ activos: 0, esperando: 0 });
  });

  it('a failing job frees its slot', async () => {
    const limitador = createLimitador({ concurrencia: 1, cola: 0 });
    await expect(limitador.ejecutar(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(limitador.ejecutar(async () => 'ok')).resolves.toBe('ok');
  });

  it('production hashes on every core but one (the event loop keeps one) with the real argon2 parameters', async () => {
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(48) });
    expect(config.limiteHash).toEqual(LIMITE_HASH);
    expect(LIMITE_HASH.concurrencia).toBe(Math.max(1, availableParallelism() - 1));
    expect(config.argon2).toEqual(ARGON2_PRODUCCION);
    const hasher = createPasswordHasher(ARGON2_PRODUCCION, { concurrencia: 1, cola: 0 });
    const hashes = await Promise.allSettled([hasher.hashPassword('una clave'), hasher.hashPassword('otra clave')]);
    expect(hashes.map((h) => h.status)).toEqual(['fulfilled', 'rejected']);
  });
});

describe('a flood of sign-ins', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Production parameters (about 25 ms a hash) and a tiny queue, so a burst overflows it.
    t = await createTestApp({ config: { argon2: ARGON2_PRODUCCION, limiteHash: { concurrencia: 1, cola: 2 } } });
  });
  afterAll(() => t.close());

  it('answers the overflow with 503 and Retry-After, while health checks and reads keep answering', async () => {
    const intentos = Array.from({ length: 30 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: usuariosPaths.iniciarSesion,
        remoteAddress: `10.9.${i}.1`,
        payload: { correo: `nadie${i}@prueba.test`, contrasena: 'una clave cualquiera' },
      }),
    );
    const salud = await t.app.inject({ method: 'GET', url: '/salud/lista' });
    expect(salud.statusCode).toBe(200);
    const respuestas = await Promise.all(intentos);
    const codigos = respuestas.map((r) => r.statusCode);
    expect(codigos.filter((c) => c === 503).length).toBeGreaterThan(0);
    expect(codigos.every((c) => c === 401 || c === 503)).toBe(true);
    const saturada = respuestas.find((r) => r.statusCode === 503)!;
    expect(saturada.headers['retry-after']).toBe('2');
    expect(saturada.json()).toEqual({
      error: 'Hay muchos inicios de sesión en este momento. Inténtalo de nuevo en unos segundos.',
      code: 'NO_DISPONIBLE',
    });
  });

  it('registration is bounded the same way', async () => {
    const respuestas = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: usuariosPaths.registrar,
          remoteAddress: `10.8.${i}.1`,
          payload: registro(),
        }),
      ),
    );
    const codigos = respuestas.map((r) => r.statusCode);
    expect(codigos.filter((c) => c === 503).length).toBeGreaterThan(0);
    expect(codigos.every((c) => c === 201 || c === 503)).toBe(true);
  });

  it('while full, refuses before reading the body and touches nothing: no audit row, no failure counted', async () => {
    const lleno = await createTestApp({
      config: { argon2: ARGON2_PRODUCCION, limiteHash: { concurrencia: 1, cola: 0 } },
    });
    try {
      /** Rows the refused requests would have left had they gone in: audit lines and failure counters. */
      const rastros = async () => {
        const { rows } = await lleno.database.db.execute<{ n: number }>(
          sql`select (select count(*) from auditoria where ip in ('10.7.0.2', '10.7.0.3'))::int
               + (select count(*) from bloqueos_login where clave like '%10.7.0.2%' or clave like '%10.7.0.3%')::int
               + (select count(*) from usuarios where correo = 'refusado@prueba.test')::int as n`,
        );
        return rows[0]!.n;
      };
      // One sign-in holds the only admission (a real argon2id verification, tens of milliseconds).
      const primero = lleno.app.inject({
        method: 'POST',
        url: usuariosPaths.iniciarSesion,
        remoteAddress: '10.7.0.1',
        payload: { correo: 'nadie@prueba.test', contrasena: 'una clave cualquiera' },
      });
      while (!lleno.app.services.usuarios.saturado()) await new Promise((r) => setImmediate(r));
      // Not JSON at all: refused with 503, not 400, because the body was never parsed.
      const rechazado = await lleno.app.inject({
        method: 'POST',
        url: usuariosPaths.iniciarSesion,
        remoteAddress: '10.7.0.2',
        headers: { 'content-type': 'application/json' },
        payload: 'esto no es json',
      });
      expect(rechazado.statusCode).toBe(503);
      expect(rechazado.headers['retry-after']).toBe('2');
      expect(rechazado.headers['cache-control']).toBe('no-store');
      expect(rechazado.json()).toEqual({
        error: 'Hay muchos inicios de sesión en este momento. Inténtalo de nuevo en unos segundos.',
        code: 'NO_DISPONIBLE',
      });
      const registro503 = await lleno.app.inject({
        method: 'POST',
        url: usuariosPaths.registrar,
        remoteAddress: '10.7.0.3',
        payload: registro({ correo: 'refusado@prueba.test' }),
      });
      expect(registro503.statusCode).toBe(503);
      expect((await primero).statusCode).toBe(401);
      expect(await rastros()).toBe(0);
      // Admission is free again once the first finished.
      expect(lleno.app.services.usuarios.saturado()).toBe(false);
      const luego = await lleno.app.inject({
        method: 'POST',
        url: usuariosPaths.iniciarSesion,
        remoteAddress: '10.7.0.4',
        payload: { correo: 'nadie@prueba.test', contrasena: 'una clave cualquiera' },
      });
      expect(luego.statusCode).toBe(401);
    } finally {
      await lleno.close();
    }
  });
});
