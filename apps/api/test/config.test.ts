import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { directorioTemporal } from './temporales.ts';

const tmp = () => directorioTemporal('clinica-config');

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(c.clinicaTz).toBe('America/Bogota');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.semillaDemo).toBe(true);
    expect(c.env).toBe('development');
  });

  it('generates a JWT secret in development and keeps it under DATA_DIR', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(a.jwtSecret);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', CLINICA_TZ: 'Marte/Olympus', NODE_ENV: 'production' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const p = (err as ConfigError).problemas.join('\n');
      expect(p).toContain('PORT');
      expect(p).toContain('DATABASE_URL');
      expect(p).toContain('CLINICA_TZ');
      expect(p).toContain('JWT_SECRET: es obligatorio en producción');
    }
  });

  it('never seeds demo data in production', () => {
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(40), SEMILLA_DEMO: 'true', DATA_DIR: tmp() });
    expect(c.semillaDemo).toBe(false);
  });

  it('SEMILLA_DEMO=false disables the demo seed', () => {
    expect(loadConfig({ SEMILLA_DEMO: 'false', DATA_DIR: tmp() }).semillaDemo).toBe(false);
  });

  it('parses the CORS allow-list', () => {
    const c = loadConfig({ CORS_ORIGINS: 'https://a.co, https://b.co', DATA_DIR: tmp() });
    expect(c.corsOrigins).toEqual(['https://a.co', 'https://b.co']);
  });
});
