// The e-mails' logo (platform/plantillas-correo.ts) is served from the built web and must load where e-mails are
// read: mail clients, other sites' webmail and the sandboxed preview of /correos (an opaque origin). So it alone
// is Cross-Origin-Resource-Policy: cross-origin; every other file keeps same-origin. The pages' CSP allows images
// from URL_PUBLICA's origin, where the logo lives.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUTA_LOGO_CORREO } from '../src/platform/plantillas-correo.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';

let t: TestContext;

beforeAll(async () => {
  const web = directorioTemporal('web-dist');
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(web, RUTA_LOGO_CORREO.slice(1)), Buffer.from('89504e470d0a1a0a', 'hex'));
  t = await createTestApp({ config: { webDist: web, urlPublica: 'https://citas.aurora.test/app' } });
});
afterAll(() => t.close());

describe('the e-mail logo', () => {
  it('loads from any origin, cached for a day', async () => {
    const res = await t.app.inject({ method: 'GET', url: RUTA_LOGO_CORREO });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it("the pages' CSP lets images from URL_PUBLICA's origin load (the preview frame has an opaque origin)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/correos' });
    const imgSrc = /img-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1]?.split(' ');
    expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https://citas.aurora.test']);
  });

  it('other files stay same-origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
