// The cart (SPEC 4, 7, 8): every signed-in role has one; duplicates refused by the database with the
// exact text the web matches; only available procedures; nobody touches another user's items.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carritoPaths, MENSAJE_YA_EN_CARRITO, type CarritoItemWire } from '@clinica/contracts/carrito';
import { categoriasPaths, procedimientosPaths } from '@clinica/contracts/catalogo';
import { createTestApp, type TestContext } from './helpers.ts';
import { QUIENES, crearUsuario, crearUsuariosPorRol, headersDe, type UsuariosPorRol } from './auth-helpers.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';

let t: TestContext;
let u: UsuariosPorRol;
let admin: Record<string, string>;
let categoriaId: number;

beforeAll(async () => {
  t = await createTestApp();
  u = await crearUsuariosPorRol(t.database);
  admin = u.administrador.headers;
  categoriaId = (await crearCategoria(t.app, admin)).id;
});
afterAll(() => t.close());

const nuevoProcedimiento = (datos: Record<string, unknown> = {}) =>
  crearProcedimiento(t.app, admin, categoriaId, datos);
const agregar = (headers: Record<string, string>, id_procedimiento: unknown) =>
  t.app.inject({ method: 'POST', url: carritoPaths.agregar, headers, payload: { id_procedimiento } });
const listar = async (headers: Record<string, string>): Promise<CarritoItemWire[]> =>
  (await t.app.inject({ method: 'GET', url: carritoPaths.listar, headers })).json();
const filasDe = async (usuarioId: number) =>
  (await t.database.db.execute(sql`select count(*)::int as n from carrito_items where usuario_id = ${usuarioId}`))
    .rows[0];

describe('role matrix for /apicarrito: every signed-in role, never anonymous', () => {
  it('anonymous gets 401 on every route', async () => {
    const p = await nuevoProcedimiento();
    for (const [method, url] of [
      ['GET', carritoPaths.listar],
      ['POST', carritoPaths.agregar],
      ['DELETE', carritoPaths.eliminar(1)],
      ['DELETE', carritoPaths.limpiar],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { id_procedimiento: p.id } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'Debes iniciar sesión para continuar.', code: 'NO_AUTENTICADO' });
    }
  });

  it('each role lists, adds, removes and clears its own cart', async () => {
    const p = await nuevoProcedimiento();
    const q = await nuevoProcedimiento();
    for (const quien of QUIENES.filter((x) => x !== 'anonimo')) {
      const h = headersDe(u, quien);
      expect((await t.app.inject({ method: 'GET', url: carritoPaths.listar, headers: h })).statusCode, quien).toBe(200);
      const a = await agregar(h, p.id);
      expect(a.statusCode, quien).toBe(201);
      expect((await agregar(h, q.id)).statusCode, quien).toBe(201);
      const del = await t.app.inject({ method: 'DELETE', url: carritoPaths.eliminar(a.json().id), headers: h });
      expect(del.statusCode, quien).toBe(200);
      const clr = await t.app.inject({ method: 'DELETE', url: carritoPaths.limpiar, headers: h });
      expect(clr.statusCode, quien).toBe(200);
      expect(await listar(h)).toEqual([]);
    }
  });

  it('responses with the cart are never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: carritoPaths.listar, headers: u.paciente.headers });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('adding', () => {
  it('answers 201 with the new item (id, id_procedimiento, nested procedimiento, creado_en)', async () => {
    const p = await nuevoProcedimiento({ nombre: 'Hidrafacial' });
    const res = await agregar(u.paciente.headers, p.id);
    expect(res.statusCode).toBe(201);
    const item: CarritoItemWire = res.json();
    expect(Object.keys(item).sort()).toEqual(['creado_en', 'id', 'id_procedimiento', 'procedimiento']);
    expect(item.id_procedimiento).toBe(p.id);
    expect(item.procedimiento).toEqual(p);
    expect(item.creado_en).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('a second add is HTTP 400 with the exact text the web looks for', async () => {
    const p = await nuevoProcedimiento();
    expect((await agregar(u.paciente.headers, p.id)).statusCode).toBe(201);
    const res = await agregar(u.paciente.headers, p.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'El procedimiento ya está en el carrito.', code: 'YA_EN_CARRITO' });
    expect(res.json().error).toBe(MENSAJE_YA_EN_CARRITO);
    expect(res.json().error.toLowerCase()).toContain('ya está en el carrito');
  });

  it('10 parallel adds of one procedure: one 201, nine 400 with the exact text, one row', async () => {
    const yo = await crearUsuario(t.database, 'paciente');
    const p = await nuevoProcedimiento();
    const res = await Promise.all(Array.from({ length: 10 }, () => agregar(yo.headers, p.id)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(400)]);
    for (const r of res.filter((x) => x.statusCode === 400)) {
      expect(r.json()).toEqual({ error: MENSAJE_YA_EN_CARRITO, code: 'YA_EN_CARRITO' });
    }
    expect(await filasDe(yo.id)).toEqual({ n: 1 });
    expect(await listar(yo.headers)).toHaveLength(1);
  });

  it('the same procedure can be in two users carts', async () => {
    const p = await nuevoProcedimiento();
    expect((await agregar(u.asistente.headers, p.id)).statusCode).toBe(201);
    expect((await agregar(u.doctor.headers, p.id)).statusCode).toBe(201);
  });

  it('an unknown procedure is 404', async () => {
    const res = await agregar(u.paciente.headers, 987654);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'El procedimiento no existe.', code: 'NO_ENCONTRADO' });
  });

  it('an inactive procedure, or one in an inactive category, is 422', async () => {
    const inactivo = await nuevoProcedimiento({ activo: false });
    const cat = await crearCategoria(t.app, admin);
    const enOculta = await crearProcedimiento(t.app, admin, cat.id);
    await t.app.inject({
      method: 'PATCH',
      url: categoriasPaths.editar(cat.id),
      headers: admin,
      payload: { activa: false },
    });
    for (const p of [inactivo, enOculta]) {
      const res = await agregar(u.paciente.headers, p.id);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: 'Este procedimiento no está disponible en este momento.',
        code: 'PROCEDIMIENTO_NO_DISPONIBLE',
      });
    }
  });

  it('a bad body is 400 in Spanish', async () => {
    for (const body of [{}, { id_procedimiento: 'abc' }, { id_procedimiento: -1 }, { id_procedimiento: 1e12 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: carritoPaths.agregar,
        headers: u.paciente.headers,
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDACION');
    }
  });
});

describe('listing', () => {
  it('oldest first, with the full procedure including inactive ones already there', async () => {
    const yo = await crearUsuario(t.database, 'paciente');
    const a = await nuevoProcedimiento({ nombre: 'Zeta primero' });
    const b = await nuevoProcedimiento({ nombre: 'Alfa segundo' });
    const c = await nuevoProcedimiento({ nombre: 'Media tercero' });
    for (const p of [a, b, c]) expect((await agregar(yo.headers, p.id)).statusCode).toBe(201);
    await t.app.inject({
      method: 'PATCH',
      url: procedimientosPaths.editar(b.id),
      headers: admin,
      payload: { activo: false },
    });
    const items = await listar(yo.headers);
    expect(items.map((i) => i.id_procedimiento)).toEqual([a.id, b.id, c.id]);
    expect(items.map((i) => i.procedimiento.nombre)).toEqual(['Zeta primero', 'Alfa segundo', 'Media tercero']);
    expect(items[1]!.procedimiento.activo).toBe(false);
    const ids = items.map((i) => i.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(items.every((i) => i.procedimiento.categoria.id === categoriaId)).toBe(true);
  });
});

describe('ownership', () => {
  /**
   * Two patients with the same two procedures in their carts, made by each test for itself, so no test
   * depends on another having run first and none can pass on an empty cart.
   */
  async function dosCarritos() {
    const yo = await crearUsuario(t.database, 'paciente');
    const otro = await crearUsuario(t.database, 'paciente');
    const p1 = await nuevoProcedimiento();
    const p2 = await nuevoProcedimiento();
    for (const h of [yo.headers, otro.headers])
      for (const p of [p1, p2]) expect((await agregar(h, p.id)).statusCode).toBe(201);
    const mios = await listar(yo.headers);
    const suyos = await listar(otro.headers);
    expect(mios.map((i) => i.id_procedimiento)).toEqual([p1.id, p2.id]);
    expect(suyos.map((i) => i.id_procedimiento)).toEqual([p1.id, p2.id]);
    return { yo, otro, p1, p2, mios, suyos };
  }

  it('removing another user’s item is 404 and removes nothing from either cart', async () => {
    const { yo, otro, mios, suyos } = await dosCarritos();
    for (const item of suyos) {
      const res = await t.app.inject({ method: 'DELETE', url: carritoPaths.eliminar(item.id), headers: yo.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Ese elemento no está en tu carrito.', code: 'NO_ENCONTRADO' });
    }
    expect(await listar(otro.headers)).toEqual(suyos);
    expect(await listar(yo.headers)).toEqual(mios);
  });

  it('a user sees only their own items', async () => {
    const { yo, otro, mios, suyos } = await dosCarritos();
    // Same procedures, different items: four rows, two per user, no id shared.
    expect(new Set([...mios, ...suyos].map((i) => i.id)).size).toBe(4);
    expect(await filasDe(yo.id)).toEqual({ n: 2 });
    expect(await filasDe(otro.id)).toEqual({ n: 2 });
  });

  it('removing my own item works once, a second time is 404, and the other cart keeps both', async () => {
    const { yo, otro, p2, mios, suyos } = await dosCarritos();
    const [primero] = mios;
    const res = await t.app.inject({ method: 'DELETE', url: carritoPaths.eliminar(primero!.id), headers: yo.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Procedimiento eliminado del carrito.' });
    const otra = await t.app.inject({ method: 'DELETE', url: carritoPaths.eliminar(primero!.id), headers: yo.headers });
    expect(otra.statusCode).toBe(404);
    expect((await listar(yo.headers)).map((i) => i.id_procedimiento)).toEqual([p2.id]);
    expect(await listar(otro.headers)).toEqual(suyos);
  });

  it('clearing empties only my cart', async () => {
    const { yo, otro, suyos } = await dosCarritos();
    const res = await t.app.inject({ method: 'DELETE', url: carritoPaths.limpiar, headers: yo.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Tu carrito quedó vacío.' });
    expect(await listar(yo.headers)).toEqual([]);
    expect(await filasDe(yo.id)).toEqual({ n: 0 });
    expect(await listar(otro.headers)).toEqual(suyos);
    // Clearing an empty cart is fine too.
    expect((await t.app.inject({ method: 'DELETE', url: carritoPaths.limpiar, headers: yo.headers })).statusCode).toBe(
      200,
    );
  });

  it('a removed item can be added again', async () => {
    const { yo, p1, p2, mios } = await dosCarritos();
    const del = await t.app.inject({ method: 'DELETE', url: carritoPaths.eliminar(mios[0]!.id), headers: yo.headers });
    expect(del.statusCode).toBe(200);
    expect((await agregar(yo.headers, p1.id)).statusCode).toBe(201);
    expect((await listar(yo.headers)).map((i) => i.id_procedimiento)).toEqual([p2.id, p1.id]);
  });
});
