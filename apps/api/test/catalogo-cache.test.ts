// The public catalogue from memory (docs/decisions/0013-catalogo-en-memoria.md): every staff change is
// visible on the next anonymous request; ETag/304, Cache-Control and compression; signed-in reads stay
// uncached with no-store; the cache is bounded; on PostgreSQL a change through one instance reaches another
// (LISTEN/NOTIFY), also after its listening connection was killed.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carritoPaths } from '@clinica/contracts/carrito';
import {
  categoriasPaths,
  procedimientosPaths,
  type CategoriaWire,
  type ProcedimientoWire,
} from '@clinica/contracts/catalogo';
import { buildApp } from '../src/app.ts';
import { createProcedimientosService } from '../src/features/catalogo/procedimientos.service.ts';
import { createRepositories } from '../src/services.ts';
import { NOMBRE_CONEXION_AVISOS } from '../src/db/avisos.ts';
import type { Database } from '../src/db/client.ts';
import { CACHE_CONTROL_CATALOGO, MAX_ENTRADAS } from '../src/features/catalogo/catalogo-cache.ts';
import { crearUsuariosPorRol } from './auth-helpers.ts';
import {
  appConRoles,
  type AppConRoles,
  type ListaProcedimientos,
  crearCategoria,
  crearProcedimiento,
  pngDePrueba,
  subirImagen,
} from './catalogo-fixtures.ts';
import { TEST_DATABASE_URL, createTestDatabase, testConfig, inyectar } from './helpers.ts';

type Lista = ListaProcedimientos;

// Set in beforeAll (appConRoles).
let { t, u, admin } = {} as AppConRoles;

beforeAll(async () => {
  ({ t, u, admin } = await appConRoles());
});
afterAll(() => t.close());

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  inyectar(app, 'GET', url, headers);
const lista = async (app: FastifyInstance, categoriaId: number): Promise<Lista> =>
  (await get(app, `${procedimientosPaths.listar}?categoriaId=${categoriaId}`)).json();
const nombres = async (app: FastifyInstance, categoriaId: number) =>
  (await lista(app, categoriaId)).items.map((p) => p.nombre);
const categoriasPublicas = async (app: FastifyInstance): Promise<CategoriaWire[]> =>
  (await get(app, categoriasPaths.listar)).json();

describe('anonymous reads from memory', () => {
  let categoria: CategoriaWire;
  let p: ProcedimientoWire;
  beforeAll(async () => {
    categoria = await crearCategoria(t.app, admin, { descripcion: 'x'.repeat(400) });
    p = await crearProcedimiento(t.app, admin, categoria.id, { descripcion: 'Una descripción larga. '.repeat(60) });
  });

  it('the same bytes as the staff-free read, with a strong ETag, Cache-Control and Vary; 304 on If-None-Match', async () => {
    const url = `${procedimientosPaths.listar}?categoriaId=${categoria.id}`;
    const a = await get(t.app, url);
    const b = await get(t.app, url);
    expect(a.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(a.headers['cache-control']).toBe(CACHE_CONTROL_CATALOGO);
    expect(String(a.headers.vary)).toMatch(/Accept-Encoding/);
    expect(String(a.headers.vary)).toMatch(/Authorization/);
    const etag = String(a.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/); // strong: no W/
    expect(b.headers.etag).toBe(etag);
    expect(t.app.services.catalogoCache.activa).toBe(true);

    // The body is what the route sent before the cache (the service's answer through the 200 schema).
    const esperado: Lista = a.json();
    expect(esperado.items.map((x) => x.id)).toEqual([p.id]);
    expect(Object.keys(esperado.items[0]!).sort()).toEqual(Object.keys(p).sort());

    const no = await get(t.app, url, { 'if-none-match': etag });
    expect(no.statusCode).toBe(304);
    expect(no.body).toBe('');
    expect(no.headers.etag).toBe(etag);
    expect(no.headers['cache-control']).toBe(CACHE_CONTROL_CATALOGO);
    expect((await get(t.app, url, { 'if-none-match': `"otro", ${etag}` })).statusCode).toBe(304);
    expect((await get(t.app, url, { 'if-none-match': '"otro"' })).statusCode).toBe(200);

    // Details and categories too.
    const d1 = await get(t.app, procedimientosPaths.buscar(p.id));
    expect(d1.headers.etag).toBeTruthy();
    expect(
      (await get(t.app, procedimientosPaths.buscar(p.id), { 'if-none-match': String(d1.headers.etag) })).statusCode,
    ).toBe(304);
    const c1 = await get(t.app, categoriasPaths.listar);
    expect(c1.headers['cache-control']).toBe(CACHE_CONTROL_CATALOGO);
    expect((await get(t.app, categoriasPaths.listar, { 'if-none-match': String(c1.headers.etag) })).statusCode).toBe(
      304,
    );
    const cd = await get(t.app, categoriasPaths.buscar(categoria.id));
    expect(cd.headers.etag).toBeTruthy();
  });

  it('compressed when the client accepts it (brotli, then gzip), decoding to the same bytes', async () => {
    const url = `${procedimientosPaths.listar}?categoriaId=${categoria.id}`;
    const plano = await get(t.app, url);
    const br = await get(t.app, url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plano.body);
    const gz = await get(t.app, url, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plano.body);
    const identidad = await get(t.app, url, { 'accept-encoding': 'identity' });
    expect(identidad.headers['content-encoding']).toBeUndefined();
    expect(identidad.body).toBe(plano.body);
    // One representation, one tag: each encoding has its own strong ETag; any of them revalidates.
    expect(new Set([plano.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    const no = await get(t.app, url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(no.statusCode).toBe(304);
    // Small bodies go as they are.
    const vacia = await get(t.app, `${procedimientosPaths.listar}?q=nada-por-aqui-xyz`, { 'accept-encoding': 'br' });
    expect(vacia.headers['content-encoding']).toBeUndefined();
  });

  it('every staff change is visible on the next anonymous request', async () => {
    const cat = await crearCategoria(t.app, admin);
    expect((await categoriasPublicas(t.app)).some((c) => c.id === cat.id)).toBe(true);
    expect(await nombres(t.app, cat.id)).toEqual([]);

    // create
    const nuevo = await crearProcedimiento(t.app, admin, cat.id, { nombre: 'Peeling químico' });
    expect(await nombres(t.app, cat.id)).toEqual(['Peeling químico']);
    expect((await categoriasPublicas(t.app)).find((c) => c.id === cat.id)?.total_procedimientos).toBe(1);
    const detalle = await get(t.app, procedimientosPaths.buscar(nuevo.id));
    expect(detalle.json<ProcedimientoWire>().precio).toBe(180000);

    // edit
    const editar = await inyectar(t.app, 'PATCH', procedimientosPaths.editar(nuevo.id), admin, {
      nombre: 'Peeling suave',
      precio: 200000,
    });
    expect(editar.statusCode).toBe(200);
    expect(await nombres(t.app, cat.id)).toEqual(['Peeling suave']);
    const despues = await get(t.app, procedimientosPaths.buscar(nuevo.id), {
      'if-none-match': String(detalle.headers.etag),
    });
    expect(despues.statusCode).toBe(200);
    expect(despues.json<ProcedimientoWire>().precio).toBe(200000);

    // images: upload, order, delete
    const png = await pngDePrueba(800, 600);
    const i1 = (await subirImagen(t.app, admin, nuevo.id, png, { alt: 'uno' })).json<{ id: number }>();
    expect((await lista(t.app, cat.id)).items[0]!.imagenes.map((i) => i.id)).toEqual([i1.id]);
    const i2 = (await subirImagen(t.app, admin, nuevo.id, png, { alt: 'dos' })).json<{ id: number }>();
    expect((await lista(t.app, cat.id)).items[0]!.imagenes.map((i) => i.id)).toEqual([i1.id, i2.id]);
    const orden = await inyectar(t.app, 'PUT', procedimientosPaths.ordenImagenes(nuevo.id), admin, {
      orden: [i2.id, i1.id],
    });
    expect(orden.statusCode).toBe(200);
    expect((await lista(t.app, cat.id)).items[0]!.imagenes.map((i) => i.id)).toEqual([i2.id, i1.id]);
    const borrar = await inyectar(t.app, 'DELETE', procedimientosPaths.imagen(nuevo.id, i2.id), admin);
    expect(borrar.statusCode).toBe(200);
    expect((await lista(t.app, cat.id)).items[0]!.imagenes.map((i) => i.id)).toEqual([i1.id]);

    // state: deactivate the procedure, then the category
    await inyectar(t.app, 'PATCH', procedimientosPaths.editar(nuevo.id), admin, { activo: false });
    expect(await nombres(t.app, cat.id)).toEqual([]);
    expect((await get(t.app, procedimientosPaths.buscar(nuevo.id))).statusCode).toBe(404);
    await inyectar(t.app, 'PATCH', procedimientosPaths.editar(nuevo.id), admin, { activo: true });
    expect(await nombres(t.app, cat.id)).toEqual(['Peeling suave']);
    await inyectar(t.app, 'PATCH', categoriasPaths.editar(cat.id), admin, { activa: false });
    expect((await categoriasPublicas(t.app)).some((c) => c.id === cat.id)).toBe(false);
    expect((await get(t.app, categoriasPaths.buscar(cat.id))).statusCode).toBe(404);
    expect(await nombres(t.app, cat.id)).toEqual([]);
    await inyectar(t.app, 'PATCH', categoriasPaths.editar(cat.id), admin, { activa: true, nombre: 'Renombrada' });
    expect((await categoriasPublicas(t.app)).find((c) => c.id === cat.id)?.nombre).toBe('Renombrada');
    expect((await lista(t.app, cat.id)).items[0]!.categoria.nombre).toBe('Renombrada');

    // delete the procedure, then the category
    const eliminar = await inyectar(t.app, 'DELETE', procedimientosPaths.eliminar(nuevo.id), admin);
    expect(eliminar.statusCode).toBe(200);
    expect(await nombres(t.app, cat.id)).toEqual([]);
    expect((await get(t.app, procedimientosPaths.buscar(nuevo.id))).statusCode).toBe(404);
    expect((await inyectar(t.app, 'DELETE', categoriasPaths.eliminar(cat.id), admin)).statusCode).toBe(200);
    expect((await categoriasPublicas(t.app)).some((c) => c.id === cat.id)).toBe(false);
  });

  it('a refused change (rolled back) leaves what the public sees as it was', async () => {
    const antes = await get(t.app, categoriasPaths.listar);
    const dup = await inyectar(t.app, 'POST', categoriasPaths.crear, admin, { nombre: categoria.nombre });
    expect(dup.statusCode).toBe(409);
    const despues = await get(t.app, categoriasPaths.listar);
    expect(despues.body).toBe(antes.body);
    expect(despues.headers.etag).toBe(antes.headers.etag);
  });

  it('is bounded: distinct queries never hold more than the cap', async () => {
    for (let i = 0; i < MAX_ENTRADAS + 20; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) => get(t.app, `${procedimientosPaths.listar}?q=busqueda-${i + j}`)),
      );
    }
    expect(t.app.services.catalogoCache.tamano.entradas).toBeLessThanOrEqual(MAX_ENTRADAS);
    expect(t.app.services.catalogoCache.tamano.entradas).toBeGreaterThan(0);
  });
});

/** The procedure as the patient's cart shows it. */
async function enCarrito(app: FastifyInstance, paciente: Record<string, string>, id: number) {
  const r = await get(app, carritoPaths.listar, paciente);
  expect(r.statusCode).toBe(200);
  return r.json<{ procedimiento: ProcedimientoWire }[]>().find((i) => i.procedimiento.id === id)?.procedimiento;
}
async function agregarAlCarrito(app: FastifyInstance, paciente: Record<string, string>, id: number) {
  const r = await inyectar(app, 'POST', carritoPaths.agregar, paciente, { id_procedimiento: id });
  expect(r.statusCode).toBe(201);
}

describe("the cart's procedures, read by id from memory", () => {
  it('every staff change shows in the cart on the next request', async () => {
    const paciente = u.paciente.headers;
    const cat = await crearCategoria(t.app, admin);
    const p = await crearProcedimiento(t.app, admin, cat.id, { nombre: 'Hidratación profunda', precio: 150000 });
    await agregarAlCarrito(t.app, paciente, p.id);
    expect((await enCarrito(t.app, paciente, p.id))?.nombre).toBe('Hidratación profunda');

    const editar = (payload: object) => inyectar(t.app, 'PATCH', procedimientosPaths.editar(p.id), admin, payload);
    expect((await editar({ nombre: 'Hidratación intensiva', precio: 175000 })).statusCode).toBe(200);
    expect((await enCarrito(t.app, paciente, p.id))!).toMatchObject({
      nombre: 'Hidratación intensiva',
      precio: 175000,
    });

    const imagen = (await subirImagen(t.app, admin, p.id, await pngDePrueba(800, 600), { alt: 'piel' })).json<{
      id: number;
    }>();
    expect((await enCarrito(t.app, paciente, p.id))!.imagenes.map((i) => i.id)).toEqual([imagen.id]);

    expect((await editar({ activo: false })).statusCode).toBe(200);
    expect((await enCarrito(t.app, paciente, p.id))!.activo).toBe(false);

    const renombrar = await inyectar(t.app, 'PATCH', categoriasPaths.editar(cat.id), admin, { nombre: 'Hidratación' });
    expect(renombrar.statusCode).toBe(200);
    expect((await enCarrito(t.app, paciente, p.id))!.categoria.nombre).toBe('Hidratación');
  });

  it('reads the database only for ids it does not hold, and never keeps a read a change overtook', async () => {
    const cat = await crearCategoria(t.app, admin);
    const [p1, p2] = [
      await crearProcedimiento(t.app, admin, cat.id, { nombre: 'Uno' }),
      await crearProcedimiento(t.app, admin, cat.id, { nombre: 'Dos' }),
    ];
    const repos = createRepositories(t.database.db);
    const leidos: number[][] = [];
    let durante: (() => void) | undefined;
    const porIds = repos.procedimientos.porIds;
    repos.procedimientos.porIds = async (ids) => {
      leidos.push(ids);
      const filas = await porIds(ids);
      durante?.();
      return filas;
    };
    const memoria = { activa: true, version: 0 };
    const servicio = createProcedimientosService({
      repos,
      transaccion: async () => {
        throw new Error('sin escrituras aquí');
      },
      storage: t.app.services.almacenPublico,
      memoria,
    });
    const nombresDe = async (ids: number[]) => [...(await servicio.porIds(ids)).values()].map((p) => p.nombre);

    expect(await nombresDe([p1.id])).toEqual(['Uno']);
    expect(await nombresDe([p1.id, p2.id])).toEqual(['Uno', 'Dos']);
    expect(await nombresDe([p2.id, p1.id])).toEqual(['Dos', 'Uno']);
    expect(leidos).toEqual([[p1.id], [p2.id]]);

    // A change (new version) empties what was kept.
    memoria.version++;
    await nombresDe([p1.id]);
    expect(leidos).toEqual([[p1.id], [p2.id], [p1.id]]);

    // A change while the rows were being read: they are used once, not kept.
    memoria.version++;
    durante = () => memoria.version++;
    await nombresDe([p2.id]);
    durante = undefined;
    await nombresDe([p2.id]);
    expect(leidos.slice(3)).toEqual([[p2.id], [p2.id]]);

    // Off (notices may be missed): every call reads the database.
    memoria.activa = false;
    await nombresDe([p1.id]);
    await nombresDe([p1.id]);
    expect(leidos.slice(5)).toEqual([[p1.id], [p1.id]]);
  });
});

describe('signed-in reads are not cached', () => {
  it('staff get no-store, no ETag, and see inactive procedures; the public never sees them', async () => {
    const cat = await crearCategoria(t.app, admin);
    const oculto = await crearProcedimiento(t.app, admin, cat.id, { activo: false });
    const url = `${procedimientosPaths.listar}?categoriaId=${cat.id}&incluirInactivos=true`;
    const publico = await get(t.app, url);
    expect(publico.json<Lista>().items).toEqual([]);
    for (const quien of ['asistente', 'doctor', 'administrador'] as const) {
      const r = await get(t.app, url, u[quien].headers);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers.etag).toBeUndefined();
      expect(r.json<Lista>().items.map((p) => p.id)).toEqual([oculto.id]);
      const d = await get(t.app, procedimientosPaths.buscar(oculto.id), u[quien].headers);
      expect(d.statusCode).toBe(200);
      expect(d.headers['cache-control']).toBe('no-store');
      const c = await get(t.app, categoriasPaths.listar, u[quien].headers);
      expect(c.headers['cache-control']).toBe('no-store');
      expect(c.headers.etag).toBeUndefined();
    }
    // After staff read it, the public answer is still the public one.
    expect((await get(t.app, url)).json<Lista>().items).toEqual([]);
    expect((await get(t.app, procedimientosPaths.buscar(oculto.id))).statusCode).toBe(404);
    // A signed-in patient reads the same content, uncached.
    const paciente = await get(t.app, url, u.paciente.headers);
    expect(paciente.headers['cache-control']).toBe('no-store');
    expect(paciente.headers.etag).toBeUndefined();
    expect(paciente.body).toBe(publico.body);
  });
});

async function hasta(condicion: () => Promise<boolean>, ms = 15_000) {
  const fin = Date.now() + ms;
  for (;;) {
    if (await condicion()) return;
    if (Date.now() > fin) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let database: Database & { drop(): Promise<void> };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let staff: Record<string, string>;
  let paciente: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig();
    a = await buildApp({ config, database, esperar: async () => {} });
    b = await buildApp({ config, database, esperar: async () => {} });
    await a.ready();
    await b.ready();
    const usuarios = await crearUsuariosPorRol(database);
    staff = usuarios.administrador.headers;
    paciente = usuarios.paciente.headers;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it("a change through instance A is visible on B's next request once the notice arrives", async () => {
    const cat = await crearCategoria(a, staff);
    const p = await crearProcedimiento(a, staff, cat.id, { nombre: 'Antes del cambio' });
    await hasta(async () => (await nombres(b, cat.id)).includes('Antes del cambio'));
    expect(b.services.catalogoCache.activa).toBe(true);
    // B now answers from memory.
    expect((await get(b, `${procedimientosPaths.listar}?categoriaId=${cat.id}`)).statusCode).toBe(200);
    expect(b.services.catalogoCache.tamano.entradas).toBeGreaterThan(0);

    await inyectar(a, 'PATCH', procedimientosPaths.editar(p.id), staff, { nombre: 'Después del cambio' });
    // A itself: at once.
    expect(await nombres(a, cat.id)).toEqual(['Después del cambio']);
    await hasta(async () => (await nombres(b, cat.id)).includes('Después del cambio'));
    // And the other way round.
    await inyectar(b, 'PATCH', categoriasPaths.editar(cat.id), staff, { activa: false });
    await hasta(async () => !(await categoriasPublicas(a)).some((c) => c.id === cat.id));
  });

  it('a change through instance A reaches the cart B keeps procedures for, once the notice arrives', async () => {
    const cat = await crearCategoria(a, staff);
    const p = await crearProcedimiento(a, staff, cat.id, { nombre: 'Láser fraccionado' });
    await hasta(async () => b.services.catalogoCache.activa);
    await agregarAlCarrito(b, paciente, p.id);
    const nombreEnB = async () => (await enCarrito(b, paciente, p.id))?.nombre;
    expect(await nombreEnB()).toBe('Láser fraccionado');
    const editar = await inyectar(a, 'PATCH', procedimientosPaths.editar(p.id), staff, {
      nombre: 'Láser CO2 fraccionado',
    });
    expect(editar.statusCode).toBe(200);
    await hasta(async () => (await nombreEnB()) === 'Láser CO2 fraccionado');
  });

  it('a killed listening connection turns the cache off, re-LISTENs and starts empty', async () => {
    const cat = await crearCategoria(a, staff);
    const p = await crearProcedimiento(a, staff, cat.id, { nombre: 'Uno' });
    await hasta(async () => (await nombres(b, cat.id)).includes('Uno'));
    // Kill every dedicated listening connection on this database (both instances'), then change the catalogue.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${NOMBRE_CONEXION_AVISOS}`,
    );
    await inyectar(a, 'PATCH', procedimientosPaths.editar(p.id), staff, { nombre: 'Dos' });
    await hasta(async () => (await nombres(b, cat.id)).includes('Dos'));
    // Listening again: B caches, and a later change through A still reaches it.
    await hasta(async () => b.services.catalogoCache.activa && a.services.catalogoCache.activa);
    expect(await nombres(b, cat.id)).toEqual(['Dos']);
    await inyectar(a, 'PATCH', procedimientosPaths.editar(p.id), staff, { nombre: 'Tres' });
    await hasta(async () => (await nombres(b, cat.id)).includes('Tres'));
  });
});
