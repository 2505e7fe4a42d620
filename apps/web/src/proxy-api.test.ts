// The development proxy forwards every endpoint the contracts define (issue 22, item 3): the prefixes are derived
// from the descriptors, so a new endpoint needs no proxy edit and no borrowed prefix. This test reads every module
// of the contracts (descriptors and endpoint objects alike), so a module the derivation misses fails here.
import { esRutaApi } from '@clinica/contracts/prefijos-servidor';
import { describe, expect, it } from 'vitest';
import { proxyApi, vaAlApi } from '../proxy-api.ts';
import { paths } from './lib/paths.ts';

const modulos = import.meta.glob<Record<string, unknown>>('../../../packages/contracts/src/*.ts', { eager: true });

/** Every (method, path) any contracts module exports, from `*Rutas` and `*Endpoints` objects alike. */
const endpoints = Object.entries(modulos).flatMap(([archivo, m]) =>
  Object.values(m)
    .filter((grupo): grupo is object => typeof grupo === 'object' && grupo !== null)
    .flatMap((grupo) => Object.values(grupo).filter(esRutaApi))
    .map((r) => ({ archivo, ruta: `${r.method} ${r.path}`, path: r.path })),
);

const proxy = proxyApi('http://localhost:3000');

describe('the development proxy', () => {
  it('reads the whole contracts package', () => {
    expect(Object.keys(modulos).length).toBeGreaterThan(25);
    expect(new Set(endpoints.map((e) => e.archivo)).size).toBeGreaterThan(15);
    expect(endpoints.length).toBeGreaterThan(150);
  });

  it('forwards every endpoint path of the contracts to the API', () => {
    const sinProxy = endpoints.filter((e) => !vaAlApi(proxy, e.path)).map((e) => `${e.ruta} (${e.archivo})`);
    expect(sinProxy).toEqual([]);
  });

  it('forwards media, the OpenAPI page and the live connection', () => {
    for (const url of ['/media/procedimientos/1.webp', '/api/docs', '/api/docs/json', '/socket.io/?EIO=4'])
      expect(vaAlApi(proxy, url), url).toBe(true);
    expect(proxy['/socket.io']?.ws).toBe(true);
  });

  it("keeps the web's own pages with Vite", () => {
    const paginas = Object.values(paths).map((p) => (typeof p === 'function' ? (p as (id: number) => string)(1) : p));
    expect(paginas.length).toBeGreaterThan(20);
    expect(paginas.filter((p) => vaAlApi(proxy, p))).toEqual([]);
  });
});
