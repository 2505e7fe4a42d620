// Treatment packages (issue 23, item 4; docs/dinero.md "Paquetes"): who may call every route (anonymous and the four
// roles), IDOR (a patient asking for another's packages), definitions validated, the sale writes the package, its
// payment and receipt number in one transaction at the definition's price (a body naming an amount is refused), a
// closed day takes no sale, an appointment marked realizada uses one session in its own transaction, and 20 parallel
// completions against a 3-session package use exactly 3.
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths } from '@clinica/contracts/citas';
import {
  MENSAJES_PAQUETES as M,
  paquetesPaths as rutas,
  type PaqueteWire,
  type PaquetePacienteWire,
  type VentaWire,
} from '@clinica/contracts/paquetes';
import { MENSAJES_PAGOS } from '@clinica/contracts/pagos';
import { diaEsCo, fechaEnZona, sumarDias, ZONA_POR_DEFECTO, type Fecha } from '@clinica/contracts/tiempo';
import {
  archivos,
  auditoria,
  cierresCaja,
  citas,
  consentimientos,
  evoluciones,
  pagos,
  paquetes,
  paquetesConsumos,
  paquetesPaciente,
  plantillasConsentimiento,
  usuarios,
} from '../src/db/schema/index.ts';
import {
  crearPersonas,
  haceHoras,
  insertarCita,
  matrizDeAutorizacion,
  pedidor,
  porQuien,
  type CasoAutorizacion,
  type Personas,
} from './clinica-fixtures.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { createTestApp } from './helpers.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
/** The procedure packages are sold for, another one, and one no longer offered. */
let procA: number;
let procB: number;
let procInactivo: number;
/** The consent template and the file every directly written consent points at (what realizada checks). */
let plantillaA: number;
let archivoId: number;

const GRACIA = 7;
const pedir = pedidor(() => t.app);
const db = () => t.database.db;
const hoy = (): Fecha => fechaEnZona(new Date(), ZONA_POR_DEFECTO);

const definicion = (extra: object = {}) => ({
  nombre: 'Depilación láser x 3',
  procedimiento_id: procA,
  sesiones: 3,
  precio: 1_500_000,
  vigencia_dias: 180,
  ...extra,
});

async function definir(extra: object = {}): Promise<PaqueteWire> {
  const res = await pedir('POST', rutas.definiciones, asistente, definicion(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function vender(paqueteId: number, pacienteId = paciente.id, extra: object = {}): Promise<VentaWire> {
  const res = await pedir('POST', rutas.vender, asistente, {
    paciente_id: pacienteId,
    paquete_id: paqueteId,
    metodo: 'datafono',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const paquetesDe = async (pacienteId: number, quien = asistente): Promise<PaquetePacienteWire[]> => {
  const res = await pedir('GET', rutas.dePaciente(pacienteId), quien);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const contar = async (tabla: typeof pagos | typeof paquetesPaciente) =>
  (await db().select({ n: count() }).from(tabla))[0]!.n;

/** A package sold long ago, written straight to the table (its expiry already past or near). */
async function vendidoDirecto(v: { pacienteId: number; venceEl: Fecha; sesiones?: number; paqueteId: number }) {
  const [f] = await db()
    .insert(paquetesPaciente)
    .values({
      paquete_id: v.paqueteId,
      paciente_id: v.pacienteId,
      procedimiento_id: procA,
      nombre: 'Paquete antiguo',
      sesiones_total: v.sesiones ?? 2,
      precio: 900_000,
      vence_el: v.venceEl,
      vendido_por: asistente.id,
      vendido_en: haceHoras(24 * 400),
    })
    .returning({ id: paquetesPaciente.id });
  return f!.id;
}

/**
 * A confirmed procedure appointment that already started, with its signed note and signed consent (written
 * straight to the tables: what realizada checks, not what these tests are about); its id.
 */
async function citaLista(pacienteId: number, doctorId: number, horasAtras: number, procedimientoId = procA) {
  const citaId = await insertarCita(t.database, {
    pacienteId,
    doctorId,
    inicio: haceHoras(horasAtras),
    tipo: 'procedimiento',
    procedimientoId,
  });
  await db().insert(evoluciones).values({
    cita_id: citaId,
    paciente_id: pacienteId,
    autor_id: doctorId,
    motivo: 'Sesión del paquete',
    firmada_en: new Date(),
    hash_contenido: 'prueba',
  });
  await db().insert(consentimientos).values({
    cita_id: citaId,
    paciente_id: pacienteId,
    procedimiento_id: procedimientoId,
    plantilla_id: plantillaA,
    plantilla_version: 1,
    texto: 'Riesgos, alternativas y cuidados.',
    acepta_fotos: false,
    firma_archivo_id: archivoId,
    firmado_en: new Date(),
    registrado_por: pacienteId,
    pdf_archivo_id: archivoId,
    pdf_sha256: 'prueba',
  });
  return citaId;
}

const realizar = (citaId: number, quien = doctor) =>
  pedir('PATCH', citasPaths.editarEstado(citaId), quien, { estado: 'realizada' });

const vendidoFila = async (id: number) =>
  (await db().select().from(paquetesPaciente).where(eq(paquetesPaciente.id, id)))[0]!;

beforeAll(async () => {
  // A week of grace after a package's expiry date (PAQUETES_DIAS_GRACIA).
  t = await createTestApp({ config: { paquetesDiasGracia: GRACIA } });
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database));
  const cat = await crearCategoria(t.app, admin.headers);
  procA = (await crearProcedimiento(t.app, admin.headers, cat.id)).id;
  procB = (await crearProcedimiento(t.app, admin.headers, cat.id)).id;
  procInactivo = (await crearProcedimiento(t.app, admin.headers, cat.id, { activo: false })).id;
  const [plantilla] = await db()
    .insert(plantillasConsentimiento)
    .values({ procedimiento_id: procA, version: 1, texto: 'Riesgos.', vigente_desde: new Date() })
    .returning({ id: plantillasConsentimiento.id });
  plantillaA = plantilla!.id;
  const [archivo] = await db()
    .insert(archivos)
    .values({
      clave: 'pruebas/firma.png',
      categoria: 'firma',
      propietario_id: paciente.id,
      nombre: 'firma.png',
      tipo_contenido: 'image/png',
      tamano: 1,
      sha256: 'prueba',
    })
    .returning({ id: archivos.id });
  archivoId = archivo!.id;
});
afterAll(() => t.close());

describe('authorization matrix: every route x anonymous and the four roles', () => {
  it(`GET ${rutas.definiciones}: the desk and the administrators`, async () => {
    const esperado = porQuien(401, 403, 200, 403, 200);
    const quienes = { anonimo: undefined, paciente, asistente, doctor, administrador: admin };
    for (const [quien, usuario] of Object.entries(quienes)) {
      const res = await pedir('GET', rutas.definiciones, usuario);
      expect(res.statusCode, quien).toBe(esperado[quien as keyof typeof esperado]);
    }
  });

  // Past the role check, each case fails on what it names (a missing package, patient or procedure).
  const casos: CasoAutorizacion[] = [
    {
      method: 'POST',
      url: rutas.definiciones,
      payload: () => definicion({ procedimiento_id: 999_999 }),
      esperado: porQuien(401, 403, 422, 403, 422),
    },
    {
      method: 'PATCH',
      url: rutas.definicion(999_999),
      payload: { precio: 1000 },
      esperado: porQuien(401, 403, 404, 403, 404),
    },
    {
      method: 'POST',
      url: rutas.vender,
      payload: () => ({ paciente_id: paciente.id, paquete_id: 999_999, metodo: 'efectivo' }),
      esperado: porQuien(401, 403, 422, 403, 422),
    },
    { method: 'GET', url: rutas.dePaciente(999_999), esperado: porQuien(401, 404, 404, 404, 404) },
  ];
  matrizDeAutorizacion(casos, pedir, () => ({ paciente, asistente, doctor, administrador: admin }));
});

describe('definitions', () => {
  it('the desk defines a package; the list shows it with its procedure', async () => {
    const p = await definir({ nombre: '  Láser piernas x 6  ', sesiones: 6, precio: 2_400_000 });
    expect(p).toMatchObject({
      nombre: 'Láser piernas x 6',
      procedimiento: { id: procA },
      sesiones: 6,
      precio: 2_400_000,
      vigencia_dias: 180,
      activo: true,
    });
    const lista = (await pedir('GET', rutas.definiciones, admin)).json() as PaqueteWire[];
    expect(lista.find((x) => x.id === p.id)).toEqual(p);
    const [fila] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'paquete.crear'), eq(auditoria.recurso_id, String(p.id))));
    expect(fila).toMatchObject({ usuario_id: asistente.id, resultado: 'exito' });
  });

  it.each([
    ['no sessions', { sesiones: 0 }],
    ['more than 100 sessions', { sesiones: 101 }],
    ['a price of zero', { precio: 0 }],
    ['a price with cents', { precio: 1500.5 }],
    ['a price as text', { precio: '1500000' }],
    ['no validity', { vigencia_dias: 0 }],
    ['a validity over five years', { vigencia_dias: 1826 }],
    ['a name too short', { nombre: 'x' }],
    ['an unknown field', { activo: false }],
  ])('refuses %s with a 400 and writes nothing', async (_caso, extra) => {
    const antes = (await db().select({ n: count() }).from(paquetes))[0]!.n;
    const res = await pedir('POST', rutas.definiciones, asistente, definicion(extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDACION', error: expect.any(String) });
    expect((await db().select({ n: count() }).from(paquetes))[0]!.n).toBe(antes);
  });

  it('a procedure that is not offered is a 422 naming the field', async () => {
    const res = await pedir('POST', rutas.definiciones, admin, definicion({ procedimiento_id: procInactivo }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: M.procedimiento, issues: [{ campo: 'procedimiento_id' }] });
  });

  it('an edit changes the definition, deactivates and reactivates it; an empty edit is a 400', async () => {
    const p = await definir();
    const editado = await pedir('PATCH', rutas.definicion(p.id), admin, { precio: 1_650_000, sesiones: 4 });
    expect(editado.statusCode, editado.body).toBe(200);
    expect(editado.json()).toMatchObject({ precio: 1_650_000, sesiones: 4, nombre: p.nombre });
    expect((await pedir('PATCH', rutas.definicion(p.id), asistente, { activo: false })).json()).toMatchObject({
      activo: false,
    });
    expect((await pedir('PATCH', rutas.definicion(p.id), asistente, { activo: true })).json()).toMatchObject({
      activo: true,
    });
    const vacio = await pedir('PATCH', rutas.definicion(p.id), asistente, {});
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().error).toContain(M.sinCambios);
    const aInactivo = await pedir('PATCH', rutas.definicion(p.id), asistente, { procedimiento_id: procInactivo });
    expect(aInactivo.statusCode).toBe(422);
  });
});

describe('the sale', () => {
  it('writes the package as sold, its payment at the definition price with the next receipt number, and the audit', async () => {
    const p = await definir({ precio: 1_200_000, vigencia_dias: 90 });
    const venta = await vender(p.id, paciente.id, { referencia: 'VOUCHER-123' });
    expect(venta.paquete).toMatchObject({
      paquete_id: p.id,
      paciente_id: paciente.id,
      nombre: p.nombre,
      procedimiento: { id: procA },
      sesiones_total: 3,
      sesiones_usadas: 0,
      sesiones_restantes: 3,
      precio: 1_200_000,
      vence_el: sumarDias(hoy(), 90),
      estado: 'activo',
      recibo_numero: venta.pago.recibo_numero,
      consumos: [],
    });
    expect(venta.pago).toMatchObject({ monto: 1_200_000, metodo: 'datafono', recibo_numero: expect.any(Number) });
    const [pago] = await db().select().from(pagos).where(eq(pagos.id, venta.pago.id));
    expect(pago).toMatchObject({
      paciente_id: paciente.id,
      monto: 1_200_000,
      concepto: 'paquete',
      estado: 'aprobado',
      referencia: 'VOUCHER-123',
      paquete_paciente_id: venta.paquete.id,
      registrado_por: asistente.id,
    });
    const otra = await vender(p.id, otraPaciente.id);
    expect(otra.pago.recibo_numero).toBe(venta.pago.recibo_numero + 1);
    const [audit] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'paquete.vender'), eq(auditoria.recurso_id, String(venta.paquete.id))));
    expect(audit).toMatchObject({ usuario_id: asistente.id, recurso: 'paquete_paciente' });
    expect(audit!.detalle).toContain(`recibo=${venta.pago.recibo_numero}`);
  });

  it('an edit of the definition never changes a package already sold', async () => {
    const p = await definir({ precio: 800_000 });
    const venta = await vender(p.id);
    await pedir('PATCH', rutas.definicion(p.id), admin, { nombre: 'Otro nombre', precio: 999_000, sesiones: 9 });
    const sigue = (await paquetesDe(paciente.id)).find((x) => x.id === venta.paquete.id);
    expect(sigue).toMatchObject({ nombre: p.nombre, precio: 800_000, sesiones_total: 3 });
  });

  it.each([
    ['monto', { monto: 1 }],
    ['precio', { precio: 1 }],
  ])('a body naming the amount (%s) is refused and nothing is written', async (_campo, extra) => {
    const p = await definir();
    const [paquetesAntes, pagosAntes] = [await contar(paquetesPaciente), await contar(pagos)];
    const res = await pedir('POST', rutas.vender, asistente, {
      paciente_id: paciente.id,
      paquete_id: p.id,
      metodo: 'efectivo',
      ...extra,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Campo no permitido');
    expect([await contar(paquetesPaciente), await contar(pagos)]).toEqual([paquetesAntes, pagosAntes]);
  });

  it('an inactive definition, an inactive patient, a staff member or an online method is refused', async () => {
    const p = await definir();
    await pedir('PATCH', rutas.definicion(p.id), admin, { activo: false });
    const inactivo = await pedir('POST', rutas.vender, asistente, {
      paciente_id: paciente.id,
      paquete_id: p.id,
      metodo: 'efectivo',
    });
    expect(inactivo.statusCode).toBe(422);
    expect(inactivo.json()).toMatchObject({ error: M.paqueteInactivo, issues: [{ campo: 'paquete_id' }] });

    const activo = await definir();
    const inactiva = await crearPersonas(t.database);
    await db().update(usuarios).set({ estado: false }).where(eq(usuarios.id, inactiva.paciente.id));
    for (const pacienteId of [inactiva.paciente.id, doctor.id, 999_999]) {
      const res = await pedir('POST', rutas.vender, asistente, {
        paciente_id: pacienteId,
        paquete_id: activo.id,
        metodo: 'efectivo',
      });
      expect(res.statusCode, String(pacienteId)).toBe(422);
      expect(res.json().error).toBe(M.pacienteInactiva);
    }
    const enLinea = await pedir('POST', rutas.vender, asistente, {
      paciente_id: paciente.id,
      paquete_id: activo.id,
      metodo: 'en_linea',
    });
    expect(enLinea.statusCode).toBe(400);
  });

  it('a closed day takes no sale (409) and nothing is written', async () => {
    const p = await definir();
    await db().insert(cierresCaja).values({
      fecha: hoy(),
      usuario_id: admin.id,
      totales: {},
      efectivo_esperado: 0,
      efectivo_contado: 0,
      diferencia: 0,
      cerrado_por: admin.id,
    });
    const [paquetesAntes, pagosAntes] = [await contar(paquetesPaciente), await contar(pagos)];
    const res = await pedir('POST', rutas.vender, admin, {
      paciente_id: paciente.id,
      paquete_id: p.id,
      metodo: 'efectivo',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(MENSAJES_PAGOS.diaCerrado(diaEsCo(hoy())));
    expect([await contar(paquetesPaciente), await contar(pagos)]).toEqual([paquetesAntes, pagosAntes]);
    // Another member of the desk has her own day, still open.
    await vender(p.id);
  });
});

describe('sessions used when an appointment is marked realizada', () => {
  /** One patient per test: her packages are the only ones a completion may use. */
  const nuevaPaciente = async () => (await crearPersonas(t.database)).paciente;

  it('uses one session of the package expiring first, in the same transaction as the state', async () => {
    const p = await definir({ vigencia_dias: 365 });
    const ella = await nuevaPaciente();
    const largo = (await vender(p.id, ella.id)).paquete.id;
    // Older ones: one past its date but within the grace days (expiring first: used first), one expiring soon, one
    // past the grace days (never used again: its sessions are expired).
    const enGracia = await vendidoDirecto({ pacienteId: ella.id, venceEl: sumarDias(hoy(), -3), paqueteId: p.id });
    const pronto = await vendidoDirecto({ pacienteId: ella.id, venceEl: sumarDias(hoy(), 5), paqueteId: p.id });
    const vencido = await vendidoDirecto({
      pacienteId: ella.id,
      venceEl: sumarDias(hoy(), -GRACIA - 3),
      paqueteId: p.id,
    });
    const cita = await citaLista(ella.id, doctor.id, 30);
    const res = await realizar(cita);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().estado).toBe('realizada');
    expect((await vendidoFila(enGracia)).sesiones_usadas).toBe(1);
    for (const otro of [pronto, largo, vencido]) expect((await vendidoFila(otro)).sesiones_usadas).toBe(0);
    const [consumo] = await db().select().from(paquetesConsumos).where(eq(paquetesConsumos.cita_id, cita));
    expect(consumo).toMatchObject({ paquete_paciente_id: enGracia });

    // Her portal: sessions left, expiry, the sessions used with their appointment's date; the expired one says so.
    const suyos = await paquetesDe(ella.id, ella);
    expect(suyos.map((x) => [x.id, x.estado])).toEqual([
      [enGracia, 'activo'],
      [pronto, 'activo'],
      [largo, 'activo'],
      [vencido, 'vencido'],
    ]);
    expect(suyos[0]).toMatchObject({
      sesiones_usadas: 1,
      sesiones_restantes: 1,
      vence_el: sumarDias(hoy(), -3),
      usable_hasta: sumarDias(hoy(), GRACIA - 3),
      consumos: [{ cita_id: cita, cita_inicio: expect.any(String), consumido_en: expect.any(String) }],
    });
    expect(suyos[3]).toMatchObject({ sesiones_restantes: 0, sesiones_vencidas: 2, recibo_numero: null });
    const [audit] = await db()
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'paquete.consumir'), eq(auditoria.recurso_id, String(enGracia))));
    expect(audit).toMatchObject({ usuario_id: doctor.id, detalle: `cita=${cita}; sesion=1/2` });
  });

  it('an appointment of another procedure, or of a patient without a package, completes without one', async () => {
    const p = await definir();
    const ella = await nuevaPaciente();
    const suyo = (await vender(p.id, ella.id)).paquete.id;
    const otroProc = await citaLista(ella.id, doctor.id, 40, procB);
    expect((await realizar(otroProc)).statusCode).toBe(200);
    expect((await vendidoFila(suyo)).sesiones_usadas).toBe(0);

    const sinPaquete = await nuevaPaciente();
    const cita = await citaLista(sinPaquete.id, doctor.id, 42);
    expect((await realizar(cita)).statusCode).toBe(200);
    expect(await db().select().from(paquetesConsumos).where(eq(paquetesConsumos.cita_id, cita))).toEqual([]);
  });

  it('a failed completion uses nothing, and a failed session write leaves the appointment as it was', async () => {
    const p = await definir();
    const ella = await nuevaPaciente();
    const suyo = (await vender(p.id, ella.id)).paquete.id;
    // Not its doctor (who does not even see it): refused before anything is written.
    const cita = await citaLista(ella.id, doctor.id, 44);
    expect((await realizar(cita, otroDoctor)).statusCode).toBe(404);
    expect((await vendidoFila(suyo)).sesiones_usadas).toBe(0);
    // The session's row cannot be written (this appointment already has one, against another package): the whole
    // transaction rolls back, the state included.
    const otro = await vendidoDirecto({ pacienteId: ella.id, venceEl: sumarDias(hoy(), 300), paqueteId: p.id });
    await db().insert(paquetesConsumos).values({ paquete_paciente_id: otro, cita_id: cita });
    expect((await realizar(cita)).statusCode).toBe(500);
    const [fila] = await db().select({ estado: citas.estado }).from(citas).where(eq(citas.id, cita));
    expect(fila!.estado).toBe('confirmada');
    expect((await vendidoFila(suyo)).sesiones_usadas).toBe(0);
    expect((await vendidoFila(otro)).sesiones_usadas).toBe(0);
  });

  it('20 parallel completions against a 3-session package use exactly 3; the others complete without one', async () => {
    const p = await definir({ sesiones: 3 });
    const ella = await nuevaPaciente();
    const suyo = (await vender(p.id, ella.id)).paquete.id;
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await citaLista(ella.id, otroDoctor.id, 60 + i));
    const respuestas = await Promise.all(ids.map((id) => realizar(id, otroDoctor)));
    expect(respuestas.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    expect(await vendidoFila(suyo)).toMatchObject({ sesiones_usadas: 3, sesiones_total: 3 });
    const consumos = await db()
      .select({ cita_id: paquetesConsumos.cita_id })
      .from(paquetesConsumos)
      .where(eq(paquetesConsumos.paquete_paciente_id, suyo));
    expect(consumos).toHaveLength(3);
    const estados = await db()
      .select({ estado: citas.estado })
      .from(citas)
      .where(sql`${citas.id} in ${ids}`);
    expect(estados.every((e) => e.estado === 'realizada')).toBe(true);
    const [visto] = await paquetesDe(ella.id, ella);
    expect(visto).toMatchObject({ estado: 'agotado', sesiones_restantes: 0, sesiones_vencidas: 0 });
  });
});

describe("a patient's packages", () => {
  it('the patient reads her own; another patient gets a 404; the staff read anyone', async () => {
    const p = await definir();
    const venta = await vender(p.id, otraPaciente.id);
    expect((await paquetesDe(otraPaciente.id, otraPaciente)).map((x) => x.id)).toContain(venta.paquete.id);
    const ajeno = await pedir('GET', rutas.dePaciente(otraPaciente.id), paciente);
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json().error).toBe(M.pacienteNoEncontrada);
    for (const quien of [asistente, doctor, admin]) {
      expect((await paquetesDe(otraPaciente.id, quien)).map((x) => x.id)).toContain(venta.paquete.id);
    }
    // A staff member's id is no patient.
    expect((await pedir('GET', rutas.dePaciente(doctor.id), admin)).statusCode).toBe(404);
  });
});
