// Online payment through Wompi (issue 23, item 3; docs/dinero.md "Pagos en línea"; decision 0059), against a local
// fake of Wompi's documented API (test/wompi-falso.ts; nothing leaves the machine): the checkout and its integrity
// signature, approved, declined, duplicated, forged and wrong-amount events, the return page's lookup, a late
// approval after the hold expired (slot free: reinstated; slot taken: kept and the desk told), the settings
// missing (not offered), the authorization matrix of every route and IDOR.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MENSAJES_EN_LINEA as M,
  type CheckoutWire,
  type ConfigEnLineaWire,
  type ResultadoEnLineaWire,
} from '@clinica/contracts/pagos-en-linea';
import { pagosEnLineaPaths as rutas } from '@clinica/contracts/pagos-en-linea-rutas';
import { loadConfig } from '../src/config.ts';
import { auditoria, citas, notificaciones, pagos } from '../src/db/schema/index.ts';
import { crearUsuario } from './auth-helpers.ts';
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
import { crearReloj } from './usuarios-fixtures.ts';
import { INICIOS_POR_HORA } from '../src/features/pagos/en-linea/en-linea.service.ts';
import { iniciarWompiFalso, type WompiFalso } from './wompi-falso.ts';

// Monday 23 November 2026, 07:00 in Bogotá.
const reloj = crearReloj(new Date('2026-11-23T12:00:00Z'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let wompi: WompiFalso;
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
let procId: number;
const pedir = pedidor(() => t.app);

/** Appointments from Tuesday 24 November, one after another (no two overlap). */
let siguiente = 0;
const PRIMERA = Date.parse('2026-11-24T13:00:00Z');
const proxima = () => new Date(PRIMERA + siguiente++ * 30 * 60_000);

/** A procedure appointment (Hidrafacial, $ 180.000) of the patient; a deposit and its hold when given. */
async function citaDe(o: { anticipo?: number; pacienteId?: number; inicio?: Date; doctorId?: number } = {}) {
  const inicio = o.inicio ?? proxima();
  const id = await insertarCita(t.database, {
    pacienteId: o.pacienteId ?? paciente.id,
    doctorId: o.doctorId ?? doctor.id,
    inicio,
    estado: 'pendiente',
    tipo: 'procedimiento',
    procedimientoId: procId,
  });
  if (o.anticipo)
    await t.database.db
      .update(citas)
      .set({ anticipo_monto: o.anticipo, reserva_vence_en: new Date(inicio.getTime() - 3_600_000) })
      .where(eq(citas.id, id));
  return id;
}

const iniciar = async (citaId: number, quien = paciente) => {
  const r = await pedir('POST', rutas.iniciar, quien, { cita_id: citaId });
  return { r, c: r.json() as CheckoutWire };
};
const fila = async (id: number) => (await t.database.db.select().from(pagos).where(eq(pagos.id, id)))[0]!;
const cita = async (id: number) => (await t.database.db.select().from(citas).where(eq(citas.id, id)))[0]!;
const evento = (cuerpo: object) => pedir('POST', rutas.eventos, undefined, cuerpo);
const avisos = async (usuarioId: number) =>
  (await t.database.db.select().from(notificaciones).where(eq(notificaciones.usuario_id, usuarioId))).map(
    (n) => n.mensaje,
  );
const auditados = async (accion: string, pagoId: number) =>
  t.database.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.accion, accion), eq(auditoria.recurso_id, String(pagoId))));

beforeAll(async () => {
  wompi = await iniciarWompiFalso();
  const env = wompi.env();
  t = await createTestApp({
    now: reloj.now,
    config: {
      wompi: loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(48), ...env }).wompi,
      urlPublica: 'https://citas.clinica.test',
    },
  });
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database));
  const categoriaId = (await crearCategoria(t.app, admin.headers)).id;
  procId = (await crearProcedimiento(t.app, admin.headers, categoriaId, { nombre: 'Hidrafacial', precio: 180_000 })).id;
});
// A patient of her own per test: each may start only INICIOS_POR_HORA online payments an hour.
beforeEach(async () => {
  paciente = await crearUsuario(t.database, 'paciente');
});
afterAll(async () => {
  await t?.close();
  await wompi?.cerrar();
});

describe('the checkout', () => {
  it('says online payment is offered, in which environment', async () => {
    const r = await pedir('GET', rutas.config, paciente);
    expect(r.statusCode).toBe(200);
    expect(r.json<ConfigEnLineaWire>()).toEqual({ habilitado: true, proveedor: 'wompi', ambiente: 'sandbox' });
  });

  it('charges the unpaid deposit, signed as Wompi documents; the same attempt again reuses its row', async () => {
    const id = await citaDe({ anticipo: 50_000 });
    const { r, c } = await iniciar(id);
    expect(r.statusCode, r.body).toBe(201);
    expect(c).toMatchObject({ monto: 50_000, concepto: 'anticipo' });
    const url = new URL(c.url);
    expect(`${url.origin}${url.pathname}`).toBe(wompi.urlCheckout);
    const q = url.searchParams;
    expect(q.get('public-key')).toBe(wompi.env().WOMPI_LLAVE_PUBLICA);
    expect(q.get('currency')).toBe('COP');
    expect(q.get('amount-in-cents')).toBe('5000000');
    expect(q.get('reference')).toBe(c.referencia);
    expect(q.get('redirect-url')).toBe('https://citas.clinica.test/pago-en-linea/resultado');
    // SHA-256 of reference, amount in cents, currency, expiration time and the integrity secret.
    const exp = q.get('expiration-time')!;
    expect(exp).toBe((await cita(id)).reserva_vence_en!.toISOString());
    expect(q.get('signature:integrity')).toBe(
      createHash('sha256')
        .update(`${c.referencia}5000000COP${exp}${wompi.env().WOMPI_SECRETO_INTEGRIDAD}`)
        .digest('hex'),
    );
    // The fake checkout accepts the signature (it refuses a tampered amount).
    expect((await fetch(c.url)).status).toBe(200);
    q.set('amount-in-cents', '100');
    expect((await fetch(url)).status).toBe(400);
    // No secret in what the patient's browser gets.
    for (const s of [
      wompi.env().WOMPI_SECRETO_INTEGRIDAD,
      wompi.env().WOMPI_SECRETO_EVENTOS,
      wompi.env().WOMPI_LLAVE_PRIVADA,
    ])
      expect(r.body).not.toContain(s);

    expect(await fila(c.pago_id)).toMatchObject({
      estado: 'pendiente',
      metodo: 'en_linea',
      concepto: 'anticipo',
      monto: 50_000,
      cita_id: id,
      paciente_id: paciente.id,
      registrado_por: null,
      referencia: null,
      recibo_numero: null,
    });
    const otra = await iniciar(id);
    expect(otra.c).toMatchObject({ pago_id: c.pago_id, referencia: c.referencia, url: c.url });
  });

  it('charges the balance when there is no deposit to pay', async () => {
    const { r, c } = await iniciar(await citaDe());
    expect(r.statusCode, r.body).toBe(201);
    expect(c).toMatchObject({ monto: 180_000, concepto: 'saldo' });
  });

  it('refuses a cancelled or past appointment, nothing owed, and another patient’s appointment (404)', async () => {
    const cancelada = await citaDe();
    await t.database.db
      .update(citas)
      .set({ estado: 'cancelada', causa_cancelacion: 'paciente' })
      .where(eq(citas.id, cancelada));
    expect((await iniciar(cancelada)).r.json()).toMatchObject({ code: 'REGLA_NEGOCIO', error: M.citaCancelada });

    const pasada = await insertarCita(t.database, {
      pacienteId: paciente.id,
      doctorId: otroDoctor.id,
      inicio: new Date('2026-11-20T14:00:00Z'),
      tipo: 'procedimiento',
      procedimientoId: procId,
    });
    const rp = await iniciar(pasada);
    expect(rp.r.statusCode).toBe(422);
    expect(rp.r.json()).toMatchObject({ error: M.citaPasada });

    const pagada = await citaDe();
    const pago = await pedir('POST', '/apipagos/registrar', asistente, { cita_id: pagada, metodo: 'efectivo' });
    expect(pago.statusCode).toBe(201);
    const rn = await iniciar(pagada);
    expect(rn.r.statusCode).toBe(422);
    expect(rn.r.json()).toMatchObject({ error: M.nadaPendiente });

    const ajena = await citaDe({ pacienteId: otraPaciente.id });
    const antes = (await t.database.db.select().from(pagos).where(eq(pagos.cita_id, ajena))).length;
    const ra = await iniciar(ajena);
    expect(ra.r.statusCode).toBe(404);
    expect(ra.r.json()).toMatchObject({ error: M.citaNoEncontrada });
    expect(await t.database.db.select().from(pagos).where(eq(pagos.cita_id, ajena))).toHaveLength(antes);
  });
});

describe('resolution', () => {
  it('approved: the receipt number, Wompi’s id as reference, the hold cleared, the patient told; once', async () => {
    const id = await citaDe({ anticipo: 60_000 });
    const { c } = await iniciar(id);
    const tx = wompi.crear({ reference: c.referencia, amount_in_cents: 6_000_000 });
    const cuerpo = wompi.evento(tx);
    const r = await evento(cuerpo);
    expect(r.statusCode, r.body).toBe(200);
    const p = await fila(c.pago_id);
    expect(p).toMatchObject({ estado: 'aprobado', referencia: tx.id, resuelto_en: reloj.now() });
    expect(p.recibo_numero).toEqual(expect.any(Number));
    expect((await cita(id)).reserva_vence_en).toBeNull();
    // A deposit: the one message of a deposit paid (citas/anticipos.ts), as at the desk.
    expect(await avisos(paciente.id)).toEqual([
      expect.stringMatching(/^Recibimos el anticipo de \$ 60\.000 de tu cita del /),
    ]);
    expect(await auditados('pago_en_linea.aprobar', c.pago_id)).toHaveLength(1);

    // Duplicated: the same event again, and the return page asking afterwards, change nothing.
    expect((await evento(cuerpo)).statusCode).toBe(200);
    expect((await evento(wompi.evento(tx))).statusCode).toBe(200);
    const vuelta = await pedir('GET', rutas.transaccion(tx.id), paciente);
    expect(vuelta.statusCode, vuelta.body).toBe(200);
    expect(vuelta.json<ResultadoEnLineaWire>()).toMatchObject({
      pago_id: c.pago_id,
      estado: 'aprobado',
      recibo_numero: p.recibo_numero,
      concepto: 'anticipo',
      monto: 60_000,
    });
    expect(await fila(c.pago_id)).toEqual(p);
    expect(await t.database.db.select().from(pagos).where(eq(pagos.cita_id, id))).toHaveLength(1);
    expect(await auditados('pago_en_linea.aprobar', c.pago_id)).toHaveLength(1);
    // The deposit paid, what is left online is the balance.
    expect((await iniciar(id)).c).toMatchObject({ concepto: 'saldo', monto: 120_000 });
  });

  it('the same event delivered five times at once approves once, with one receipt number', async () => {
    const { c } = await iniciar(await citaDe({ anticipo: 25_000 }));
    const tx = wompi.crear({ reference: c.referencia, amount_in_cents: 2_500_000 });
    const respuestas = await Promise.all(Array.from({ length: 5 }, () => evento(wompi.evento(tx))));
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.database.db.select().from(pagos).where(eq(pagos.referencia, tx.id))).toHaveLength(1);
    expect(await fila(c.pago_id)).toMatchObject({ estado: 'aprobado', recibo_numero: expect.any(Number) });
    expect(await auditados('pago_en_linea.aprobar', c.pago_id)).toHaveLength(1);
  });

  it('declined: the row is declined without a receipt, the patient told; she may start again', async () => {
    const id = await citaDe({ anticipo: 40_000 });
    const { c } = await iniciar(id);
    const tx = wompi.crear({ reference: c.referencia, amount_in_cents: 4_000_000, status: 'DECLINED' });
    expect((await evento(wompi.evento(tx))).statusCode).toBe(200);
    expect(await fila(c.pago_id)).toMatchObject({ estado: 'rechazado', referencia: tx.id, recibo_numero: null });
    expect((await cita(id)).reserva_vence_en).not.toBeNull();
    expect(await avisos(paciente.id)).toContain(
      'Tu pago en línea de $ 40.000 no fue aprobado. Puedes intentarlo de nuevo o pagar en la recepción.',
    );
    const otra = await iniciar(id);
    expect(otra.c.pago_id).not.toBe(c.pago_id);
    // A retry in the same checkout approved later: a payment of its own, with its receipt.
    const aprobada = wompi.crear({ reference: c.referencia, amount_in_cents: 4_000_000 });
    expect((await evento(wompi.evento(aprobada))).statusCode).toBe(200);
    const nuevas = await t.database.db.select().from(pagos).where(eq(pagos.referencia, aprobada.id));
    expect(nuevas).toHaveLength(1);
    expect(nuevas[0]).toMatchObject({ estado: 'aprobado', monto: 40_000, concepto: 'anticipo', cita_id: id });
  });

  it('a forged event (wrong secret, or a value changed after signing) is a 401 and changes nothing', async () => {
    const { c } = await iniciar(await citaDe({ anticipo: 30_000 }));
    const tx = wompi.crear({ reference: c.referencia, amount_in_cents: 3_000_000 });
    const forjado = await evento(wompi.evento(tx, { forjado: true }));
    expect(forjado.statusCode).toBe(401);
    expect(forjado.json()).toMatchObject({ error: M.eventoInvalido });
    const alterado = wompi.evento(tx);
    alterado.data.transaction.status = 'APPROVED';
    alterado.data.transaction.amount_in_cents = 100;
    expect((await evento(alterado)).statusCode).toBe(401);
    expect((await evento({ event: 'transaction.updated', data: alterado.data })).statusCode).toBe(401);
    expect(await fila(c.pago_id)).toMatchObject({ estado: 'pendiente', referencia: null });
  });

  it('a wrong amount or currency is never approved: recorded and the desk told', async () => {
    const id = await citaDe({ anticipo: 70_000 });
    const { c } = await iniciar(id);
    const tx = wompi.crear({ reference: c.referencia, amount_in_cents: 100_000 });
    expect((await evento(wompi.evento(tx))).statusCode).toBe(200);
    expect(await fila(c.pago_id)).toMatchObject({ estado: 'rechazado', referencia: tx.id, recibo_numero: null });
    expect((await cita(id)).reserva_vence_en).not.toBeNull();
    expect(await auditados('pago_en_linea.monto_distinto', c.pago_id)).toHaveLength(1);
    expect((await avisos(asistente.id)).some((m) => m.includes('valor distinto del esperado'))).toBe(true);

    const otra = await iniciar(id);
    const usd = wompi.crear({ reference: otra.c.referencia, amount_in_cents: 7_000_000, currency: 'USD' });
    expect((await evento(wompi.evento(usd))).statusCode).toBe(200);
    expect(await fila(otra.c.pago_id)).toMatchObject({ estado: 'rechazado', recibo_numero: null });
  });

  it('an unknown reference or another kind of event is answered 200 and ignored', async () => {
    const antes = await t.database.db.select().from(pagos);
    const tx = wompi.crear({ reference: 'cl-999999-000000000000', amount_in_cents: 100 });
    expect((await evento(wompi.evento(tx))).statusCode).toBe(200);
    const token = { ...wompi.evento(tx), event: 'nequi_token.updated' };
    expect((await evento(token)).statusCode).toBe(200);
    expect(await t.database.db.select().from(pagos)).toEqual(antes);
  });

  it('the return page asks Wompi: pending stays pending, then resolves; another patient gets a 404', async () => {
    const { c } = await iniciar(await citaDe({ anticipo: 20_000 }));
    const tx = wompi.crear({ reference: c.referencia, amount_in_cents: 2_000_000, status: 'PENDING' });
    const pendiente = await pedir('GET', rutas.transaccion(tx.id), paciente);
    expect(pendiente.json()).toMatchObject({ estado: 'pendiente', recibo_numero: null });
    wompi.cambiar(tx.id, 'APPROVED');
    expect((await pedir('GET', rutas.transaccion(tx.id), otraPaciente)).statusCode).toBe(404);
    expect(await fila(c.pago_id)).toMatchObject({ estado: 'pendiente' });
    const aprobada = await pedir('GET', rutas.transaccion(tx.id), paciente);
    expect(aprobada.json()).toMatchObject({ estado: 'aprobado', recibo_numero: expect.any(Number) });
    expect((await pedir('GET', rutas.transaccion('0000-no-existe'), paciente)).statusCode).toBe(404);
  });
});

describe('a late approval, after the hold expired and cancelled the appointment', () => {
  const vencer = (id: number) =>
    t.database.db
      .update(citas)
      .set({ estado: 'cancelada', causa_cancelacion: 'reserva_vencida', motivo_cancelacion: 'Reserva vencida' })
      .where(eq(citas.id, id));

  it('reinstates the appointment when its slot is still free', async () => {
    const id = await citaDe({ anticipo: 50_000 });
    const { c } = await iniciar(id);
    await vencer(id);
    const tx = wompi.crear({ reference: c.referencia, amount_in_cents: 5_000_000 });
    expect((await evento(wompi.evento(tx))).statusCode).toBe(200);
    expect(await cita(id)).toMatchObject({
      estado: 'pendiente',
      causa_cancelacion: null,
      motivo_cancelacion: null,
      reserva_vence_en: null,
    });
    expect(await fila(c.pago_id)).toMatchObject({ estado: 'aprobado', recibo_numero: expect.any(Number) });
    expect((await avisos(paciente.id)).some((m) => m.includes('volvió a quedar agendada'))).toBe(true);
    expect((await avisos(admin.id)).some((m) => m.includes('reactivó una cita'))).toBe(true);
  });

  it('keeps the money recorded against the cancelled appointment when the slot was taken, and tells the desk', async () => {
    const inicio = proxima();
    const id = await citaDe({ anticipo: 50_000, inicio });
    const { c } = await iniciar(id);
    await vencer(id);
    await citaDe({ pacienteId: otraPaciente.id, inicio });
    const tx = wompi.crear({ reference: c.referencia, amount_in_cents: 5_000_000 });
    expect((await evento(wompi.evento(tx))).statusCode).toBe(200);
    expect(await cita(id)).toMatchObject({ estado: 'cancelada', causa_cancelacion: 'reserva_vencida' });
    expect(await fila(c.pago_id)).toMatchObject({ estado: 'aprobado', recibo_numero: expect.any(Number) });
    expect((await avisos(asistente.id)).some((m) => m.includes('devuélvelo o déjalo como saldo a favor'))).toBe(true);
    expect((await avisos(paciente.id)).some((m) => m.includes('tu cita ya estaba cancelada'))).toBe(true);
    expect(await auditados('pago_en_linea.aprobar', c.pago_id)).toEqual([
      expect.objectContaining({ detalle: expect.stringContaining('devolver o saldo a favor') }),
    ]);
  });
});

describe('the per-patient limit', () => {
  it(`starts at most ${INICIOS_POR_HORA} online payments an hour (a reused attempt does not count)`, async () => {
    const ids = [];
    for (let i = 0; i <= INICIOS_POR_HORA; i++) ids.push(await citaDe());
    for (const id of ids.slice(0, INICIOS_POR_HORA)) expect((await iniciar(id)).r.statusCode).toBe(201);
    expect((await iniciar(ids[0]!)).r.statusCode).toBe(201);
    const mas = await iniciar(ids[INICIOS_POR_HORA]!);
    expect(mas.r.statusCode).toBe(429);
    expect(mas.r.json()).toMatchObject({ error: M.demasiados });
    reloj.avanzar(3_600_001);
    expect((await iniciar(ids[INICIOS_POR_HORA]!)).r.statusCode).toBe(201);
  });
});

describe('who may call what', () => {
  it('GET config: any signed-in person; anonymous 401', async () => {
    expect((await pedir('GET', rutas.config)).statusCode).toBe(401);
    for (const quien of [paciente, asistente, doctor, admin])
      expect((await pedir('GET', rutas.config, quien)).statusCode).toBe(200);
  });
  matrizDeAutorizacion(
    [
      {
        method: 'POST',
        url: rutas.iniciar,
        payload: { cita_id: 999_999 },
        esperado: porQuien(401, 404, 403, 403, 403),
      },
      { method: 'POST', url: rutas.eventos, payload: {}, esperado: porQuien(401, 401, 401, 401, 401) },
      { method: 'GET', url: rutas.transaccion('0000-no-existe'), esperado: porQuien(401, 404, 403, 403, 403) },
    ],
    pedir,
    () => ({ paciente, asistente, doctor, administrador: admin }),
  );
  it('a body with an amount is refused', async () => {
    const r = await pedir('POST', rutas.iniciar, paciente, { cita_id: await citaDe(), monto: 1 });
    expect(r.statusCode).toBe(400);
  });
  it('an oversized event is refused before it is read', async () => {
    const r = await pedir('POST', rutas.eventos, undefined, { relleno: 'x'.repeat(40 * 1024) });
    expect(r.statusCode).toBe(413);
  });
});

describe('without the Wompi settings', () => {
  let sin: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    sin = await createTestApp({ now: reloj.now });
  });
  afterAll(() => sin?.close());

  it('online payment is not offered; the desk records payments', async () => {
    const p = await crearPersonas(sin.database);
    const r = await sin.app.inject({ method: 'GET', url: rutas.config, headers: p.paciente.headers });
    expect(r.json()).toEqual({ habilitado: false, proveedor: null, ambiente: null });
    const i = await sin.app.inject({
      method: 'POST',
      url: rutas.iniciar,
      headers: p.paciente.headers,
      payload: { cita_id: 1 },
    });
    expect(i.statusCode).toBe(422);
    expect(i.json()).toMatchObject({ error: M.noDisponible });
    expect(await sin.database.db.select().from(pagos)).toHaveLength(0);
  });
});
