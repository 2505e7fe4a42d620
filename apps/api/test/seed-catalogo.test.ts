// Demo catalogue seed: realistic content, images stored like uploads, idempotent.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categoriasPaths,
  procedimientosPaths,
  type CategoriaWire,
  type ProcedimientoWire,
} from '@clinica/contracts/catalogo';
import { DEMO_CATEGORIAS, DEMO_PROCEDIMIENTOS, contarCatalogo, seedCatalogo } from '../src/seed/catalogo.ts';
import { conSemilla } from '../src/seed/semilla.ts';
import { createTestApp, testConfig, type TestContext } from './helpers.ts';

let t: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'clinica-semilla-'));
  t = await createTestApp({ config: { dataDir } });
  await conSemilla(t.database, testConfig({ dataDir }), seedCatalogo);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Lista = { items: ProcedimientoWire[]; total: number };

describe('demo catalogue seed', () => {
  it('creates 6 categories and 16-20 procedures, all public', async () => {
    const categorias: CategoriaWire[] = (await t.app.inject({ method: 'GET', url: categoriasPaths.listar })).json();
    expect(categorias).toHaveLength(6);
    expect(categorias.every((c) => c.total_procedimientos > 0)).toBe(true);
    const lista: Lista = (
      await t.app.inject({ method: 'GET', url: procedimientosPaths.listar, query: { porPagina: '100' } })
    ).json();
    expect(lista.total).toBe(DEMO_PROCEDIMIENTOS.length);
    expect(lista.total).toBeGreaterThanOrEqual(16);
    expect(lista.total).toBeLessThanOrEqual(20);
  });

  it('every procedure has 1-2 images whose copies are served', async () => {
    const lista: Lista = (
      await t.app.inject({ method: 'GET', url: procedimientosPaths.listar, query: { porPagina: '100' } })
    ).json();
    for (const p of lista.items) {
      expect(p.imagenes.length, p.nombre).toBeGreaterThanOrEqual(1);
      expect(p.imagenes.length, p.nombre).toBeLessThanOrEqual(2);
      expect(p.imagenes.every((i) => i.alt.length > 0)).toBe(true);
    }
    const img = lista.items[0]!.imagenes[0]!;
    for (const [url, ancho] of [
      [img.url_tarjeta, 480],
      [img.url_detalle, 1200],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('immutable');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(ancho);
    }
  });

  it('content follows the domain rules', async () => {
    const porNombre = new Map(DEMO_PROCEDIMIENTOS.map((p) => [p.nombre, p]));
    for (const p of DEMO_PROCEDIMIENTOS) {
      expect(Number.isInteger(p.precio) && p.precio >= 50_000 && p.precio <= 3_000_000, p.nombre).toBe(true);
      // Ley 1799 de 2016: under 18 only for the exempt procedures (and the consultation before them).
      if (p.edad_minima < 18)
        expect(p.nombre, p.nombre).toMatch(/Depilación láser|Peeling químico superficial|Consulta de valoración/);
    }
    for (const nombre of [
      'Toxina botulínica (tercio superior)',
      'Ácido hialurónico (rellenos)',
      'Hilos tensores PDO',
      'Plasma rico en plaquetas facial',
    ]) {
      expect(porNombre.get(nombre)?.requiere_evaluacion, nombre).toBe(true);
    }
    expect(porNombre.get('Limpieza facial profunda')?.precio).toBe(180_000);
    expect(new Set(DEMO_PROCEDIMIENTOS.map((p) => p.categoria)).size).toBe(DEMO_CATEGORIAS.length);
  });

  it('running it again changes nothing', async () => {
    const antes = await contarCatalogo(t.database.db);
    const archivos = (await readdir(path.join(dataDir, 'uploads', 'procedimientos'))).length;
    expect(antes).toMatchObject({ categorias: 6, procedimientos: DEMO_PROCEDIMIENTOS.length });
    expect(archivos).toBe(antes.imagenes * 2);
    await conSemilla(t.database, testConfig({ dataDir }), seedCatalogo);
    expect(await contarCatalogo(t.database.db)).toEqual(antes);
    expect((await readdir(path.join(dataDir, 'uploads', 'procedimientos'))).length).toBe(archivos);
  });

  it('a missing procedure is restored, and a category renamed by case or accents is reused', async () => {
    const lista: Lista = (
      await t.app.inject({ method: 'GET', url: procedimientosPaths.listar, query: { porPagina: '100' } })
    ).json();
    const sinCarrito = lista.items.find((p) => p.nombre === 'Cavitación ultrasónica')!;
    await t.database.db.execute(sql`delete from procedimientos where id = ${sinCarrito.id}`);
    await t.database.db.execute(
      sql`update categorias_procedimiento set nombre = 'CORPORAL ' where nombre = 'Corporal'`,
    );
    const antes = await contarCatalogo(t.database.db);
    await conSemilla(t.database, testConfig({ dataDir }), seedCatalogo);
    const despues = await contarCatalogo(t.database.db);
    expect(despues.categorias).toBe(6);
    expect(despues.procedimientos).toBe(antes.procedimientos + 1);
    expect(despues.imagenes).toBe(antes.imagenes + 1);
  });
});
