// Procedures: role matrix (including image routes), Spanish validation, what the public may see,
// listing (filters, search, pagination) and deletion versus deactivation.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carritoPaths } from '@clinica/contracts/carrito';
import {
  categoriasPaths,
  procedimientosPaths,
  type CategoriaWire,
  type ProcedimientoWire,
} from '@clinica/contracts/catalogo';
import { procedimientos } from '../src/db/schema/index.ts';
import { QUIENES, headersDe, type Quien, PERSONAL } from './auth-helpers.ts';
import {
  appConRoles,
  type AppConRoles,
  crearCategoria,
  crearProcedimiento,
  listarProcedimientos,
} from './catalogo-fixtures.ts';
import { inyectar, type Metodo } from './helpers.ts';

// Set in beforeAll (appConRoles).
let { t, u, admin } = {} as AppConRoles;

beforeAll(async () => {
  ({ t, u, admin } = await appConRoles());
});
afterAll(() => t.close());

const personal = PERSONAL;

describe('role matrix for /apiprocedimientos', () => {
  let categoria: CategoriaWire;
  beforeAll(async () => {
    categoria = await crearCategoria(t.app, admin);
  });

  const nuevo = () => crearProcedimiento(t.app, admin, categoria.id);
  const rutas = procedimientosPaths;
  /** The route's URL for a procedure created for the call (one per caller). */
  const conNuevo = (ruta: (id: number) => string) => async () => ruta((await nuevo()).id);
  const fija = (url: string) => async () => url;
  const alta = (q: Quien) => ({
    nombre: `Matriz ${q}`,
    descripcion: 'Una descripción válida.',
    precio: 100000,
    duracion_minutos: 30,
    categoria_id: categoria.id,
  });

  // Method and route, who gets through, the status they get, the URL and a body built per caller.
  it.each<[Metodo, string, 'everyone' | 'staff only', number, () => Promise<string>, ((q: Quien) => object)?]>([
    ['GET', 'listarprocedimiento', 'everyone', 200, fija(rutas.listar)],
    ['GET', 'buscarprocedimiento/:id', 'everyone', 200, conNuevo(rutas.buscar)],
    ['POST', 'crearprocedimiento', 'staff only', 201, fija(rutas.crear), alta],
    ['PATCH', 'editarprocedimiento/:id', 'staff only', 200, conNuevo(rutas.editar), () => ({ precio: 200000 })],
    ['DELETE', 'eliminarprocedimiento/:id', 'staff only', 200, conNuevo(rutas.eliminar)],
    // Staff get past authorization to the body check (400: no multipart body); others never reach it.
    ['POST', ':id/imagenes', 'staff only', 400, conNuevo(rutas.imagenes)],
    ['DELETE', ':id/imagenes/:imagenId', 'staff only', 404, conNuevo((id) => rutas.imagen(id, 123456))],
    ['PUT', ':id/imagenes/orden', 'staff only', 422, conNuevo(rutas.ordenImagenes), () => ({ orden: [1] })],
  ])('%s %s: %s', async (method, _ruta, quienes, exito, url, cuerpo) => {
    const obtenido: Record<string, number> = {};
    for (const q of QUIENES) {
      obtenido[q] = (await inyectar(t.app, method, await url(), headersDe(u, q), cuerpo?.(q))).statusCode;
    }
    const esperado = Object.fromEntries(
      QUIENES.map((q) => [q, quienes === 'everyone' || personal.includes(q) ? exito : q === 'anonimo' ? 401 : 403]),
    );
    expect(obtenido).toEqual(esperado);
  });
});

describe('validation messages in Spanish', () => {
  let categoriaId: number;
  beforeAll(async () => {
    categoriaId = (await crearCategoria(t.app, admin)).id;
  });
  const crear = (payload: Record<string, unknown>) =>
    inyectar(t.app, 'POST', procedimientosPaths.crear, admin, {
      nombre: 'Peeling',
      descripcion: 'Una descripción válida.',
      precio: 100000,
      duracion_minutos: 30,
      categoria_id: categoriaId,
      ...payload,
    });

  it.each([
    [0, 'El precio debe ser mayor que 0'],
    [-5000, 'El precio debe ser mayor que 0'],
    [1500.5, 'El precio debe ser un valor entero en pesos'],
    ['180000', 'El precio debe ser un número'],
  ])('precio %s -> %s', async (precio, mensaje) => {
    const res = await crear({ precio });
    expect(res.statusCode).toBe(400);
    const cuerpo = res.json();
    expect(cuerpo.code).toBe('VALIDACION');
    expect(cuerpo.issues).toContainEqual({ campo: 'precio', mensaje });
    expect(cuerpo.error).toBe(`Datos inválidos. precio: ${mensaje}`);
  });

  it('missing nombre', async () => {
    const res = await crear({ nombre: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ campo: 'nombre', mensaje: 'Escribe el nombre del procedimiento' }]);
  });

  it('blank nombre and short descripcion', async () => {
    const res = await crear({ nombre: '   ', descripcion: 'corta' });
    expect(res.json().issues).toEqual([
      { campo: 'nombre', mensaje: 'Mínimo 3 caracteres' },
      { campo: 'descripcion', mensaje: 'Mínimo 10 caracteres' },
    ]);
  });

  it('duration bounds', async () => {
    expect((await crear({ duracion_minutos: 2 })).json().issues).toEqual([
      { campo: 'duracion_minutos', mensaje: 'La duración mínima es de 5 minutos' },
    ]);
  });

  it('the buffer after the procedure is set on create and edit, 0 to 120 minutes (issue 27.15)', async () => {
    const res = await crear({ nombre: 'Peeling con margen', margen_minutos: 15 });
    expect(res.statusCode).toBe(201);
    const p: ProcedimientoWire = res.json();
    expect(p.margen_minutos).toBe(15);
    const [fila] = await t.database.db
      .select({ margen: procedimientos.margen_minutos })
      .from(procedimientos)
      .where(eq(procedimientos.id, p.id));
    expect(fila?.margen).toBe(15);

    const editar = (margen_minutos: unknown) =>
      inyectar(t.app, 'PATCH', procedimientosPaths.editar(p.id), admin, { margen_minutos });
    const editado = await editar(30);
    expect(editado.statusCode).toBe(200);
    expect(editado.json().margen_minutos).toBe(30);
    expect((await inyectar(t.app, 'GET', procedimientosPaths.buscar(p.id))).json().margen_minutos).toBe(30);

    for (const [valor, mensaje] of [
      [121, 'El margen máximo es de 120 minutos'],
      [-5, 'El margen no puede ser negativo'],
      [7.5, 'El margen debe ser un número entero de minutos'],
      ['10', 'El margen debe ser un número de minutos'],
    ] as const) {
      const mal = await editar(valor);
      expect(mal.statusCode, String(valor)).toBe(400);
      expect(mal.json().issues).toEqual([{ campo: 'margen_minutos', mensaje }]);
      expect((await crear({ margen_minutos: valor })).json().issues).toEqual([{ campo: 'margen_minutos', mensaje }]);
    }
    const [despues] = await t.database.db
      .select({ margen: procedimientos.margen_minutos })
      .from(procedimientos)
      .where(eq(procedimientos.id, p.id));
    expect(despues?.margen).toBe(30);
  });

  it('an unknown category is 422 with a clear message', async () => {
    const res = await crear({ categoria_id: 987654 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'La categoría elegida no existe.', code: 'REGLA_NEGOCIO' });
    const p = await crearProcedimiento(t.app, admin, categoriaId);
    const edit = await inyectar(t.app, 'PATCH', procedimientosPaths.editar(p.id), admin, { categoria_id: 987654 });
    expect(edit.statusCode).toBe(422);
  });

  it('edits refuse fields that are not editable', async () => {
    const p = await crearProcedimiento(t.app, admin, categoriaId);
    const res = await inyectar(t.app, 'PATCH', procedimientosPaths.editar(p.id), admin, { imagenes: [], id: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Campo no permitido');
  });

  it('a create with defaults answers the full wire shape', async () => {
    const res = await crear({ nombre: '  Limpieza facial  ', recomendaciones_previas: '' });
    expect(res.statusCode).toBe(201);
    const p: ProcedimientoWire = res.json();
    expect(p).toMatchObject({
      nombre: 'Limpieza facial',
      precio: 100000,
      requiere_evaluacion: false,
      edad_minima: 18,
      exento_ley_1799: false,
      margen_minutos: 0,
      activo: true,
      recomendaciones_previas: null,
      examenes_requeridos: null,
      categoria: { id: categoriaId },
      imagenes: [],
    });
    expect(Object.keys(p).sort()).toEqual(
      [
        'activo',
        'actualizado_en',
        'anticipo',
        'categoria',
        'creado_en',
        'descripcion',
        'duracion_minutos',
        'edad_minima',
        'examenes_requeridos',
        'exento_ley_1799',
        'id',
        'imagenes',
        'margen_minutos',
        'nombre',
        'precio',
        'recomendaciones_previas',
        'requiere_evaluacion',
      ].sort(),
    );
  });

  it('hostile values are 400, never a database error', async () => {
    for (const datos of [{ nombre: 'Peel\u0000ing' }, { categoria_id: 1e12 }, { recomendaciones_previas: 'a\u0000' }]) {
      const res = await crear(datos);
      expect(res.statusCode, JSON.stringify(datos)).toBe(400);
    }
    const q = await inyectar(t.app, 'GET', `${procedimientosPaths.listar}?q=a%00b`);
    expect(q.statusCode).toBe(400);
    const cat = await inyectar(t.app, 'GET', `${categoriasPaths.listar}?q=%00`);
    expect(cat.statusCode).toBe(400);
  });

  it('query validation', async () => {
    const consultas: Record<string, string>[] = [
      { porPagina: '500' },
      { pagina: '0' },
      { categoriaId: 'x' },
      { incluirInactivos: 'si' },
    ];
    for (const query of consultas) {
      const res = await t.app.inject({ method: 'GET', url: procedimientosPaths.listar, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('what the public sees', () => {
  let activa: CategoriaWire;
  let oculta: CategoriaWire;
  let visible: ProcedimientoWire;
  let inactivo: ProcedimientoWire;
  let enCategoriaOculta: ProcedimientoWire;

  beforeAll(async () => {
    activa = await crearCategoria(t.app, admin, { nombre: 'Visibles' });
    oculta = await crearCategoria(t.app, admin, { nombre: 'Oculta' });
    visible = await crearProcedimiento(t.app, admin, activa.id, { nombre: 'Ácido hialurónico' });
    inactivo = await crearProcedimiento(t.app, admin, activa.id, { nombre: 'Acido retirado', activo: false });
    enCategoriaOculta = await crearProcedimiento(t.app, admin, oculta.id, { nombre: 'Acido en oculta' });
    await inyectar(t.app, 'PATCH', categoriasPaths.editar(oculta.id), admin, { activa: false });
  });

  const listar = (q: Quien, query: Record<string, string> = {}) => listarProcedimientos(t.app, query, headersDe(u, q));

  it('lists: only active procedures in active categories, even when asking for inactive ones', async () => {
    for (const q of ['anonimo', 'paciente'] as const) {
      const consultas: Record<string, string>[] = [
        {},
        { incluirInactivos: 'true' },
        { categoriaId: String(oculta.id) },
      ];
      for (const query of consultas) {
        const ids = (await listar(q, { porPagina: '100', ...query })).items.map((p) => p.id);
        expect(ids).not.toContain(inactivo.id);
        expect(ids).not.toContain(enCategoriaOculta.id);
      }
      expect((await listar(q, { q: 'acido' })).items.map((p) => p.id)).toEqual([visible.id]);
    }
  });

  it('by id: 404 for an inactive procedure or one in an inactive category', async () => {
    for (const q of ['anonimo', 'paciente'] as const) {
      for (const p of [inactivo, enCategoriaOculta]) {
        const res = await inyectar(t.app, 'GET', procedimientosPaths.buscar(p.id), headersDe(u, q));
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'El procedimiento no existe.', code: 'NO_ENCONTRADO' });
      }
      const ok = await inyectar(t.app, 'GET', procedimientosPaths.buscar(visible.id), headersDe(u, q));
      expect(ok.json()).toMatchObject({ id: visible.id, categoria: { id: activa.id, nombre: 'Visibles' } });
    }
  });

  it('staff see inactive ones by id and with incluirInactivos=true', async () => {
    for (const q of personal) {
      const ids = (await listar(q, { q: 'acido', incluirInactivos: 'true' })).items.map((p) => p.id);
      expect(ids.sort()).toEqual([visible.id, inactivo.id, enCategoriaOculta.id].sort());
      // Without the flag staff get the public view.
      expect((await listar(q, { q: 'acido' })).items.map((p) => p.id)).toEqual([visible.id]);
      const res = await inyectar(t.app, 'GET', procedimientosPaths.buscar(inactivo.id), headersDe(u, q));
      expect(res.json()).toMatchObject({ id: inactivo.id, activo: false });
    }
  });
});

describe('listing', () => {
  let cat: CategoriaWire;
  beforeAll(async () => {
    cat = await crearCategoria(t.app, admin, { nombre: 'Paginación' });
    for (const nombre of ['Peeling químico', 'Peeling de ácido', 'Limpieza', 'Radiofrecuencia', 'Cavitación']) {
      await crearProcedimiento(t.app, admin, cat.id, { nombre });
    }
  });

  const pagina = (query: Record<string, string>) =>
    listarProcedimientos(t.app, { categoriaId: String(cat.id), ...query });

  it('filters by category and paginates with a total', async () => {
    const p1 = await pagina({ porPagina: '2' });
    expect(p1).toMatchObject({ total: 5, pagina: 1, porPagina: 2 });
    expect(p1.items.map((p) => p.nombre)).toEqual(['Cavitación', 'Limpieza']);
    const p3 = await pagina({ porPagina: '2', pagina: '3' });
    expect(p3.items.map((p) => p.nombre)).toEqual(['Radiofrecuencia']);
    const lejos = await pagina({ porPagina: '2', pagina: '9' });
    expect(lejos).toMatchObject({ items: [], total: 5, pagina: 9 });
  });

  it('search is accent- and case-insensitive on the name', async () => {
    for (const q of ['QUIMICO', 'químico', 'peel']) {
      const r = await pagina({ q });
      expect(r.items.every((p) => p.nombre.startsWith('Peeling'))).toBe(true);
      expect(r.items.length).toBeGreaterThan(0);
    }
    const cavit = await listarProcedimientos(t.app, { q: 'CAVITACION' });
    expect(cavit.items.map((p) => p.nombre)).toEqual(['Cavitación']);
  });
});

describe('deletion', () => {
  let categoriaId: number;
  beforeAll(async () => {
    categoriaId = (await crearCategoria(t.app, admin)).id;
  });

  it('a procedure nobody references is deleted', async () => {
    const p = await crearProcedimiento(t.app, admin, categoriaId);
    const res = await inyectar(t.app, 'DELETE', procedimientosPaths.eliminar(p.id), u.asistente.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Procedimiento eliminado.', desactivado: false });
    expect((await inyectar(t.app, 'GET', procedimientosPaths.buscar(p.id), admin)).statusCode).toBe(404);
    expect((await inyectar(t.app, 'DELETE', procedimientosPaths.eliminar(p.id), admin)).statusCode).toBe(404);
  });

  it('a procedure in a cart is deactivated instead, and stays in that cart', async () => {
    const p = await crearProcedimiento(t.app, admin, categoriaId);
    const add = await inyectar(t.app, 'POST', carritoPaths.agregar, u.paciente.headers, { id_procedimiento: p.id });
    expect(add.statusCode).toBe(201);
    const res = await inyectar(t.app, 'DELETE', procedimientosPaths.eliminar(p.id), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mensaje: 'El procedimiento tiene referencias; se desactivó en lugar de eliminarse.',
      desactivado: true,
    });
    const staff = await inyectar(t.app, 'GET', procedimientosPaths.buscar(p.id), admin);
    expect(staff.json()).toMatchObject({ id: p.id, activo: false });
    expect((await inyectar(t.app, 'GET', procedimientosPaths.buscar(p.id))).statusCode).toBe(404);
    const carrito = (await inyectar(t.app, 'GET', carritoPaths.listar, u.paciente.headers)).json();
    expect(carrito.map((i: { id_procedimiento: number }) => i.id_procedimiento)).toContain(p.id);
  });
});
