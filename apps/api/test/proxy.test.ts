// TRUST_PROXY (issue 11.3): false by default, a number of hops, or the proxies' addresses; `true` refused with
// the reason. Behind one trusted hop, a forged left-most X-Forwarded-For entry is ignored: the address that
// rate limits, lockouts and the audit see is the one our proxy appended.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { loadConfig } from '../src/config.ts';
import { auditoria } from '../src/db/schema/index.ts';
import { createTestApp, type TestContext } from './helpers.ts';

const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(48) };
const abiertas: TestContext[] = [];
afterAll(async () => {
  for (const t of abiertas) await t.close();
});

describe('TRUST_PROXY in config', () => {
  it('defaults to false; accepts a number of hops and a list of addresses or CIDRs', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
    ]);
  });

  it('refuses true, saying why and what to write instead', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true no está permitido: se creería cualquier X-Forwarded-For.*por ejemplo 1/,
    );
  });

  it('refuses malformed addresses', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/40,proxy.interno' })).toThrow(
      /no válidas: 10\.0\.0\.0\/40, proxy\.interno/,
    );
  });
});

/** The address the audit recorded for a failed sign-in sent with these headers. */
async function direccionVista(t: TestContext, xff: string | undefined, remoteAddress = '10.0.0.2') {
  const correo = `nadie.${Math.random().toString(16).slice(2)}@prueba.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: usuariosPaths.iniciarSesion,
    remoteAddress,
    headers: xff ? { 'x-forwarded-for': xff } : {},
    payload: { correo, contrasena: 'una clave cualquiera' },
  });
  expect(res.statusCode).toBe(401);
  const [fila] = await t.database.db
    .select({ ip: auditoria.ip })
    .from(auditoria)
    .where(
      and(eq(auditoria.accion, 'sesion.iniciar'), eq(auditoria.detalle, `credenciales inválidas; correo=${correo}`)),
    );
  return fila?.ip;
}

describe('the client address behind a proxy', () => {
  it('without TRUST_PROXY, X-Forwarded-For is not believed at all', async () => {
    const t = await createTestApp();
    abiertas.push(t);
    expect(await direccionVista(t, '6.6.6.6, 203.0.113.7')).toBe('10.0.0.2');
  });

  it('with one trusted hop, the forged left-most entry is ignored', async () => {
    const t = await createTestApp({ config: { trustProxy: 1 } });
    abiertas.push(t);
    expect(await direccionVista(t, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await direccionVista(t, '203.0.113.8')).toBe('203.0.113.8');
  });

  it('with the proxy listed by address, only that proxy is believed', async () => {
    const t = await createTestApp({ config: { trustProxy: ['10.0.0.0/8'] } });
    abiertas.push(t);
    expect(await direccionVista(t, '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    // A request that does not come through the proxy cannot claim an address.
    expect(await direccionVista(t, '203.0.113.9', '198.51.100.4')).toBe('198.51.100.4');
  });
});
