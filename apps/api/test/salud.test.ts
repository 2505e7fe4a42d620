import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, createTestDatabase, testConfig, type TestContext } from './helpers.ts';

describe('health and error envelope', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /salud answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/salud' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ estado: 'ok' });
  });

  it('GET /salud/lista checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/salud/lista' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ estado: 'ok', baseDeDatos: t.database.kind });
  });

  it('GET /salud/lista answers exactly 503 when the database does not answer, and /salud stays 200', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database });
    await app.ready();
    try {
      await database.drop();
      const lista = await app.inject({ method: 'GET', url: '/salud/lista' });
      expect(lista.statusCode).toBe(503);
      expect(lista.json()).toEqual({ estado: 'no_disponible', baseDeDatos: database.kind });
      const vivo = await app.inject({ method: 'GET', url: '/salud' });
      expect(vivo.statusCode).toBe(200);
      expect(vivo.json()).toEqual({ estado: 'ok' });
    } finally {
      await app.close();
    }
  });

  it('unknown API route gives the Spanish 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apinoexiste/algo' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No existe la ruta GET /apinoexiste/algo', code: 'NO_ENCONTRADO' });
  });

  it('sets security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/salud' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('hostile input', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses __proto__ in a JSON body with 400 and the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiusuarios/iniciarsesion',
      headers: { 'content-type': 'application/json' },
      payload: '{"correo":"a@b.co","contrasena":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDACION' });
  });

  it('answers malformed JSON with a Spanish 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/apiusuarios/iniciarsesion',
      headers: { 'content-type': 'application/json' },
      payload: '{"correo":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'El cuerpo de la solicitud no es un JSON válido.', code: 'VALIDACION' });
  });

  it('gives 400, not 500, for an out-of-range id and for NUL characters', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/apiprocedimientos/buscarprocedimiento/99999999999' });
    expect(big.statusCode).toBe(400);
    const nul = await t.app.inject({ method: 'GET', url: '/apiprocedimientos/listarprocedimiento?q=%00abc' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'VALIDACION' });
  });

  it('never leaks internals in a 500', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database });
    app.get('/apiprueba/fallo', { config: { auth: 'publico' } }, async () => {
      throw new Error('detalle interno secreto');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/apiprueba/fallo' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: 'Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos.',
        code: 'ERROR_INTERNO',
      });
      expect(res.body).not.toContain('secreto');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
