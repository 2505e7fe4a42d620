import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

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
    expect(res.json()).toMatchObject({ estado: 'ok' });
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
