// Deposits after the fact (issue 23, item 2; docs/dinero.md "Anticipos y política de cancelación"): voiding the
// payment of a deposit owes it again (a fresh hold and its expiry for a pending appointment; a confirmed one stays
// confirmed and owes it until its start), a refund paid out tells the patient (notification and e-mail), and the
// clinic's policy is read from the server's settings (here not the defaults: 48 h of notice, 6 h of hold).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths, type CitaWire } from '@clinica/contracts/citas';
import { pagosPaths, type PagoWire, type SaldoCitaWire } from '@clinica/contracts/pagos';
import { auditoria, bandejaSalida, citas, notificaciones, usuarios } from '../src/db/schema/index.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { SEMANA_PARTIDA, bogota, crearPersonas, type Pedir, type Personas } from './clinica-fixtures.ts';
import { createTestApp, inyectar } from './helpers.ts';
import { bearer, crearReloj, sesionPara } from './usuarios-fixtures.ts';

// Monday 23 November 2026, 07:00 in Bogotá.
const reloj = crearReloj(new Date('2026-11-23T12:00:00Z'));
const HORA = 3_600_000;
const HORAS_RESERVA = 6;
const HORAS_AVISO = 48;
let t: Awaited<ReturnType<typeof createTestApp>>;
let { paciente, doctor, asistente, admin } = {} as Personas;
/** $ 200.000 with a fixed deposit of $ 60.000. */
let fijo: number;

const pedir: Pedir = async (method, url, quien, payload, headers = {}) => {
  const sesion = quien ? bearer((await sesionPara(t.database, quien, reloj.now())).token) : {};
  return inyectar(t.app, method, url, { ...sesion, ...headers }, payload);
};
const body = <T>(r: { json(): unknown }) => r.json() as T;

async function reservar(fecha: string, hora: string) {
  const res = await pedir('POST', citasPaths.crear, asistente, {
    doctor_id: doctor.id,
    paciente_id: paciente.id,
    inicio: bogota(fecha, hora),
    tipo: 'procedimiento',
    procedimiento_id: fijo,
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<CitaWire>(res);
}
async function pagar(citaId: number, metodo = 'datafono') {
  const res = await pedir('POST', pagosPaths.registrar, asistente, { cita_id: citaId, metodo });
  expect(res.statusCode, res.body).toBe(201);
  return body<PagoWire>(res);
}
const anular = (pagoId: number) =>
  pedir('POST', pagosPaths.anular(pagoId), admin, { motivo: 'El datáfono rechazó la tarjeta después' });
const fila = async (id: number) => (await t.database.db.select().from(citas).where(eq(citas.id, id)))[0]!;
const leer = async (id: number) => body<CitaWire>(await pedir('GET', citasPaths.buscar(id), asistente));
const avisosDe = async (usuarioId: number, citaId: number) =>
  t.database.db
    .select({ mensaje: notificaciones.mensaje, tipo: notificaciones.tipo, ruta: notificaciones.ruta })
    .from(notificaciones)
    .where(and(eq(notificaciones.usuario_id, usuarioId), eq(notificaciones.cita_id, citaId)));
/** The outbox rows of `tipo` whose payload has `citaId` (the expiries). */
const vencimientos = (citaId: number) =>
  t.database.db
    .select({ disponible_en: bandejaSalida.disponible_en })
    .from(bandejaSalida)
    .where(and(eq(bandejaSalida.tipo, 'reserva.vence'), sql`(${bandejaSalida.carga}->>'citaId')::int = ${citaId}`));

beforeAll(async () => {
  t = await createTestApp({
    now: reloj.now,
    intervaloBandejaMs: 0,
    config: { cancelacionHorasAviso: HORAS_AVISO, anticipoHorasReserva: HORAS_RESERVA },
  });
  ({ paciente, doctor, asistente, admin } = await crearPersonas(t.database, { now: reloj.now() }));
  await t.database.db.update(usuarios).set({ fecha_nacimiento: '1990-05-01' }).where(eq(usuarios.rol, 'paciente'));
  expect((await pedir('PUT', citasPaths.horarios(doctor.id), asistente, { horarios: SEMANA_PARTIDA })).statusCode).toBe(
    200,
  );
  const categoriaId = (await crearCategoria(t.app, admin.headers)).id;
  fijo = (
    await crearProcedimiento(t.app, admin.headers, categoriaId, {
      nombre: 'Hidrafacial',
      precio: 200_000,
      anticipo: { tipo: 'fijo', valor: 60_000 },
    })
  ).id;
});
afterAll(() => t.close());

describe('voiding the payment of a deposit', () => {
  it('a pending upcoming appointment owes it again, with a fresh hold that expires through the outbox', async () => {
    const c = await reservar('2026-11-30', '09:00');
    const pago = await pagar(c.id);
    expect((await fila(c.id)).reserva_vence_en).toBeNull();
    // Two hours later the administrator voids it: the new hold counts from now, not from the booking.
    reloj.avanzar(2 * HORA);
    const ahora = reloj.now().getTime();
    const vence = new Date(ahora + HORAS_RESERVA * HORA);
    try {
      const res = await anular(pago.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(body<PagoWire>(res).estado).toBe('anulado');

      expect(await fila(c.id)).toMatchObject({ estado: 'pendiente', reserva_vence_en: vence });
      expect((await leer(c.id)).anticipo).toEqual({
        monto: 60_000,
        estado: 'pendiente',
        reserva_vence_en: vence.toISOString(),
      });
      expect((await vencimientos(c.id)).map((v) => v.disponible_en)).toContainEqual(vence);
      expect(await avisosDe(paciente.id, c.id)).toContainEqual(
        expect.objectContaining({
          tipo: 'cita.anticipo',
          mensaje: expect.stringMatching(
            /^Se anuló el pago del anticipo de \$\s60\.000 de tu cita del 30\/11\/2026 a las 9:00 a\. m\.: págalo antes del 23\/11\/2026 a las 3:00 p\. m\. para conservar tu horario$/,
          ),
        }),
      );
      const auditado = await t.database.db
        .select({ detalle: auditoria.detalle, usuario: auditoria.usuario_id })
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'cita.anticipo_reabierto'), eq(auditoria.recurso_id, String(c.id))));
      expect(auditado).toEqual([{ detalle: expect.stringContaining('estado=pendiente'), usuario: admin.id }]);
      // The desk takes the deposit again (not the balance).
      const saldo = body<SaldoCitaWire>(await pedir('GET', pagosPaths.saldo(c.id), asistente));
      expect(saldo).toMatchObject({ cobra: 'anticipo', saldo: 60_000 });
      // Confirming is refused again while it is owed.
      const confirmar = await pedir('PATCH', citasPaths.editarEstado(c.id), asistente, { estado: 'confirmada' });
      expect(confirmar.statusCode).toBe(422);

      // Unpaid past the new hold: the slot is released, as for any unpaid booking.
      reloj.avanzar(HORAS_RESERVA * HORA + 1000);
      await t.app.services.despachador.despachar();
      expect(await fila(c.id)).toMatchObject({ estado: 'cancelada', causa_cancelacion: 'reserva_vencida' });
    } finally {
      reloj.avanzar(-(2 * HORA + HORAS_RESERVA * HORA + 1000));
    }
  });

  it('the hold never passes the start', async () => {
    // Tomorrow 09:00 is 26 h ahead; booked now, its hold is 6 h. Voided 22 h later, 4 h are left to the start.
    const c = await reservar('2026-11-24', '09:00');
    const pago = await pagar(c.id);
    reloj.avanzar(22 * HORA);
    try {
      expect((await anular(pago.id)).statusCode).toBe(200);
      expect((await fila(c.id)).reserva_vence_en).toEqual(new Date(bogota('2026-11-24', '09:00')));
    } finally {
      reloj.avanzar(-22 * HORA);
    }
  });

  it('a confirmed appointment stays confirmed and owes the deposit until its start; the desk takes it again', async () => {
    const c = await reservar('2026-12-01', '09:00');
    const pago = await pagar(c.id);
    const ok = await pedir('PATCH', citasPaths.editarEstado(c.id), asistente, { estado: 'confirmada' });
    expect(ok.statusCode, ok.body).toBe(200);
    const antes = (await vencimientos(c.id)).length;

    expect((await anular(pago.id)).statusCode).toBe(200);
    const f = await fila(c.id);
    expect(f).toMatchObject({ estado: 'confirmada', causa_cancelacion: null });
    expect(f.reserva_vence_en).toEqual(f.inicio);
    // No expiry: a confirmed appointment is not released for an unpaid deposit.
    expect(await vencimientos(c.id)).toHaveLength(antes);
    expect((await leer(c.id)).anticipo).toEqual({ monto: 60_000, estado: 'pendiente', reserva_vence_en: null });
    expect(await avisosDe(paciente.id, c.id)).toContainEqual(
      expect.objectContaining({
        mensaje: expect.stringMatching(/: tu cita sigue confirmada y el anticipo queda pendiente de pago$/),
      }),
    );
    // It may still move: the owed deposit follows the start.
    const antesDelInicio = await pedir('PATCH', citasPaths.reagendar(c.id), asistente, {
      inicio: bogota('2026-11-30', '14:00'),
    });
    expect(antesDelInicio.statusCode, antesDelInicio.body).toBe(200);
    expect((await fila(c.id)).reserva_vence_en).toEqual(new Date(bogota('2026-11-30', '14:00')));

    const otra = await pagar(c.id, 'efectivo');
    expect(otra).toMatchObject({ concepto: 'anticipo', monto: 60_000 });
    expect(await fila(c.id)).toMatchObject({ estado: 'confirmada', reserva_vence_en: null });
    expect((await leer(c.id)).anticipo?.estado).toBe('pagado');
  });

  it("voiding a balance payment, or a deposit still covered, leaves the appointment's hold alone", async () => {
    const c = await reservar('2026-12-02', '09:00');
    await pagar(c.id);
    const saldo = await pagar(c.id, 'efectivo');
    expect(saldo).toMatchObject({ concepto: 'saldo', monto: 140_000 });
    expect((await anular(saldo.id)).statusCode).toBe(200);
    expect(await fila(c.id)).toMatchObject({ estado: 'pendiente', reserva_vence_en: null });
    expect((await leer(c.id)).anticipo?.estado).toBe('pagado');
  });
});

describe('a refund paid out', () => {
  it('tells the patient: a notification (pushed live) and an e-mail, with the amount in pesos and the method', async () => {
    const c = await reservar('2026-12-03', '09:00');
    await pagar(c.id);
    const cancelada = await pedir('PATCH', citasPaths.cancelar(c.id), paciente, {
      motivo: 'Tengo un viaje',
      anticipo: 'devolucion',
    });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    const res = await pedir('POST', pagosPaths.devolver, asistente, {
      cita_id: c.id,
      metodo: 'transferencia',
      referencia: 'TRF-88231',
    });
    expect(res.statusCode, res.body).toBe(201);
    const pago = body<PagoWire>(res);

    const suyos = (await avisosDe(paciente.id, c.id)).filter((a) => a.tipo === 'pago.devolucion');
    expect(suyos).toEqual([
      {
        tipo: 'pago.devolucion',
        ruta: '/mispagos',
        mensaje: expect.stringMatching(
          /^Te devolvimos \$\s60\.000 del anticipo de tu cita del 03\/12\/2026, por transferencia$/,
        ),
      },
    ]);
    const filas = await t.database.db
      .select({ tipo: bandejaSalida.tipo, carga: bandejaSalida.carga })
      .from(bandejaSalida)
      .where(sql`${bandejaSalida.tipo} in ('correo', 'notificacion')`);
    const push = filas.find(
      (f) =>
        f.tipo === 'notificacion' &&
        (f.carga as { notificacion: { tipo: string; cita_id: number } }).notificacion.tipo === 'pago.devolucion' &&
        (f.carga as { notificacion: { cita_id: number } }).notificacion.cita_id === c.id,
    );
    expect(push?.carga).toMatchObject({ usuarioId: paciente.id });
    const correo = filas
      .filter((f) => f.tipo === 'correo')
      .map((f) => f.carga as { para: string; asunto: string; texto: string; html: string })
      .find((m) => m.asunto.startsWith('Te devolvimos el anticipo') && m.asunto.includes('03/12/2026'));
    const [suCorreo] = await t.database.db
      .select({ correo: usuarios.correo })
      .from(usuarios)
      .where(eq(usuarios.id, paciente.id));
    expect(correo?.para).toBe(suCorreo!.correo);
    expect(correo?.texto).toMatch(
      /Te devolvimos \$\s60\.000 del anticipo de tu cita del 03\/12\/2026, por transferencia\./,
    );
    expect(correo?.texto).toContain('Transferencia');
    expect(correo?.texto).toContain('TRF-88231');
    expect(correo?.texto).toContain(String(pago.recibo_numero).padStart(6, '0'));
    expect(correo?.html).toContain('Devolución de tu anticipo');
  });
});

describe("the clinic's policy", () => {
  it('is public, the same for every role, from the settings, and cacheable', async () => {
    for (const quien of [undefined, paciente, asistente, doctor, admin]) {
      const res = await pedir('GET', citasPaths.politica, quien);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ cancelacion_horas_aviso: HORAS_AVISO, anticipo_horas_reserva: HORAS_RESERVA });
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('the cancellation follows the setting: 30 h ahead is under 48 h, so the deposit is retained', async () => {
    const c = await reservar('2026-12-04', '09:00');
    await pagar(c.id);
    const adelanto = new Date(bogota('2026-12-04', '09:00')).getTime() - 30 * HORA - reloj.now().getTime();
    reloj.avanzar(adelanto);
    try {
      const res = await pedir('PATCH', citasPaths.cancelar(c.id), paciente, { motivo: 'No puedo ir' });
      expect(res.statusCode, res.body).toBe(200);
      expect(body<CitaWire>(res).anticipo?.estado).toBe('retenido');
    } finally {
      reloj.avanzar(-adelanto);
    }
  });
});
