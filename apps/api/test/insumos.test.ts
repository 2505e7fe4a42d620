// Products and lots (issue 24, item 1; docs/trazabilidad.md): who may call every route (anonymous and the four roles),
// the INVIMA registration checked and normalised, lots received once (no past expiry, no repeated number), stock
// arithmetic in hundredths (2.5 mL), adjustments with their reason that never take a lot below zero (also 20 at once),
// counts, the alerts (expiring within 60 days, expired with stock, below the minimum) and the database refusing any
// change to a lot's received data or to a movement.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJES_INSUMOS as M,
  insumosPaths as rutas,
  type LoteWire,
  type ProductoDetalleWire,
  type ProductoWire,
} from '@clinica/contracts/insumos';
import { fechaEnZona, sumarDias, ZONA_POR_DEFECTO, type Fecha } from '@clinica/contracts/tiempo';
import { auditoria, lotes, lotesMovimientos, productos } from '../src/db/schema/index.ts';
import {
  crearPersonas,
  matrizDeAutorizacion,
  pedidor,
  porQuien,
  type CasoAutorizacion,
  type Personas,
} from './clinica-fixtures.ts';
import { createTestApp } from './helpers.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let { paciente, doctor, asistente, admin } = {} as Personas;
const pedir = pedidor(() => t.app);
const db = () => t.database.db;
const hoy = (): Fecha => fechaEnZona(new Date(), ZONA_POR_DEFECTO);

let secuencia = 0;
const producto = (extra: object = {}) => ({
  nombre: `Toxina botulínica tipo A ${++secuencia}`,
  tipo: 'toxina_botulinica',
  fabricante: 'Laboratorio de prueba',
  registro_invima: 'INVIMA 2008M-0007986-R1',
  unidad: 'U',
  ...extra,
});

async function crearProducto(extra: object = {}): Promise<ProductoWire> {
  const res = await pedir('POST', rutas.productos, asistente, producto(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const lote = (extra: object = {}) => ({
  numero: `L-${++secuencia}`,
  vence_el: sumarDias(hoy(), 365),
  cantidad: 100,
  proveedor: 'Distribuidora de prueba S.A.S.',
  referencia_compra: 'FC-1001',
  ...extra,
});

async function recibir(productoId: number, extra: object = {}): Promise<LoteWire> {
  const res = await pedir('POST', rutas.lotes(productoId), asistente, lote(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const ajustar = (loteId: number, cuerpo: object, quien = asistente) =>
  pedir('POST', rutas.ajustes(loteId), quien, cuerpo);
const filaLote = async (id: number) => (await db().select().from(lotes).where(eq(lotes.id, id)))[0]!;
const movimientosDe = async (loteId: number) =>
  (await db().select({ n: count() }).from(lotesMovimientos).where(eq(lotesMovimientos.lote_id, loteId)))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  ({ paciente, doctor, asistente, admin } = await crearPersonas(t.database));
});
afterAll(async () => {
  await t?.close();
});

describe('authorization matrix: every route x anonymous and the four roles', () => {
  it('reads (products, alerts) are the staff’s; patients and anonymous are refused', async () => {
    const quienes = { anonimo: undefined, paciente, asistente, doctor, administrador: admin };
    for (const url of [rutas.productos, rutas.alertas]) {
      const esperado = porQuien(401, 403, 200, 200, 200);
      for (const [quien, usuario] of Object.entries(quienes)) {
        const res = await pedir('GET', url, usuario);
        expect(res.statusCode, `${url} ${quien}`).toBe(esperado[quien as keyof typeof esperado]);
      }
    }
  });

  // Past the role check, each case fails on what it names (a missing product or lot).
  const casos: CasoAutorizacion[] = [
    { method: 'POST', url: rutas.productos, payload: { nombre: 'x' }, esperado: porQuien(401, 403, 400, 403, 400) },
    { method: 'GET', url: rutas.producto(999_999), esperado: porQuien(401, 403, 404, 404, 404) },
    {
      method: 'PATCH',
      url: rutas.producto(999_999),
      payload: { stock_minimo: 5 },
      esperado: porQuien(401, 403, 404, 403, 404),
    },
    {
      method: 'POST',
      url: rutas.lotes(999_999),
      payload: () => lote(),
      esperado: porQuien(401, 403, 404, 403, 404),
    },
    {
      method: 'POST',
      url: rutas.ajustes(999_999),
      payload: { motivo: 'rotura', cantidad: 1, detalle: 'Se cayó el vial' },
      esperado: porQuien(401, 403, 404, 403, 404),
    },
    { method: 'GET', url: rutas.movimientos(999_999), esperado: porQuien(401, 403, 404, 403, 404) },
  ];
  matrizDeAutorizacion(casos, pedir, () => ({ paciente, asistente, doctor, administrador: admin }));
});

describe('products', () => {
  it('the INVIMA registration is normalised as written on the box, and the creation is audited', async () => {
    const p = await crearProducto({ registro_invima: ' 2019dm-0020231 ', tipo: 'acido_hialuronico', unidad: 'mL' });
    expect(p).toMatchObject({
      registro_invima: 'INVIMA 2019DM-0020231',
      unidad: 'mL',
      existencia: 0,
      stock_bajo: false,
      activo: true,
    });
    const cosmetico = await crearProducto({ registro_invima: 'nsoc12345-21co', tipo: 'vitaminas_mesoterapia' });
    expect(cosmetico.registro_invima).toBe('NSOC12345-21CO');
    const [a] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'producto.crear'), eq(auditoria.recurso_id, String(p.id))));
    expect(a).toMatchObject({ usuario_id: asistente.id, resultado: 'exito' });
  });

  it.each([
    ['no registration', { registro_invima: '' }, 'Escribe el registro sanitario INVIMA'],
    ['a made-up registration', { registro_invima: 'REG-123' }, 'INVIMA 2019DM-0020231'],
    ['an unknown type', { tipo: 'crema' }, 'Elige el tipo de producto'],
    ['an unknown unit', { unidad: 'gotas' }, 'Elige la unidad'],
    ['three decimals in the minimum', { stock_minimo: 1.005 }, 'máximo dos decimales'],
    ['a field of the server', { existencia: 500 }, 'Campo no permitido: existencia'],
  ])('%s is a 400 in Spanish and stores nothing', async (_caso, extra, mensaje) => {
    const antes = (await db().select({ n: count() }).from(productos))[0]!.n;
    const res = await pedir('POST', rutas.productos, asistente, producto(extra));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(mensaje);
    expect((await db().select({ n: count() }).from(productos))[0]!.n).toBe(antes);
  });

  it('the same name and registration twice is a 409', async () => {
    const p = await crearProducto();
    const res = await pedir('POST', rutas.productos, admin, producto({ nombre: p.nombre.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(M.productoDuplicado);
  });

  it('its unit does not change once it has lots; other fields do', async () => {
    const p = await crearProducto();
    const sinLotes = await pedir('PATCH', rutas.producto(p.id), admin, { unidad: 'unidad' });
    expect(sinLotes.statusCode, sinLotes.body).toBe(200);
    await recibir(p.id);
    const conLotes = await pedir('PATCH', rutas.producto(p.id), admin, { unidad: 'mL' });
    expect(conLotes.statusCode).toBe(422);
    expect(conLotes.json().error).toBe(M.unidadConLotes);
    const res = await pedir('PATCH', rutas.producto(p.id), asistente, { stock_minimo: 150.5, activo: false });
    expect(res.json()).toMatchObject({ unidad: 'unidad', stock_minimo: 150.5, activo: false });
  });
});

describe('lots and stock', () => {
  it('a lot received in decimals: stock, who received it, and the product’s total', async () => {
    const p = await crearProducto({ unidad: 'mL', tipo: 'acido_hialuronico' });
    const l = await recibir(p.id, { cantidad: 12.5, numero: 'hA-2026-07' });
    expect(l).toMatchObject({
      numero: 'hA-2026-07',
      cantidad_recibida: 12.5,
      consumido: 0,
      existencia: 12.5,
      vencido: false,
      recibido_por: { id: asistente.id },
    });
    expect((await filaLote(l.id)).cantidad_recibida).toBe(1250);
    await recibir(p.id, { cantidad: 0.75 });
    const detalle: ProductoDetalleWire = (await pedir('GET', rutas.producto(p.id), doctor)).json();
    expect(detalle.existencia).toBe(13.25);
    expect(detalle.lotes).toHaveLength(2);
  });

  it('an expired date, a repeated number (any case) or an inactive product are refused, storing nothing', async () => {
    const p = await crearProducto();
    await recibir(p.id, { numero: 'ABC-1' });
    const vencido = await pedir('POST', rutas.lotes(p.id), asistente, lote({ vence_el: sumarDias(hoy(), -1) }));
    expect(vencido.statusCode).toBe(422);
    expect(vencido.json().error).toBe(M.loteVencido);
    const repetido = await pedir('POST', rutas.lotes(p.id), asistente, lote({ numero: 'abc-1' }));
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().error).toBe(M.loteDuplicado('abc-1'));
    await pedir('PATCH', rutas.producto(p.id), admin, { activo: false });
    const inactivo = await pedir('POST', rutas.lotes(p.id), asistente, lote());
    expect(inactivo.statusCode).toBe(422);
    expect((await db().select({ n: count() }).from(lotes).where(eq(lotes.producto_id, p.id)))[0]!.n).toBe(1);
  });

  it('a breakage takes stock out with its reason; more than there is is a 409 naming the lot and what is left', async () => {
    const p = await crearProducto({ unidad: 'mL' });
    const l = await recibir(p.id, { cantidad: 2.5, numero: 'R-77' });
    const res = await ajustar(l.id, { motivo: 'rotura', cantidad: 1, detalle: 'Se cayó la jeringa prellenada' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ existencia: 1.5, consumido: 1 });
    const demasiado = await ajustar(l.id, { motivo: 'vencido', cantidad: 2, detalle: 'Desecho por vencimiento' });
    expect(demasiado.statusCode).toBe(409);
    expect(demasiado.json().error).toBe(M.sinExistencias('R-77', '1,5 mL'));
    expect((await filaLote(l.id)).consumido).toBe(100);
    const sinMotivo = await ajustar(l.id, { motivo: 'rotura', cantidad: 0.5 });
    expect(sinMotivo.statusCode).toBe(400);
    const movs = (await pedir('GET', rutas.movimientos(l.id), admin)).json();
    expect(movs).toEqual([
      expect.objectContaining({
        tipo: 'ajuste',
        motivo: 'rotura',
        cantidad: 1,
        detalle: 'Se cayó la jeringa prellenada',
        registrado_por: expect.objectContaining({ id: asistente.id }),
      }),
    ]);
  });

  it('a count records the difference either way; the same count is nothing to correct', async () => {
    const p = await crearProducto();
    const l = await recibir(p.id, { cantidad: 100 });
    const menos = await ajustar(l.id, { motivo: 'correccion_conteo', contado: 96, detalle: 'Conteo mensual' });
    expect(menos.json()).toMatchObject({ existencia: 96, consumido: 4 });
    const mas = await ajustar(l.id, { motivo: 'correccion_conteo', contado: 98, detalle: 'Se halló un vial' });
    expect(mas.json()).toMatchObject({ existencia: 98, consumido: 2 });
    const igual = await ajustar(l.id, { motivo: 'correccion_conteo', contado: 98, detalle: 'Conteo otra vez' });
    expect(igual.statusCode).toBe(422);
    const demasiado = await ajustar(l.id, { motivo: 'correccion_conteo', contado: 101, detalle: 'Conteo con error' });
    expect(demasiado.statusCode).toBe(409);
    expect(await movimientosDe(l.id)).toBe(2);
  });

  it('20 adjustments of one unit at once against 5 left: exactly 5 pass, the stock ends at 0', async () => {
    const p = await crearProducto();
    const l = await recibir(p.id, { cantidad: 5 });
    const respuestas = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ajustar(l.id, { motivo: 'rotura', cantidad: 1, detalle: `Vial ${i} perdido` }),
      ),
    );
    const estados = respuestas.map((r) => r.statusCode).sort();
    expect(estados.filter((s) => s === 201)).toHaveLength(5);
    expect(estados.filter((s) => s === 409)).toHaveLength(15);
    expect(await filaLote(l.id)).toMatchObject({ consumido: 500, cantidad_recibida: 500 });
    expect(await movimientosDe(l.id)).toBe(5);
  });

  it('the database refuses changing a lot’s received data or a movement, and deleting either', async () => {
    const p = await crearProducto();
    const l = await recibir(p.id);
    await ajustar(l.id, { motivo: 'rotura', cantidad: 1, detalle: 'Vial roto' });
    await expect(db().update(lotes).set({ cantidad_recibida: 999_999 }).where(eq(lotes.id, l.id))).rejects.toThrow();
    await expect(db().update(lotes).set({ vence_el: '2099-01-01' }).where(eq(lotes.id, l.id))).rejects.toThrow();
    await expect(db().delete(lotes).where(eq(lotes.id, l.id))).rejects.toThrow();
    await expect(
      db().update(lotesMovimientos).set({ cantidad: 1 }).where(eq(lotesMovimientos.lote_id, l.id)),
    ).rejects.toThrow();
    await expect(db().delete(lotesMovimientos).where(eq(lotesMovimientos.lote_id, l.id))).rejects.toThrow();
    // The check keeps the stock within what was received.
    await expect(db().update(lotes).set({ consumido: 20_000 }).where(eq(lotes.id, l.id))).rejects.toThrow();
    expect(await filaLote(l.id)).toMatchObject({ cantidad_recibida: 10_000, consumido: 100 });
  });
});

describe('alerts', () => {
  it('lots with stock expiring within 60 days or expired, and products under their minimum', async () => {
    const p = await crearProducto({ stock_minimo: 50 });
    const pronto = await recibir(p.id, { vence_el: sumarDias(hoy(), 30), cantidad: 20 });
    const lejos = await recibir(p.id, { vence_el: sumarDias(hoy(), 200), cantidad: 20 });
    const agotado = await recibir(p.id, { vence_el: sumarDias(hoy(), 10), cantidad: 1 });
    await ajustar(agotado.id, { motivo: 'rotura', cantidad: 1, detalle: 'Se usó de prueba' });
    // An expired lot with stock left, written straight to the table (the API refuses receiving one).
    const [vencido] = await db()
      .insert(lotes)
      .values({
        producto_id: p.id,
        numero: `V-${++secuencia}`,
        vence_el: sumarDias(hoy(), -3),
        cantidad_recibida: 700,
        proveedor: 'Distribuidora',
        recibido_por: asistente.id,
      })
      .returning({ id: lotes.id });
    const res = await pedir('GET', rutas.alertas, doctor);
    expect(res.statusCode).toBe(200);
    const alertas = res.json();
    const ids = alertas.por_vencer.map((l: { id: number }) => l.id);
    expect(ids).toContain(pronto.id);
    expect(ids).toContain(vencido!.id);
    expect(ids).not.toContain(lejos.id);
    expect(ids).not.toContain(agotado.id);
    expect(alertas.por_vencer.find((l: { id: number }) => l.id === vencido!.id)).toMatchObject({
      vencido: true,
      existencia: 7,
      producto: { id: p.id, nombre: p.nombre, unidad: 'U' },
    });
    // Usable stock 40 (the expired 7 do not count) under a minimum of 50.
    expect(alertas.stock_bajo).toContainEqual({
      id: p.id,
      nombre: p.nombre,
      unidad: 'U',
      existencia: 40,
      stock_minimo: 50,
    });
    const detalle: ProductoDetalleWire = (await pedir('GET', rutas.producto(p.id), asistente)).json();
    expect(detalle).toMatchObject({ existencia: 40, existencia_vencida: 7, stock_bajo: true });
  });
});
