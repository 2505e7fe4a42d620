// Deposits and the cancellation policy (issue 23, item 2; docs/dinero.md "Anticipos y política de cancelación";
// decision 0057): the deposit the server computes (fixed, percentage, the evaluations' setting, none, a package),
// the hold never past the start, confirmation refused while unpaid, the desk's payment taking the deposit and ending
// the hold, the hold's expiry through the outbox (the slot frees, the patient and the desk are told, idempotent),
// the race of the expiry and a payment, refund / credit / retention at the notice's boundary, the no-show only by
// staff and only after the start, the authorization of the new routes and IDOR.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJE_ANTICIPO_MAYOR_QUE_PRECIO, procedimientosPaths } from '@clinica/contracts/catalogo';
import { MENSAJES_CITAS as MC, citasPaths, type CitaWire } from '@clinica/contracts/citas';
import { MENSAJES_PAGOS as MP, pagosPaths, type PagoWire, type SaldoCitaWire } from '@clinica/contracts/pagos';
import { auditoria, bandejaSalida, citas, notificaciones, pagos, usuarios } from '../src/db/schema/index.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import {
  SEMANA_PARTIDA,
  bogota,
  crearPersonas,
  matrizDeAutorizacion,
  porQuien,
  type Pedir,
  type Personas,
} from './clinica-fixtures.ts';
import { createTestApp, inyectar } from './helpers.ts';
import { bearer, crearReloj, sesionPara } from './usuarios-fixtures.ts';

// Monday 23 November 2026, 07:00 in Bogotá.
const INICIO = new Date('2026-11-23T12:00:00Z');
const reloj = crearReloj(INICIO);
const HORA = 3_600_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
let categoriaId: number;
/** $ 200.000 with a fixed deposit of $ 60.000. */
let fijo: number;
/** $ 180.000 with a 25 % deposit. */
let porcentaje: number;
/** $ 100.000 without deposit. */
let sinAnticipo: number;

/**
 * Requests as a person signed in at the test clock's now (tests move the clock by days: a token signed earlier would
 * have expired).
 */
const pedir: Pedir = async (method, url, quien, payload, headers = {}) => {
  const sesion = quien ? bearer((await sesionPara(t.database, quien, reloj.now())).token) : {};
  return inyectar(t.app, method, url, { ...sesion, ...headers }, payload);
};
const body = <T>(r: { json(): unknown }) => r.json() as T;
const despachar = () => t.app.services.despachador.despachar();

/** The desk books `procId` (an evaluation without it) for `pacienteId` with `doctorId` on `fecha` at `hora`. */
async function reservar(o: { fecha: string; hora: string; procId?: number; pacienteId?: number; doctorId?: number }) {
  const res = await pedir('POST', citasPaths.crear, asistente, {
    doctor_id: o.doctorId ?? doctor.id,
    paciente_id: o.pacienteId ?? paciente.id,
    inicio: bogota(o.fecha, o.hora),
    ...(o.procId ? { tipo: 'procedimiento', procedimiento_id: o.procId } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<CitaWire>(res);
}
const fila = async (id: number) => (await t.database.db.select().from(citas).where(eq(citas.id, id)))[0]!;
const pagar = (citaId: number, metodo = 'efectivo', quien = asistente) =>
  pedir('POST', pagosPaths.registrar, quien, { cita_id: citaId, metodo });
const leer = async (id: number, quien = asistente) => body<CitaWire>(await pedir('GET', citasPaths.buscar(id), quien));
const avisosDe = async (usuarioId: number, citaId: number) =>
  (
    await t.database.db
      .select({ mensaje: notificaciones.mensaje, tipo: notificaciones.tipo })
      .from(notificaciones)
      .where(and(eq(notificaciones.usuario_id, usuarioId), eq(notificaciones.cita_id, citaId)))
  ).map((n) => n.mensaje);

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now, intervaloBandejaMs: 0 });
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database, {
    now: reloj.now(),
  }));
  // Ley 1799: procedures need the patient's birth date.
  await t.database.db.update(usuarios).set({ fecha_nacimiento: '1990-05-01' }).where(eq(usuarios.rol, 'paciente'));
  for (const d of [doctor, otroDoctor]) {
    const res = await pedir('PUT', citasPaths.horarios(d.id), asistente, { horarios: SEMANA_PARTIDA });
    expect(res.statusCode).toBe(200);
  }
  categoriaId = (await crearCategoria(t.app, admin.headers)).id;
  const proc = (nombre: string, precio: number, anticipo: object | null) =>
    crearProcedimiento(t.app, admin.headers, categoriaId, { nombre, precio, anticipo });
  fijo = (await proc('Hidrafacial', 200_000, { tipo: 'fijo', valor: 60_000 })).id;
  porcentaje = (await proc('Peeling químico', 180_000, { tipo: 'porcentaje', valor: 25 })).id;
  sinAnticipo = (await proc('Limpieza facial', 100_000, null)).id;
});
afterAll(() => t.close());

describe("a procedure's deposit rule", () => {
  it('is set and changed by staff, validated, audited and shown on the public detail', async () => {
    const publico = await pedir('GET', procedimientosPaths.buscar(fijo));
    expect(publico.json().anticipo).toEqual({ tipo: 'fijo', valor: 60_000 });

    const mayor = await pedir('PATCH', procedimientosPaths.editar(fijo), admin, {
      anticipo: { tipo: 'fijo', valor: 250_000 },
    });
    expect(mayor.statusCode).toBe(422);
    expect(mayor.json().error).toBe(MENSAJE_ANTICIPO_MAYOR_QUE_PRECIO);
    const fueraDeRango = await pedir('PATCH', procedimientosPaths.editar(porcentaje), admin, {
      anticipo: { tipo: 'porcentaje', valor: 120 },
    });
    expect(fueraDeRango.statusCode).toBe(400);
    expect(fueraDeRango.body).toContain('El porcentaje debe estar entre 1 y 100');
    const tipoRaro = await pedir('PATCH', procedimientosPaths.editar(porcentaje), admin, {
      anticipo: { tipo: 'todo', valor: 1 },
    });
    expect(tipoRaro.statusCode).toBe(400);

    const cambio = await pedir('PATCH', procedimientosPaths.editar(sinAnticipo), asistente, {
      anticipo: { tipo: 'porcentaje', valor: 10 },
    });
    expect(cambio.statusCode, cambio.body).toBe(200);
    expect(cambio.json().anticipo).toEqual({ tipo: 'porcentaje', valor: 10 });
    const quitado = await pedir('PATCH', procedimientosPaths.editar(sinAnticipo), admin, { anticipo: null });
    expect(quitado.json().anticipo).toBeNull();
    const auditados = await t.database.db
      .select({ detalle: auditoria.detalle })
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'procedimiento.anticipo'), eq(auditoria.recurso_id, String(sinAnticipo))));
    expect(auditados.map((a) => a.detalle)).toEqual(['porcentaje 10', 'sin anticipo']);

    const paciente403 = await pedir('PATCH', procedimientosPaths.editar(fijo), paciente, { anticipo: null });
    expect(paciente403.statusCode).toBe(403);
    expect((await pedir('GET', procedimientosPaths.buscar(fijo))).json().anticipo).toEqual({
      tipo: 'fijo',
      valor: 60_000,
    });
  });
});

describe('booking computes the deposit and the hold', () => {
  it('fixed, percentage, none; the hold is 24 h, or the start when sooner', async () => {
    const a = await reservar({ fecha: '2026-11-30', hora: '09:00', procId: fijo });
    expect(a.estado).toBe('pendiente');
    expect(a.anticipo).toEqual({
      monto: 60_000,
      estado: 'pendiente',
      reserva_vence_en: new Date(INICIO.getTime() + 24 * HORA).toISOString(),
    });
    const b = await reservar({ fecha: '2026-11-30', hora: '11:00', procId: porcentaje });
    expect(b.anticipo?.monto).toBe(45_000);
    const c = await reservar({ fecha: '2026-11-30', hora: '14:00', procId: sinAnticipo });
    expect(c.anticipo).toBeNull();
    expect((await fila(c.id)).reserva_vence_en).toBeNull();
    // Today at 10:00 (three hours from now): the hold ends at the start, never after it.
    const hoy = await reservar({ fecha: '2026-11-23', hora: '10:00', procId: fijo, doctorId: otroDoctor.id });
    expect(hoy.anticipo?.reserva_vence_en).toBe(new Date(bogota('2026-11-23', '10:00')).toISOString());
    // Its expiry is a delayed outbox row, due when the hold ends.
    const [vence] = await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'reserva.vence'));
    expect(vence?.disponible_en).toBeInstanceOf(Date);
    // The patient is told what to pay and until when.
    expect(await avisosDe(paciente.id, a.id)).toEqual([
      expect.stringMatching(/paga el anticipo de \$\s60\.000 antes del 24\/11\/2026/),
    ]);
  });

  it("evaluations owe the clinic's setting; a control owes nothing", async () => {
    const otra = await createTestApp({ now: reloj.now, intervaloBandejaMs: 0, config: { anticipoEvaluacion: 30_000 } });
    try {
      const p = await crearPersonas(otra.database, { now: reloj.now() });
      await otra.database.db
        .update(usuarios)
        .set({ fecha_nacimiento: '1990-05-01' })
        .where(eq(usuarios.rol, 'paciente'));
      await otra.app.inject({
        method: 'PUT',
        url: citasPaths.horarios(p.doctor.id),
        headers: p.asistente.headers,
        payload: { horarios: SEMANA_PARTIDA },
      });
      const res = await otra.app.inject({
        method: 'POST',
        url: citasPaths.crear,
        headers: p.asistente.headers,
        payload: { doctor_id: p.doctor.id, paciente_id: p.paciente.id, inicio: bogota('2026-11-30', '09:00') },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().anticipo).toMatchObject({ monto: 30_000, estado: 'pendiente' });
      const control = await otra.app.inject({
        method: 'POST',
        url: citasPaths.crear,
        headers: p.asistente.headers,
        payload: {
          doctor_id: p.doctor.id,
          paciente_id: p.paciente.id,
          inicio: bogota('2026-11-30', '10:00'),
          tipo: 'control',
        },
      });
      expect(control.statusCode, control.body).toBe(201);
      expect(control.json().anticipo).toBeNull();
    } finally {
      await otra.close();
    }
    // Off by default here: an evaluation owes nothing.
    expect((await reservar({ fecha: '2026-12-01', hora: '09:00' })).anticipo).toBeNull();
  });

  it('the booking e-mail states the deposit and the cancellation policy', async () => {
    const c = await reservar({ fecha: '2026-12-01', hora: '10:00', procId: fijo });
    const correos = await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo'));
    const suyo = correos
      .map((f) => f.carga as { texto: string; asunto: string })
      .find((m) => m.texto.includes(`/detallescitas/${c.id}\n`));
    expect(c.anticipo?.monto).toBe(60_000);
    expect(suyo?.texto).toMatch(/paga el anticipo de \$\s60\.000 antes del/);
    expect(suyo?.texto).toContain('Política de cancelación: si cancelas con al menos 24 horas de anticipación');
  });
});

describe('paying the deposit', () => {
  it('confirming is refused while unpaid; the desk takes the deposit, the hold ends, the patient is told', async () => {
    const c = await reservar({ fecha: '2026-12-02', hora: '09:00', procId: fijo });
    const confirmar = await pedir('PATCH', citasPaths.editarEstado(c.id), asistente, { estado: 'confirmada' });
    expect(confirmar.statusCode).toBe(422);
    expect(confirmar.json().error).toMatch(/^Esta cita tiene un anticipo de \$\s60\.000 sin pagar/);

    const saldo = body<SaldoCitaWire>(await pedir('GET', pagosPaths.saldo(c.id), asistente));
    expect(saldo).toMatchObject({ cobra: 'anticipo', saldo: 60_000, impedimento: null });
    const pago = await pagar(c.id);
    expect(pago.statusCode, pago.body).toBe(201);
    expect(body<PagoWire>(pago)).toMatchObject({ concepto: 'anticipo', monto: 60_000, estado: 'aprobado' });
    expect((await fila(c.id)).reserva_vence_en).toBeNull();
    expect((await leer(c.id)).anticipo).toEqual({ monto: 60_000, estado: 'pagado', reserva_vence_en: null });
    expect(await avisosDe(paciente.id, c.id)).toContainEqual(
      expect.stringMatching(/^Recibimos el anticipo de \$\s60\.000/),
    );
    // Then the balance as before: the deposit counts toward it.
    const resto = body<SaldoCitaWire>(await pedir('GET', pagosPaths.saldo(c.id), asistente));
    expect(resto).toMatchObject({ cobra: 'saldo', saldo: 140_000 });
    const ok = await pedir('PATCH', citasPaths.editarEstado(c.id), asistente, { estado: 'confirmada' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('the hold expires', () => {
  it('unpaid: cancelled reserva_vencida, patient and desk told, the slot free for another patient; once', async () => {
    const c = await reservar({ fecha: '2026-12-03', hora: '09:00', procId: fijo });
    // Before its time, nothing happens.
    await despachar();
    expect((await fila(c.id)).estado).toBe('pendiente');
    reloj.avanzar(24 * HORA + 1000);
    try {
      await despachar();
      const f = await fila(c.id);
      expect(f).toMatchObject({ estado: 'cancelada', causa_cancelacion: 'reserva_vencida' });
      expect((await leer(c.id)).anticipo?.estado).toBe('vencido');
      expect(await avisosDe(paciente.id, c.id)).toContainEqual(
        expect.stringMatching(/se liberó porque el anticipo no se pagó a tiempo/),
      );
      expect(await avisosDe(asistente.id, c.id)).toEqual([expect.stringMatching(/se liberó: el anticipo/)]);
      expect(await avisosDe(admin.id, c.id)).toHaveLength(1);
      // The handler again (a second delivery): nothing more.
      await t.app.services.citas.vencerReserva({ citaId: c.id });
      expect(await avisosDe(asistente.id, c.id)).toHaveLength(1);
      // The slot is free: another patient books it.
      const otra = await reservar({ fecha: '2026-12-03', hora: '09:00', procId: fijo, pacienteId: otraPaciente.id });
      expect(otra.estado).toBe('pendiente');
      // A late payment finds it cancelled.
      const tarde = await pagar(c.id);
      expect(tarde.statusCode).toBe(422);
      expect(tarde.json().error).toBe(MP.citaCancelada);
    } finally {
      reloj.avanzar(-(24 * HORA + 1000));
    }
  });

  it('paid in time: the expiry finds nothing to do', async () => {
    const c = await reservar({ fecha: '2026-12-03', hora: '14:00', procId: porcentaje });
    expect((await pagar(c.id)).statusCode).toBe(201);
    reloj.avanzar(25 * HORA);
    try {
      await despachar();
      expect(await fila(c.id)).toMatchObject({ estado: 'pendiente', causa_cancelacion: null });
    } finally {
      reloj.avanzar(-25 * HORA);
    }
  });

  it('a payment and the expiry at the same moment: exactly one wins, for every appointment', async () => {
    const ids: number[] = [];
    for (const hora of ['08:00', '09:00', '10:00', '11:00', '13:00', '14:00', '15:00', '16:00'])
      ids.push((await reservar({ fecha: '2026-12-04', hora, procId: fijo })).id);
    reloj.avanzar(24 * HORA + 1000);
    try {
      const resultados = await Promise.all(
        ids.flatMap((id) => [pagar(id), t.app.services.citas.vencerReserva({ citaId: id }).then(() => null)]),
      );
      const pagosRes = resultados.filter((r) => r !== null);
      for (const [i, id] of ids.entries()) {
        const f = await fila(id);
        const filasPago = await t.database.db.select().from(pagos).where(eq(pagos.cita_id, id));
        const res = pagosRes[i]!;
        if (res.statusCode === 201) {
          expect(f).toMatchObject({ estado: 'pendiente', reserva_vence_en: null, causa_cancelacion: null });
          expect(filasPago).toHaveLength(1);
        } else {
          expect(res.statusCode).toBe(422);
          expect(f).toMatchObject({ estado: 'cancelada', causa_cancelacion: 'reserva_vencida' });
          expect(filasPago).toHaveLength(0);
        }
      }
    } finally {
      reloj.avanzar(-(24 * HORA + 1000));
    }
  });
});

describe('the cancellation policy', () => {
  /** A paid deposit on `fecha` at `hora`. */
  async function pagada(fecha: string, hora: string, metodo = 'datafono') {
    const c = await reservar({ fecha, hora, procId: fijo });
    expect((await pagar(c.id, metodo)).statusCode).toBe(201);
    return c.id;
  }

  it('24 h ahead or more: the patient must choose; a refund is owed until the desk pays it out', async () => {
    const id = await pagada('2026-12-07', '09:00');
    const sinElegir = await pedir('PATCH', citasPaths.cancelar(id), paciente, { motivo: 'Viaje' });
    expect(sinElegir.statusCode).toBe(422);
    expect(sinElegir.json().error).toBe(MC.eligeDestinoAnticipo);
    expect((await fila(id)).estado).toBe('pendiente');

    const res = await pedir('PATCH', citasPaths.cancelar(id), paciente, { motivo: 'Viaje', anticipo: 'devolucion' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<CitaWire>(res)).toMatchObject({
      causa_cancelacion: 'paciente',
      anticipo: { monto: 60_000, estado: 'devolucion_pendiente' },
    });
    const saldo = body<SaldoCitaWire>(await pedir('GET', pagosPaths.saldo(id), asistente));
    expect(saldo.devolucion_pendiente).toBe(60_000);
    const devuelta = await pedir('POST', pagosPaths.devolver, asistente, { cita_id: id, metodo: 'efectivo' });
    expect(devuelta.statusCode, devuelta.body).toBe(201);
    expect(body<PagoWire>(devuelta)).toMatchObject({ concepto: 'devolucion', monto: 60_000, metodo: 'efectivo' });
    expect((await leer(id)).anticipo?.estado).toBe('devuelto');
    const otraVez = await pedir('POST', pagosPaths.devolver, asistente, { cita_id: id, metodo: 'efectivo' });
    expect(otraVez.statusCode).toBe(422);
    expect(otraVez.json().error).toBe(MP.sinDevolucionPendiente);
    // A body with an amount is refused.
    const conMonto = await pedir('POST', pagosPaths.devolver, asistente, { cita_id: id, metodo: 'efectivo', monto: 1 });
    expect(conMonto.statusCode).toBe(400);
  });

  it('credit: a refund into her credit, spent on a later appointment at the desk', async () => {
    const id = await pagada('2026-12-07', '10:00');
    const res = await pedir('PATCH', citasPaths.cancelar(id), paciente, {
      motivo: 'Cambio de planes',
      anticipo: 'saldo_a_favor',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<CitaWire>(res).anticipo?.estado).toBe('saldo_a_favor');
    const [credito] = await t.database.db
      .select()
      .from(pagos)
      .where(and(eq(pagos.cita_id, id), eq(pagos.concepto, 'devolucion')));
    expect(credito).toMatchObject({ metodo: 'saldo_a_favor', monto: 60_000, estado: 'aprobado', registrado_por: null });

    const nueva = await reservar({ fecha: '2026-12-14', hora: '09:00', procId: porcentaje });
    const saldo = body<SaldoCitaWire>(await pedir('GET', pagosPaths.saldo(nueva.id), asistente));
    expect(saldo).toMatchObject({ cobra: 'anticipo', saldo: 45_000, saldo_a_favor: 60_000 });
    const conCredito = await pagar(nueva.id, 'saldo_a_favor');
    expect(conCredito.statusCode, conCredito.body).toBe(201);
    expect(body<PagoWire>(conCredito)).toMatchObject({ concepto: 'anticipo', monto: 45_000, metodo: 'saldo_a_favor' });
    expect((await fila(nueva.id)).reserva_vence_en).toBeNull();
    // $ 15.000 left: the balance takes it, then none is left.
    const resto = await pagar(nueva.id, 'saldo_a_favor');
    expect(body<PagoWire>(resto)).toMatchObject({ concepto: 'saldo', monto: 15_000 });
    const sin = await pagar(nueva.id, 'saldo_a_favor');
    expect(sin.statusCode).toBe(422);
    expect(sin.json().error).toBe(MP.sinSaldoAFavor);
  });

  it('less than 24 h ahead (the desk cancels for her): retained; exactly 24 h: refundable', async () => {
    // 24 h before 2026-12-09 09:00 Bogotá.
    const limite = await pagada('2026-12-09', '09:00');
    const tarde = await pagada('2026-12-09', '10:00');
    const adelanto = new Date(bogota('2026-12-08', '09:00')).getTime() - reloj.now().getTime();
    reloj.avanzar(adelanto);
    try {
      const enElLimite = await pedir('PATCH', citasPaths.cancelar(limite), asistente, { motivo: 'Llamó a cancelar' });
      expect(enElLimite.statusCode).toBe(422);
      expect(enElLimite.json().error).toBe(MC.eligeDestinoAnticipo);
      const ok = await pedir('PATCH', citasPaths.cancelar(limite), asistente, {
        motivo: 'Llamó a cancelar',
        anticipo: 'devolucion',
      });
      expect(body<CitaWire>(ok)).toMatchObject({
        causa_cancelacion: 'personal',
        anticipo: { estado: 'devolucion_pendiente' },
      });
      reloj.avanzar(HORA + 1000);
      const res = await pedir('PATCH', citasPaths.cancelar(tarde), asistente, {
        motivo: 'Llamó tarde',
        anticipo: 'devolucion',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(body<CitaWire>(res).anticipo?.estado).toBe('retenido');
      expect((await fila(tarde)).anticipo_destino).toBe('retenido');
      expect(
        await t.database.db
          .select()
          .from(pagos)
          .where(and(eq(pagos.cita_id, tarde), eq(pagos.concepto, 'devolucion'))),
      ).toHaveLength(0);
    } finally {
      reloj.avanzar(-(adelanto + HORA + 1000));
    }
  });
});

describe('no-show (Marcar inasistencia)', () => {
  it('only staff, only after the start; the deposit is retained', async () => {
    const c = await reservar({ fecha: '2026-12-10', hora: '09:00', procId: fijo });
    expect((await pagar(c.id)).statusCode).toBe(201);
    const antes = await pedir('PATCH', citasPaths.inasistencia(c.id), asistente, {});
    expect(antes.statusCode).toBe(422);
    expect(antes.json().error).toBe(MC.inasistenciaAntes);
    const adelanto = new Date(bogota('2026-12-10', '09:20')).getTime() - reloj.now().getTime();
    reloj.avanzar(adelanto);
    try {
      const suya = await pedir('PATCH', citasPaths.inasistencia(c.id), paciente, {});
      expect(suya.statusCode).toBe(403);
      const res = await pedir('PATCH', citasPaths.inasistencia(c.id), asistente, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(body<CitaWire>(res)).toMatchObject({
        estado: 'cancelada',
        causa_cancelacion: 'inasistencia',
        anticipo: { estado: 'retenido', monto: 60_000 },
      });
      const otraVez = await pedir('PATCH', citasPaths.inasistencia(c.id), asistente, {});
      expect(otraVez.statusCode).toBe(409);
    } finally {
      reloj.avanzar(-adelanto);
    }
  });

  it("another doctor's appointment is not hers to mark (IDOR)", async () => {
    const c = await reservar({ fecha: '2026-12-10', hora: '11:00', procId: sinAnticipo });
    const res = await pedir('PATCH', citasPaths.inasistencia(c.id), otroDoctor, {});
    expect([403, 404]).toContain(res.statusCode);
    expect((await fila(c.id)).estado).toBe('pendiente');
  });
});

describe('authorization of the new routes', () => {
  let citaId = 0;
  beforeAll(async () => {
    citaId = (await reservar({ fecha: '2026-12-11', hora: '09:00', procId: sinAnticipo })).id;
  });
  matrizDeAutorizacion(
    [
      {
        method: 'PATCH',
        url: citasPaths.inasistencia(999_999),
        payload: {},
        esperado: porQuien(401, 403, 404, 404, 404),
      },
      {
        method: 'POST',
        url: pagosPaths.devolver,
        payload: () => ({ cita_id: citaId, metodo: 'efectivo' }),
        esperado: porQuien(401, 403, 422, 403, 422),
      },
    ],
    pedir,
    () => ({ paciente, asistente, doctor, administrador: admin }),
  );
});
