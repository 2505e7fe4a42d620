// The injection chart in the clinical note (issue 24, item 2; docs/trazabilidad.md): the usable lots (who, which,
// in Spanish order), a draft's chart saved whole and read back with lot and product, the 422s naming the point
// (not a procedure, missing lot, inactive product, expired lot, more than the stock), signing (hash v2 recomputable,
// v1 unchanged for notes without a chart, stock deducted with one 'uso' movement per lot, an expired lot refused),
// 20 parallel signatures against the last units, immutability (API and SQL) and who sees the chart.
import { and, eq, isNull, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copiaHistoriaPaths as copia } from '@clinica/contracts/copia-historia';
import { evolucionesPaths as rutas, type EvolucionWire } from '@clinica/contracts/evoluciones';
import { MENSAJES_INSUMOS, insumosPaths, type LoteUsableWire, type LoteWire } from '@clinica/contracts/insumos';
import type { PuntoAplicacionBody } from '@clinica/contracts/mapa-facial';
import { fechaEnZona, sumarDias, ZONA_POR_DEFECTO, type Fecha } from '@clinica/contracts/tiempo';
import { aplicaciones, evoluciones, lotes, lotesMovimientos } from '../src/db/schema/index.ts';
import { contenidoCanonico, hashContenido } from '../src/features/evoluciones/evoluciones.contenido.ts';
import { MENSAJES_EVOLUCION } from '../src/features/evoluciones/evoluciones.service.ts';
import { MENSAJES_MAPA } from '../src/features/evoluciones/mapa-aplicacion.ts';
import { MENSAJES_USO } from '../src/features/insumos/insumos.usos.ts';
import {
  crearPersonas,
  haceHoras,
  insertarCita,
  NOTA_CLINICA,
  pedidor,
  porQuien,
  type Personas,
} from './clinica-fixtures.ts';
import { createTestApp } from './helpers.ts';
import { textoDelPdf } from './pdf-texto.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
const pedir = pedidor(() => t.app);
const db = () => t.database.db;
const hoy = (): Fecha => fechaEnZona(new Date(), ZONA_POR_DEFECTO);

let secuencia = 0;
async function crearProducto(nombre: string, unidad = 'U', tipo = 'toxina_botulinica') {
  const res = await pedir('POST', insumosPaths.productos, asistente, {
    nombre,
    tipo,
    fabricante: 'Laboratorio de prueba',
    registro_invima: `INVIMA 2019M-00${1000 + ++secuencia}`,
    unidad,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}
async function recibir(productoId: number, cantidad: number, vence_el = sumarDias(hoy(), 365)): Promise<LoteWire> {
  const res = await pedir('POST', insumosPaths.lotes(productoId), asistente, {
    numero: `MA-${++secuencia}`,
    vence_el,
    cantidad,
    proveedor: 'Distribuidora de prueba S.A.S.',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
/** An expired lot, written straight to the table (the API refuses receiving one). */
async function loteVencido(productoId: number, cantidad = 10): Promise<number> {
  const [f] = await db()
    .insert(lotes)
    .values({
      producto_id: productoId,
      numero: `VEN-${++secuencia}`,
      vence_el: sumarDias(hoy(), -2),
      cantidad_recibida: cantidad * 100,
      proveedor: 'Distribuidora',
      recibido_por: asistente.id,
    })
    .returning({ id: lotes.id });
  return f!.id;
}

const punto = (lote_id: number, cantidad: number, extra: Partial<PuntoAplicacionBody> = {}): PuntoAplicacionBody => ({
  vista: 'frontal',
  zona: 'glabela',
  x: 500,
  y: 300,
  lote_id,
  cantidad,
  plano: 'intramuscular',
  tecnica: 'bolo',
  dispositivo: 'aguja',
  calibre: '30G',
  nota: '',
  ...extra,
});
// A note without prescription or orders: signing builds no PDF.
const nota = (puntos: PuntoAplicacionBody[]) => ({ ...NOTA_CLINICA, formulas: [], ordenes: [], aplicaciones: puntos });

// Each appointment an hour before the previous one: a doctor's appointments never overlap.
let horas = 0;
const citaProcedimiento = (tipo: 'procedimiento' | 'evaluacion' = 'procedimiento') =>
  insertarCita(t.database, { pacienteId: paciente.id, doctorId: doctor.id, inicio: haceHoras(++horas), tipo });

async function borrador(puntos: PuntoAplicacionBody[], citaId?: number): Promise<EvolucionWire> {
  const res = await pedir('POST', rutas.porCita(citaId ?? (await citaProcedimiento())), doctor, nota(puntos));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const filaLote = async (id: number) => (await db().select().from(lotes).where(eq(lotes.id, id)))[0]!;
const usosDe = (loteId: number) =>
  db()
    .select()
    .from(lotesMovimientos)
    .where(and(eq(lotesMovimientos.lote_id, loteId), eq(lotesMovimientos.tipo, 'uso')));

let toxina: { id: number };
let acido: { id: number };
let loteToxina: LoteWire;
let loteAcido: LoteWire;

beforeAll(async () => {
  t = await createTestApp();
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database));
  toxina = await crearProducto('Toxina botulínica mapa', 'U');
  acido = await crearProducto('Ácido hialurónico mapa', 'mL', 'acido_hialuronico');
  loteToxina = await recibir(toxina.id, 100);
  loteAcido = await recibir(acido.id, 5);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /apiinsumos/lotes-usables', () => {
  it('authorization: the staff who read lots (assistants, doctors, administrators); patients and anonymous refused', async () => {
    const esperado = porQuien(401, 403, 200, 200, 200);
    const quienes = { anonimo: undefined, paciente, asistente, doctor, administrador: admin };
    for (const [quien, usuario] of Object.entries(quienes)) {
      const res = await pedir('GET', insumosPaths.lotesUsables, usuario);
      expect(res.statusCode, quien).toBe(esperado[quien as keyof typeof esperado]);
      if (res.statusCode !== 200) expect(res.json()).toMatchObject({ error: expect.any(String) });
    }
  });

  it('active products, not expired, with stock; by product name as Spanish sorts it, then expiry', async () => {
    const botox = await crearProducto('botox orden');
    const acidoOrden = await crearProducto('Ácido orden');
    const zeta = await crearProducto('Zeta orden');
    const inactivo = await crearProducto('Apagado orden');
    const tarde = await recibir(acidoOrden.id, 3, sumarDias(hoy(), 300));
    const pronto = await recibir(acidoOrden.id, 3, sumarDias(hoy(), 20));
    const deHoy = await recibir(botox.id, 3, hoy());
    const deZeta = await recibir(zeta.id, 1);
    const vacio = await recibir(zeta.id, 1);
    await pedir('POST', insumosPaths.ajustes(vacio.id), asistente, {
      motivo: 'rotura',
      cantidad: 1,
      detalle: 'Se cayó el vial',
    });
    await recibir(inactivo.id, 4);
    expect((await pedir('PATCH', insumosPaths.producto(inactivo.id), asistente, { activo: false })).statusCode).toBe(
      200,
    );
    const vencido = await loteVencido(botox.id);

    const res = await pedir('GET', insumosPaths.lotesUsables, doctor);
    expect(res.statusCode).toBe(200);
    const lista: LoteUsableWire[] = res.json();
    const mios = lista.filter((l) => l.producto.nombre.endsWith(' orden'));
    expect(mios.map((l) => l.id)).toEqual([pronto.id, tarde.id, deHoy.id, deZeta.id]);
    expect(lista.map((l) => l.id)).not.toContain(vencido);
    expect(mios[0]).toMatchObject({
      numero: pronto.numero,
      existencia: 3,
      producto: { id: acidoOrden.id, nombre: 'Ácido orden', unidad: 'U', tipo: 'toxina_botulinica' },
    });
    // The products list sorts the same way.
    const productosLista: { nombre: string }[] = (await pedir('GET', insumosPaths.productos, asistente)).json();
    const nombres = productosLista.map((p) => p.nombre).filter((n) => n.endsWith(' orden'));
    expect(nombres).toEqual(['Ácido orden', 'botox orden', 'Zeta orden', 'Apagado orden']);
  });
});

describe('saving the chart with the draft', () => {
  it('stores the points in order with lot and product spelled out; a new save replaces them', async () => {
    const n = await borrador([
      punto(loteToxina.id, 4, { zona: 'frente', y: 150 }),
      punto(loteAcido.id, 0.55, { zona: 'labio_superior', y: 700, nota: 'Borde rojo' }),
      punto(loteToxina.id, 2.5),
    ]);
    expect(n.aplicaciones.map((p) => [p.zona, p.cantidad])).toEqual([
      ['frente', 4],
      ['labio_superior', 0.55],
      ['glabela', 2.5],
    ]);
    expect(n.aplicaciones[1]).toMatchObject({
      nota: 'Borde rojo',
      lote: { id: loteAcido.id, numero: loteAcido.numero, vence_el: loteAcido.vence_el },
      producto: { id: acido.id, nombre: 'Ácido hialurónico mapa', unidad: 'mL', tipo: 'acido_hialuronico' },
    });
    const filas = await db().select().from(aplicaciones).where(eq(aplicaciones.evolucion_id, n.id));
    expect(filas.map((f) => [f.orden, f.cantidad]).sort()).toEqual([
      [1, 400],
      [2, 55],
      [3, 250],
    ]);
    const res = await pedir('PUT', rutas.editar(n.id), doctor, nota([punto(loteAcido.id, 1, { zona: 'menton' })]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().aplicaciones.map((p: { zona: string }) => p.zona)).toEqual(['menton']);
    const lectura = await pedir('GET', rutas.porCita(n.cita_id), doctor);
    expect(lectura.json().evolucion.aplicaciones).toHaveLength(1);
    // Saving a draft moves no stock.
    expect((await filaLote(loteAcido.id)).consumido).toBe(0);
  });

  it('refuses with a 422 naming the point, storing nothing', async () => {
    const inactivo = await crearProducto('Inactivo mapa');
    const loteInactivo = await recibir(inactivo.id, 10);
    await pedir('PATCH', insumosPaths.producto(inactivo.id), asistente, { activo: false });
    const vencido = await loteVencido(toxina.id);
    const citaId = await citaProcedimiento();
    const casos: [PuntoAplicacionBody[], string][] = [
      [[punto(loteToxina.id, 1), punto(999_999, 1)], MENSAJES_USO.loteNoExiste(2)],
      [[punto(loteInactivo.id, 1)], MENSAJES_USO.productoInactivo(1, 'Inactivo mapa')],
      [[punto(loteToxina.id, 1), punto(loteToxina.id, 1), punto(vencido, 1)], 'Punto 3: el lote VEN-'],
      [
        [punto(loteAcido.id, 2), punto(loteToxina.id, 1), punto(loteAcido.id, 3.5)],
        MENSAJES_USO.sinExistencias(3, loteAcido.numero, '5,5 mL', '5 mL'),
      ],
    ];
    for (const [puntos, mensaje] of casos) {
      const res = await pedir('POST', rutas.porCita(citaId), doctor, nota(puntos));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toContain(mensaje);
    }
    expect(await db().select().from(evoluciones).where(eq(evoluciones.cita_id, citaId))).toHaveLength(0);

    // A chart on a note whose appointment is not a procedure, at creation and when editing.
    const evaluacion = await citaProcedimiento('evaluacion');
    const res = await pedir('POST', rutas.porCita(evaluacion), doctor, nota([punto(loteToxina.id, 1)]));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(MENSAJES_MAPA.soloProcedimiento);
    const sinMapa = await pedir('POST', rutas.porCita(evaluacion), doctor, nota([]));
    expect(sinMapa.statusCode).toBe(201);
    const editar = await pedir('PUT', rutas.editar(sinMapa.json().id), doctor, nota([punto(loteToxina.id, 1)]));
    expect(editar.statusCode).toBe(422);
    expect(editar.json().error).toBe(MENSAJES_MAPA.soloProcedimiento);
    expect(await db().select().from(aplicaciones).where(eq(aplicaciones.evolucion_id, sinMapa.json().id))).toEqual([]);
  });
});

describe('signing the chart', () => {
  let firmada: EvolucionWire;

  it('deducts each lot’s total with one use movement per lot, and hashes the chart (v2)', async () => {
    const antesToxina = (await filaLote(loteToxina.id)).consumido;
    const n = await borrador([
      punto(loteToxina.id, 4, { zona: 'frente' }),
      punto(loteAcido.id, 0.5, { zona: 'labio_inferior' }),
      punto(loteToxina.id, 2.5, { zona: 'patas_de_gallo_derecha', x: 300 }),
    ]);
    const res = await pedir('POST', rutas.firmar(n.id), doctor);
    expect(res.statusCode, res.body).toBe(200);
    firmada = res.json();
    expect(firmada.aplicaciones).toHaveLength(3);
    expect((await filaLote(loteToxina.id)).consumido).toBe(antesToxina + 650);
    const usos = await usosDe(loteToxina.id);
    expect(usos.filter((u) => u.evolucion_id === n.id).map((u) => [u.cantidad, u.registrado_por])).toEqual([
      [650, doctor.id],
    ]);
    expect((await usosDe(loteAcido.id)).filter((u) => u.evolucion_id === n.id).map((u) => u.cantidad)).toEqual([50]);

    const [fila] = await db().select().from(evoluciones).where(eq(evoluciones.id, n.id));
    const puntos = await db().select().from(aplicaciones).where(eq(aplicaciones.evolucion_id, n.id));
    const contenido = { ...fila!, formulas: [], ordenes: [], aplicaciones: puntos, firmada_en: fila!.firmada_en! };
    expect(JSON.parse(contenidoCanonico(contenido))).toMatchObject({
      version: 'evolucion-v2',
      aplicaciones: [{ orden: 1, zona: 'frente', cantidad: 400, lote_id: loteToxina.id }, {}, {}],
    });
    expect(fila!.hash_contenido).toBe(hashContenido(contenido));
    // Changing a point's quantity changes the hash.
    expect(
      hashContenido({ ...contenido, aplicaciones: puntos.map((p) => ({ ...p, cantidad: p.cantidad + 1 })) }),
    ).not.toBe(fila!.hash_contenido);
  });

  it('a note without a chart keeps the v1 canonical form, so notes signed before the chart still verify', () => {
    const base = {
      id: 7,
      cita_id: 3,
      paciente_id: 2,
      autor_id: 1,
      motivo: 'm',
      hallazgos: 'h',
      procedimiento_realizado: 'p',
      productos: [],
      indicaciones: 'i',
      formulas: [],
      ordenes: [],
      firmada_en: new Date('2026-01-02T03:04:05.000Z'),
    };
    // The v1 form exactly as it was written before issue 24.
    const v1 =
      '{"version":"evolucion-v1","evolucion_id":7,"cita_id":3,"paciente_id":2,"autor_id":1,"motivo":"m","hallazgos":"h","procedimiento_realizado":"p","productos":[],"indicaciones":"i","formulas":[],"ordenes":[],"firmada_en":"2026-01-02T03:04:05.000Z"}';
    expect(contenidoCanonico(base)).toBe(v1);
    expect(contenidoCanonico({ ...base, aplicaciones: [] })).toBe(v1);
  });

  it('after signing the chart is refused by the API (409) and by the database', async () => {
    const res = await pedir('PUT', rutas.editar(firmada.id), doctor, nota([punto(loteToxina.id, 1)]));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MENSAJES_EVOLUCION.firmada);
    const id = firmada.id;
    await expect(db().execute(sql`update aplicaciones set cantidad = 1 where evolucion_id = ${id}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from aplicaciones where evolucion_id = ${id}`)).rejects.toThrow();
    await expect(
      db().insert(aplicaciones).values({
        evolucion_id: id,
        orden: 99,
        vista: 'frontal',
        zona: 'menton',
        x: 1,
        y: 1,
        lote_id: loteToxina.id,
        cantidad: 100,
        plano: 'subcutaneo',
        tecnica: 'bolo',
        dispositivo: 'aguja',
        calibre: '30G',
      }),
    ).rejects.toThrow();
    const puntos = await db().select().from(aplicaciones).where(eq(aplicaciones.evolucion_id, id));
    expect(puntos.map((p) => p.cantidad).sort()).toEqual([250, 400, 50].sort());
  });

  it('a lot expired by signing time is refused (422): the note stays a draft and no stock moves', async () => {
    const vencido = await loteVencido(toxina.id);
    const n = await borrador([punto(loteToxina.id, 1)]);
    // The lot expired after the draft was saved: its point is written straight (the draft allows it).
    await db().insert(aplicaciones).values({
      evolucion_id: n.id,
      orden: 2,
      vista: 'frontal',
      zona: 'frente',
      x: 10,
      y: 10,
      lote_id: vencido,
      cantidad: 100,
      plano: 'intramuscular',
      tecnica: 'bolo',
      dispositivo: 'aguja',
      calibre: '30G',
    });
    const antes = (await filaLote(loteToxina.id)).consumido;
    const res = await pedir('POST', rutas.firmar(n.id), doctor);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatch(/^Punto 2: el lote VEN-\d+ venció el .* no se puede aplicar/);
    expect((await db().select().from(evoluciones).where(eq(evoluciones.id, n.id)))[0]!.firmada_en).toBeNull();
    expect((await filaLote(loteToxina.id)).consumido).toBe(antes);
    expect((await usosDe(loteToxina.id)).filter((u) => u.evolucion_id === n.id)).toEqual([]);
  });

  it('20 signatures at once against stock for 7: exactly 7 sign, 13 get a 409 naming the lot, stock ends at 0', async () => {
    const p = await crearProducto('Toxina última unidad');
    const l = await recibir(p.id, 7);
    const otro = await recibir(acido.id, 100);
    const notas: EvolucionWire[] = [];
    // Each note takes 1 U of the shared lot (two points) and some of another lot, which must roll back with it.
    for (let i = 0; i < 20; i++)
      notas.push(await borrador([punto(l.id, 0.5), punto(otro.id, 1), punto(l.id, 0.5, { zona: 'frente' })]));
    const respuestas = await Promise.all(notas.map((n) => pedir('POST', rutas.firmar(n.id), doctor)));
    const estados = respuestas.map((r) => r.statusCode);
    expect(estados.filter((s) => s === 200)).toHaveLength(7);
    expect(estados.filter((s) => s === 409)).toHaveLength(13);
    for (const r of respuestas.filter((x) => x.statusCode === 409))
      expect(r.json().error).toBe(MENSAJES_INSUMOS.sinExistencias(l.numero, '0 U'));
    expect(await filaLote(l.id)).toMatchObject({ consumido: 700, cantidad_recibida: 700 });
    const [{ total }] = (await db()
      .select({ total: sum(lotesMovimientos.cantidad).mapWith(Number) })
      .from(lotesMovimientos)
      .where(eq(lotesMovimientos.lote_id, l.id))) as [{ total: number }];
    expect(total).toBe(700);
    expect(await usosDe(l.id)).toHaveLength(7);
    // The other lot moved only for the 7 signed notes; the 13 others are still drafts.
    expect((await filaLote(otro.id)).consumido).toBe(700);
    const borradores = await db()
      .select()
      .from(evoluciones)
      .where(and(isNull(evoluciones.firmada_en), sql`${evoluciones.id} in ${notas.map((n) => n.id)}`));
    expect(borradores).toHaveLength(13);
  });
});

describe('who sees the chart', () => {
  it('the patient sees her own signed note’s chart; other doctors read it; assistants, admins and other patients do not', async () => {
    const citaId = await citaProcedimiento();
    const n = await borrador([punto(loteAcido.id, 0.25, { zona: 'menton' })], citaId);
    // A draft stays with its author.
    expect((await pedir('GET', rutas.porCita(citaId), otroDoctor)).json()).toEqual({ evolucion: null });
    // Another doctor cannot write the chart of a note that is not theirs.
    expect((await pedir('PUT', rutas.editar(n.id), otroDoctor, nota([punto(loteAcido.id, 1)]))).statusCode).toBe(404);
    expect((await pedir('POST', rutas.firmar(n.id), doctor)).statusCode).toBe(200);
    const suya = await pedir('GET', rutas.porCita(citaId), paciente);
    expect(suya.statusCode).toBe(200);
    expect(suya.json().evolucion.aplicaciones).toMatchObject([
      { zona: 'menton', cantidad: 0.25, producto: { nombre: 'Ácido hialurónico mapa', unidad: 'mL' } },
    ]);
    expect((await pedir('GET', rutas.porCita(citaId), otroDoctor)).json().evolucion.aplicaciones).toHaveLength(1);
    expect((await pedir('GET', rutas.porCita(citaId), otraPaciente)).statusCode).toBe(404);
    expect((await pedir('GET', rutas.porCita(citaId), asistente)).statusCode).toBe(403);
    expect((await pedir('GET', rutas.porCita(citaId), admin)).statusCode).toBe(403);
    expect((await pedir('GET', rutas.porCita(citaId))).statusCode).toBe(401);
    // Charting is the appointment's doctor's: the other roles are refused by the route.
    for (const quien of [paciente, asistente, admin])
      expect((await pedir('POST', rutas.porCita(citaId), quien, nota([punto(loteAcido.id, 1)]))).statusCode).toBe(403);
  });

  it('the record copy PDF prints the chart: the drawing, the table of points and the totals per lot', async () => {
    const citaId = await citaProcedimiento();
    const n = await borrador(
      [
        punto(loteToxina.id, 4, { zona: 'frente', y: 150, calibre: '32G' }),
        punto(loteAcido.id, 0.3, {
          vista: 'perfil_derecho',
          zona: 'pomulo_derecho',
          plano: 'supraperiostico',
          dispositivo: 'canula',
          calibre: '25G',
          tecnica: 'abanico',
          nota: 'Sin sangrado',
        }),
        punto(loteToxina.id, 2, { zona: 'glabela' }),
      ],
      citaId,
    );
    expect((await pedir('POST', rutas.firmar(n.id), doctor)).statusCode).toBe(200);
    const res = await pedir('GET', copia.pdfPaciente(paciente.id), doctor);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const texto = await textoDelPdf(res.rawPayload);
    if (process.env.PDF_MAPA)
      await import('node:fs/promises').then((fs) => fs.writeFile(process.env.PDF_MAPA!, res.rawPayload));
    for (const esperado of [
      'Mapa de aplicación',
      'De frente',
      'Perfil derecho',
      'Técnica',
      'Aguja/cánula',
      'Pómulo derecho',
      'Ácido hialurónico mapa',
      loteAcido.numero,
      '0,3 mL',
      'Supraperióstico',
      'Abanico',
      'Cánula 25G',
      'Aguja 32G',
      'Sin sangrado',
      'Totales por lote',
      `Toxina botulínica mapa · lote ${loteToxina.numero} · 2 puntos · 6 U`,
    ])
      expect(texto).toContain(esperado);
  });
});
