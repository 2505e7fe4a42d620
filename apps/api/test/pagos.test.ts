// Payments at the desk, voids, receipts and the cash close (issue 23, items 1 and 5; docs/dinero.md "Pagos, recibos
// y caja"): receipt numbers gapless under 20 parallel payments (and a payment that fails after taking a number gives
// it back), the balance the server computes (procedure or evaluation price, less approved unvoided payments, plus
// refunds; never an amount from the client), voids as rows of their own, counted on the void's day, a closed day
// immutable, the lists and the receipt PDF, the authorization matrix of every route and IDOR.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJES_PAGOS as M,
  pagosPaths as rutas,
  type CierreCajaWire,
  type ListaCierresWire,
  type ListaPagosWire,
  type PagoWire,
  type ResumenCajaWire,
  type SaldoCitaWire,
} from '@clinica/contracts/pagos';
import { auditoria, pagos, pagosAnulaciones } from '../src/db/schema/index.ts';
import type { NuevoPago } from '../src/features/pagos/pagos.repository.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import {
  crearPersonas,
  insertarCita,
  matrizDeAutorizacion,
  pedidor,
  porQuien,
  type Personas,
} from './clinica-fixtures.ts';
import { createTestApp } from './helpers.ts';
import { textoDelPdf } from './pdf-texto.ts';
import { crearReloj } from './usuarios-fixtures.ts';

// Monday 23 November 2026, 07:00 in Bogotá.
const reloj = crearReloj(new Date('2026-11-23T12:00:00Z'));
const DIA = 24 * 3_600_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let { paciente, otraPaciente, doctor, asistente, admin } = {} as Personas;
/** A second desk: its day is closed in the close's tests. */
let asistente2: UsuarioDePrueba;
let categoriaId: number;
/** Hidrafacial at $ 180.000. */
let procId: number;

const pedir = pedidor(() => t.app);
const body = <T>(r: { json(): unknown }) => r.json() as T;

/** Appointments are written one after another (no two overlap for the doctor), from 1 November 2026. */
let siguienteCita = 0;
const PRIMERA_CITA = Date.parse('2026-11-01T13:00:00Z');
/** 22 November 2026 at `hora` in Bogotá: the appointments whose description a test reads. */
const el22 = (hora: number) => new Date(Date.UTC(2026, 10, 22, hora + 5));

/** A procedure appointment of `paciente` (or another), confirmed unless said. */
const citaDe = (
  o: {
    pacienteId?: number;
    estado?: 'confirmada' | 'cancelada' | 'realizada';
    tipo?: 'evaluacion' | 'control';
    inicio?: Date;
  } = {},
) =>
  insertarCita(t.database, {
    pacienteId: o.pacienteId ?? paciente.id,
    doctorId: doctor.id,
    inicio: o.inicio ?? new Date(PRIMERA_CITA + siguienteCita++ * 30 * 60_000),
    estado: o.estado ?? 'confirmada',
    tipo: o.tipo ?? 'procedimiento',
    procedimientoId: o.tipo ? null : procId,
  });

const registrar = (quien: UsuarioDePrueba, citaId: number, extra: object = {}) =>
  pedir('POST', rutas.registrar, quien, { cita_id: citaId, metodo: 'efectivo', ...extra });

/** A payment written as another feature writes it (deposits, packages, refunds), through the shared primitive. */
const escribirPago = (p: Partial<NuevoPago> & Pick<NuevoPago, 'monto' | 'concepto'>) =>
  t.app.services.transaccion((tx) =>
    tx.pagos.registrar(
      { paciente_id: paciente.id, metodo: 'efectivo', estado: 'aprobado', registrado_por: asistente.id, ...p },
      reloj.now(),
    ),
  );

const saldo = async (citaId: number, quien = asistente) =>
  body<SaldoCitaWire>(await pedir('GET', rutas.saldo(citaId), quien));

beforeAll(async () => {
  t = await createTestApp({
    now: reloj.now,
    config: { clinicaNit: '900.123.456-7', clinicaDireccion: 'Calle 93 # 12-45' },
  });
  ({ paciente, otraPaciente, doctor, asistente, admin } = await crearPersonas(t.database));
  asistente2 = await crearUsuario(t.database, 'asistente');
  categoriaId = (await crearCategoria(t.app, admin.headers)).id;
  procId = (await crearProcedimiento(t.app, admin.headers, categoriaId, { nombre: 'Hidrafacial', precio: 180_000 })).id;
});
afterAll(() => t.close());

describe('receipt numbers', () => {
  it('are exactly 1..20 under 20 parallel payments, and a payment that fails after taking one leaves no gap', async () => {
    const citasIds = await Promise.all(Array.from({ length: 20 }, () => citaDe()));
    const respuestas = await Promise.all(citasIds.map((id) => registrar(asistente, id)));
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numeros = respuestas.map((r) => body<PagoWire>(r).recibo_numero).sort((a, b) => a! - b!);
    expect(numeros).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    // A payment whose transaction fails after `registrar` took number 21: the number comes back with the rollback.
    const fallida = await citaDe();
    await expect(
      t.app.services.transaccion(async (tx) => {
        const p = await tx.pagos.registrar(
          {
            paciente_id: paciente.id,
            monto: 1000,
            metodo: 'efectivo',
            concepto: 'saldo',
            cita_id: fallida,
            estado: 'aprobado',
            registrado_por: asistente.id,
          },
          reloj.now(),
        );
        expect(p.recibo_numero).toBe(21);
        throw new Error('falla después de tomar el número');
      }),
    ).rejects.toThrow('falla después');
    const siguiente = await registrar(asistente, fallida);
    expect(body<PagoWire>(siguiente).recibo_numero).toBe(21);
    expect(await t.database.db.select().from(pagos).where(eq(pagos.cita_id, fallida))).toHaveLength(1);
  });

  it('two desks taking one balance at once: one payment, the other told nothing is owed', async () => {
    const cita = await citaDe();
    const [a, b] = await Promise.all([registrar(asistente, cita), registrar(admin, cita, { metodo: 'datafono' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    expect([a, b].find((r) => r.statusCode === 422)!.json()).toMatchObject({ error: M.nadaPendiente });
    expect(await t.database.db.select().from(pagos).where(eq(pagos.cita_id, cita))).toHaveLength(1);
  });
});

describe('the balance the server computes', () => {
  it('is the procedure price less approved unvoided payments plus refunds; nothing owed is a 422', async () => {
    const cita = await citaDe({ inicio: el22(9) });
    expect(await saldo(cita)).toMatchObject({
      concepto: 'Hidrafacial',
      precio: 180_000,
      pagado: 0,
      saldo: 180_000,
      impedimento: null,
    });
    // A deposit of 50.000 (the deposits feature writes it); a voided one of 30.000 does not count.
    await escribirPago({ monto: 50_000, concepto: 'anticipo', cita_id: cita });
    const anulado = await escribirPago({ monto: 30_000, concepto: 'anticipo', cita_id: cita });
    await t.database.db
      .insert(pagosAnulaciones)
      .values({ pago_id: anulado.id, motivo: 'Prueba', anulado_por: admin.id });
    expect(await saldo(cita)).toMatchObject({ pagado: 50_000, devuelto: 0, saldo: 130_000 });

    const r = await registrar(asistente, cita, {
      metodo: 'datafono',
      referencia: ' 483920 ',
      notas: 'Pagó en recepción',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(body<PagoWire>(r)).toMatchObject({
      monto: 130_000,
      metodo: 'datafono',
      concepto: 'saldo',
      estado: 'aprobado',
      referencia: '483920',
      notas: 'Pagó en recepción',
      cita_id: cita,
      paciente: { id: paciente.id },
      registrado_por: { id: asistente.id },
      descripcion: 'Saldo de la cita de Hidrafacial del 22/11/2026',
    });
    const otra = await registrar(asistente, cita);
    expect(otra.statusCode).toBe(422);
    expect(otra.json()).toMatchObject({ code: 'REGLA_NEGOCIO', error: M.nadaPendiente });
    expect(await saldo(cita)).toMatchObject({ saldo: 0, impedimento: M.nadaPendiente });
    expect((await saldo(cita)).pagos.map((p) => p.estado).sort()).toEqual(['anulado', 'aprobado', 'aprobado']);
  });

  it('a refund owes the appointment again what it gave back', async () => {
    const cita = await citaDe();
    await escribirPago({ monto: 80_000, concepto: 'anticipo', cita_id: cita });
    await escribirPago({ monto: 80_000, concepto: 'devolucion', cita_id: cita });
    expect(await saldo(cita)).toMatchObject({ pagado: 80_000, devuelto: 80_000, saldo: 180_000 });
  });

  it('an evaluation is charged at the catalogue consultation; without one it has no balance', async () => {
    const evaluacion = await citaDe({ tipo: 'evaluacion', inicio: el22(10) });
    const sinPrecio = await registrar(asistente, evaluacion);
    expect(sinPrecio.statusCode).toBe(422);
    expect(sinPrecio.json()).toMatchObject({ error: M.evaluacionSinPrecio });
    expect(await saldo(evaluacion)).toMatchObject({ precio: null, saldo: 0, impedimento: M.evaluacionSinPrecio });

    await crearProcedimiento(t.app, admin.headers, categoriaId, {
      nombre: 'Consulta de valoración médico-estética',
      precio: 120_000,
    });
    const r = await registrar(asistente, evaluacion);
    expect(r.statusCode, r.body).toBe(201);
    expect(body<PagoWire>(r)).toMatchObject({
      monto: 120_000,
      descripcion: 'Saldo de la consulta de valoración del 22/11/2026',
    });
  });

  it('controls, cancelled and missing appointments take no balance payment', async () => {
    const control = await registrar(asistente, await citaDe({ tipo: 'control' }));
    expect(control.statusCode).toBe(422);
    expect(control.json()).toMatchObject({ error: M.control });
    const cancelada = await registrar(asistente, await citaDe({ estado: 'cancelada' }));
    expect(cancelada.statusCode).toBe(422);
    expect(cancelada.json()).toMatchObject({ error: M.citaCancelada });
    expect((await registrar(asistente, 999_999)).statusCode).toBe(404);
  });

  it('never takes an amount from the client, nor an online method, and writes nothing then', async () => {
    const cita = await citaDe();
    const conMonto = await registrar(asistente, cita, { monto: 1 });
    expect(conMonto.statusCode).toBe(400);
    expect(conMonto.json().error).toContain('Campo no permitido: monto');
    expect((await registrar(asistente, cita, { metodo: 'en_linea' })).statusCode).toBe(400);
    expect((await registrar(asistente, cita, { referencia: 'a\u0000b' })).statusCode).toBe(400);
    expect(await t.database.db.select().from(pagos).where(eq(pagos.cita_id, cita))).toEqual([]);
  });

  it('every payment is audited', async () => {
    const r = body<PagoWire>(await registrar(asistente, await citaDe()));
    const filas = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'pago.registrar'), eq(auditoria.recurso_id, String(r.id))));
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({ usuario_id: asistente.id, resultado: 'exito' });
    expect(filas[0]!.detalle).toContain('monto=180000');
  });
});

describe('voids', () => {
  it('an administrator voids with a reason: a row of its own, once; the payment shows anulado', async () => {
    const p = body<PagoWire>(await registrar(asistente, await citaDe()));
    const corto = await pedir('POST', rutas.anular(p.id), admin, { motivo: '  ab  ' });
    expect(corto.statusCode).toBe(400);
    expect((await pedir('POST', rutas.anular(p.id), admin, { motivo: 'x'.repeat(501) })).statusCode).toBe(400);
    const r = await pedir('POST', rutas.anular(p.id), admin, { motivo: '  Digitado dos veces  ' });
    expect(r.statusCode, r.body).toBe(200);
    expect(body<PagoWire>(r)).toMatchObject({
      id: p.id,
      estado: 'anulado',
      monto: p.monto,
      anulacion: { motivo: 'Digitado dos veces', anulado_por: { id: admin.id } },
    });
    const otra = await pedir('POST', rutas.anular(p.id), admin, { motivo: 'Otra vez por error' });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toMatchObject({ error: M.yaAnulado });
    // The payment's row is as it was; the void is one row; both audited.
    const [fila] = await t.database.db.select().from(pagos).where(eq(pagos.id, p.id));
    expect(fila).toMatchObject({ estado: 'aprobado', monto: p.monto });
    expect(await t.database.db.select().from(pagosAnulaciones).where(eq(pagosAnulaciones.pago_id, p.id))).toHaveLength(
      1,
    );
    expect(
      await t.database.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'pago.anular'), eq(auditoria.recurso_id, String(p.id)))),
    ).toHaveLength(1);
  });

  it('only approved payments are voided; a missing one is a 404', async () => {
    const pendiente = await escribirPago({
      monto: 10_000,
      concepto: 'anticipo',
      estado: 'pendiente',
      metodo: 'en_linea',
      referencia: 'w-1',
      registrado_por: null,
    });
    const r = await pedir('POST', rutas.anular(pendiente.id), admin, { motivo: 'No aplica aquí' });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ error: M.noAnulable });
    expect((await pedir('POST', rutas.anular(999_999), admin, { motivo: 'No existe' })).statusCode).toBe(404);
  });
});

describe('the cash close', () => {
  it('sums a desk day by method, stores counted cash and the difference, and then the day is immutable', async () => {
    const efectivo = body<PagoWire>(await registrar(asistente2, await citaDe()));
    const datafono = body<PagoWire>(await registrar(asistente2, await citaDe(), { metodo: 'datafono' }));
    const anulada = body<PagoWire>(await registrar(asistente2, await citaDe()));
    await pedir('POST', rutas.anular(anulada.id), admin, { motivo: 'Cobrado por error' });
    // A package sale at this desk (the packages feature writes it) counts too.
    await escribirPago({ monto: 600_000, concepto: 'paquete', metodo: 'transferencia', registrado_por: asistente2.id });

    const resumen = body<ResumenCajaWire>(await pedir('GET', rutas.caja, asistente2));
    expect(resumen).toMatchObject({
      fecha: '2026-11-23',
      usuario: { id: asistente2.id },
      movimientos: 4,
      efectivo_esperado: 180_000,
      cierre: null,
    });
    expect(resumen.totales.efectivo).toEqual({ cobrado: 360_000, devuelto: 0, anulado: 180_000 });
    expect(resumen.totales.datafono).toEqual({ cobrado: 180_000, devuelto: 0, anulado: 0 });
    expect(resumen.totales.transferencia).toEqual({ cobrado: 600_000, devuelto: 0, anulado: 0 });
    expect(resumen.total).toEqual({ cobrado: 1_140_000, devuelto: 0, anulado: 180_000, neto: 960_000 });

    const negativo = await pedir('POST', rutas.cerrarCaja, asistente2, { efectivo_contado: -1 });
    expect(negativo.statusCode).toBe(400);
    expect((await pedir('POST', rutas.cerrarCaja, asistente2, { efectivo_contado: 1.5 })).statusCode).toBe(400);
    const cierre = await pedir('POST', rutas.cerrarCaja, asistente2, {
      efectivo_contado: 170_000,
      notas: 'Faltan 10.000',
    });
    expect(cierre.statusCode, cierre.body).toBe(201);
    expect(body<CierreCajaWire>(cierre)).toMatchObject({
      fecha: '2026-11-23',
      usuario: { id: asistente2.id },
      efectivo_esperado: 180_000,
      efectivo_contado: 170_000,
      diferencia: -10_000,
      notas: 'Faltan 10.000',
      cerrado_por: { id: asistente2.id },
    });

    const otra = await pedir('POST', rutas.cerrarCaja, asistente2, { efectivo_contado: 180_000 });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toMatchObject({ error: M.cajaCerrada('23/11/2026') });
    // Closed: no payment at that desk that day, no void of its payments that day; another desk goes on.
    const pago = await registrar(asistente2, await citaDe());
    expect(pago.statusCode).toBe(409);
    expect(pago.json()).toMatchObject({ error: M.diaCerrado('23/11/2026') });
    const anular = await pedir('POST', rutas.anular(efectivo.id), admin, { motivo: 'Después del cierre' });
    expect(anular.statusCode).toBe(409);
    expect(
      await t.database.db.select().from(pagosAnulaciones).where(eq(pagosAnulaciones.pago_id, efectivo.id)),
    ).toEqual([]);
    expect((await registrar(asistente, await citaDe())).statusCode).toBe(201);
    expect(body<ResumenCajaWire>(await pedir('GET', rutas.caja, asistente2)).cierre).toMatchObject({
      diferencia: -10_000,
    });
    expect(
      await t.database.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'caja.cerrar'), eq(auditoria.usuario_id, asistente2.id))),
    ).toHaveLength(1);

    // Administrators see every desk's close of the day, and any desk.
    const cierres = body<ListaCierresWire>(await pedir('GET', `${rutas.cierres}?fecha=2026-11-23`, admin));
    expect(cierres.items.map((c) => c.usuario.id)).toEqual([asistente2.id]);
    expect(
      body<ResumenCajaWire>(await pedir('GET', `${rutas.caja}?usuario_id=${asistente2.id}`, admin)).cierre,
    ).not.toBeNull();
    expect(datafono.recibo_numero).not.toBeNull();
  });

  it("a void counts on the void's day, at the payment's desk, not on the payment's", async () => {
    const ayer = body<PagoWire>(await registrar(admin, await citaDe()));
    reloj.avanzar(DIA);
    try {
      const r = await pedir('POST', rutas.anular(ayer.id), admin, { motivo: 'Devuelto al día siguiente' });
      expect(r.statusCode, r.body).toBe(200);
      const hoy = body<ResumenCajaWire>(await pedir('GET', rutas.caja, admin));
      expect(hoy).toMatchObject({ fecha: '2026-11-24', efectivo_esperado: -180_000 });
      expect(hoy.totales.efectivo.anulado).toBe(180_000);
      const antes = body<ResumenCajaWire>(await pedir('GET', `${rutas.caja}?fecha=2026-11-23`, admin));
      expect(antes.totales.efectivo.anulado).toBe(0);
    } finally {
      reloj.avanzar(-DIA);
    }
  });

  it('another desk is for administrators; a future day cannot be closed', async () => {
    const ajena = await pedir('GET', `${rutas.caja}?usuario_id=${asistente2.id}`, asistente);
    expect(ajena.statusCode).toBe(403);
    expect(ajena.json()).toMatchObject({ error: M.soloSuCaja });
    expect((await pedir('GET', `${rutas.caja}?usuario_id=${paciente.id}`, admin)).statusCode).toBe(404);
    const futuro = await pedir('POST', rutas.cerrarCaja, asistente, { efectivo_contado: 0, fecha: '2026-11-30' });
    expect(futuro.statusCode).toBe(422);
    expect(futuro.json()).toMatchObject({ error: M.fechaFutura });
    expect((await pedir('POST', rutas.cerrarCaja, asistente, { efectivo_contado: 0, monto: 5 })).statusCode).toBe(400);
  });
});

describe('lists', () => {
  it('the desk lists a day, a patient or an appointment; the patient only her own, without the desk notes', async () => {
    const suya = await citaDe({ pacienteId: otraPaciente.id });
    const pago = body<PagoWire>(await registrar(asistente, suya, { notas: 'Nota interna' }));
    const porCita = body<ListaPagosWire>(await pedir('GET', `${rutas.listar}?cita_id=${suya}`, asistente));
    expect(porCita.items.map((p) => p.id)).toEqual([pago.id]);
    const porPaciente = body<ListaPagosWire>(
      await pedir('GET', `${rutas.listar}?paciente_id=${otraPaciente.id}`, admin),
    );
    expect(porPaciente.items.map((p) => p.id)).toEqual([pago.id]);
    const hoy = body<ListaPagosWire>(await pedir('GET', `${rutas.listar}?porPagina=5`, asistente));
    expect(hoy.items).toHaveLength(5);
    expect(hoy.total).toBeGreaterThan(20);
    expect(body<ListaPagosWire>(await pedir('GET', `${rutas.listar}?fecha=2026-11-20`, asistente)).total).toBe(0);
    expect((await pedir('GET', `${rutas.listar}?porPagina=101`, asistente)).statusCode).toBe(400);

    const mios = body<ListaPagosWire>(await pedir('GET', rutas.misPagos, otraPaciente));
    expect(mios.items).toEqual([expect.objectContaining({ id: pago.id, notas: null, estado: 'aprobado' })]);
    const deLaOtra = body<ListaPagosWire>(await pedir('GET', rutas.misPagos, paciente));
    expect(deLaOtra.items.every((p) => p.paciente.id === paciente.id)).toBe(true);
    expect(deLaOtra.items.some((p) => p.estado === 'anulado')).toBe(true);
  });
});

describe('the receipt', () => {
  it('says who paid what, how and how much, in figures and words; a voided one says ANULADO', async () => {
    const p = body<PagoWire>(
      await registrar(asistente, await citaDe({ inicio: el22(11) }), {
        metodo: 'nequi_daviplata',
        referencia: 'NQ-77',
      }),
    );
    const r = await pedir('GET', rutas.recibo(p.id), asistente);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-disposition']).toContain(
      `recibo-de-caja-${String(p.recibo_numero).padStart(6, '0')}.pdf`,
    );
    const texto = await textoDelPdf(r.rawPayload);
    for (const parte of [
      t.app.services.config.clinicaNombre,
      'NIT 900.123.456-7',
      'Calle 93 # 12-45',
      'RECIBO DE CAJA',
      `N.º ${String(p.recibo_numero).padStart(6, '0')}`,
      'Fecha: 23/11/2026',
      p.paciente.nombre,
      'Cédula de ciudadanía',
      'Saldo de la cita de Hidrafacial del 22/11/2026',
      'Nequi / Daviplata (referencia NQ-77)',
      '$ 180.000',
      'Ciento ochenta mil pesos m/cte',
      p.registrado_por!.nombre,
    ])
      expect(texto).toContain(parte);
    expect(texto).not.toContain('ANULADO');

    await pedir('POST', rutas.anular(p.id), admin, { motivo: 'Pagó otra persona' });
    const anulado = await textoDelPdf((await pedir('GET', rutas.recibo(p.id), paciente)).rawPayload);
    expect(anulado).toContain('ANULADO');
    expect(anulado).toContain('Motivo: Pagó otra persona');
  });

  it('the patient gets her own only (another one is a 404); a payment without a receipt number has none', async () => {
    const ajeno = body<PagoWire>(await registrar(asistente, await citaDe({ pacienteId: otraPaciente.id })));
    const r = await pedir('GET', rutas.recibo(ajeno.id), paciente);
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ error: M.noEncontrado });
    expect((await pedir('GET', rutas.recibo(ajeno.id), otraPaciente)).statusCode).toBe(200);
    expect((await pedir('GET', rutas.recibo(999_999), paciente)).statusCode).toBe(404);
    const pendiente = await escribirPago({
      monto: 10_000,
      concepto: 'anticipo',
      estado: 'pendiente',
      metodo: 'en_linea',
      referencia: 'w-2',
      registrado_por: null,
    });
    const sinRecibo = await pedir('GET', rutas.recibo(pendiente.id), paciente);
    expect(sinRecibo.statusCode).toBe(409);
    expect(sinRecibo.json()).toMatchObject({ error: M.reciboNoDisponible });
  });
});

describe('authorization of every route (anonymous and the four roles)', () => {
  // Past the role check, a missing appointment, payment or desk, or a bad query: who gets through learns no more.
  matrizDeAutorizacion(
    [
      {
        method: 'POST',
        url: rutas.registrar,
        payload: { cita_id: 999_999, metodo: 'efectivo' },
        esperado: porQuien(401, 403, 404, 403, 404),
      },
      { method: 'GET', url: rutas.saldo(999_999), esperado: porQuien(401, 403, 404, 403, 404) },
      { method: 'GET', url: `${rutas.listar}?porPagina=0`, esperado: porQuien(401, 403, 400, 403, 400) },
      { method: 'GET', url: `${rutas.misPagos}?pagina=0`, esperado: porQuien(401, 400, 403, 403, 403) },
      {
        method: 'POST',
        url: rutas.anular(999_999),
        payload: { motivo: 'Prueba de permisos' },
        esperado: porQuien(401, 403, 403, 403, 404),
      },
      { method: 'GET', url: rutas.recibo(999_999), esperado: porQuien(401, 404, 404, 403, 404) },
      { method: 'GET', url: `${rutas.caja}?usuario_id=999999`, esperado: porQuien(401, 403, 403, 403, 404) },
      {
        method: 'POST',
        url: rutas.cerrarCaja,
        payload: { efectivo_contado: -1 },
        esperado: porQuien(401, 403, 400, 403, 400),
      },
      { method: 'GET', url: `${rutas.cierres}?fecha=2026-13-01`, esperado: porQuien(401, 403, 403, 403, 400) },
    ],
    pedir,
    () => ({ paciente, asistente, doctor, administrador: admin }),
  );

  it('a receipt: the desk and its patient get it, a doctor is refused, another patient gets a 404', async () => {
    const cita = await citaDe({ pacienteId: otraPaciente.id });
    const pago = await escribirPago({
      monto: 5_000,
      concepto: 'anticipo',
      paciente_id: otraPaciente.id,
      cita_id: cita,
    });
    const estados = await Promise.all(
      [undefined, paciente, otraPaciente, asistente, doctor, admin].map(
        async (q) => (await pedir('GET', rutas.recibo(pago.id), q)).statusCode,
      ),
    );
    expect(estados).toEqual([401, 404, 200, 200, 403, 200]);
  });
});
