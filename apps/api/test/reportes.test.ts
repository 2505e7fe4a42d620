// The owner's reports (issue 23, item 6; docs/dinero.md "Reportes"): exact numbers of each report from rows written
// here, the clinic's months (a payment at 23:30 in Bogotá on the last day of a month counts in that month), voids
// and pending payments left out, a doctor's own rows only, the range's validation, the CSV file, and the
// authorization matrix of every route.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJES_REPORTES as M,
  csvDe,
  reportesPaths as rutas,
  reportes,
  type ReporteAnticiposWire,
  type ReporteConversionWire,
  type ReporteIngresosWire,
  type ReporteInasistenciasWire,
  type ReporteOcupacionWire,
  type ReportePaquetesWire,
} from '@clinica/contracts/reportes';
import {
  bloqueosAgenda,
  citas,
  horariosDoctor,
  pagosAnulaciones,
  usuarios,
  paquetes,
  paquetesConsumos,
  paquetesPaciente,
} from '../src/db/schema/index.ts';
import type { NuevoPago } from '../src/features/pagos/pagos.repository.ts';
import { clasificarAnticipo } from '../src/features/reportes/reportes.service.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { crearPersonas, matrizDeAutorizacion, pedidor, porQuien, type Personas } from './clinica-fixtures.ts';
import { createTestApp } from './helpers.ts';
import { crearReloj } from './usuarios-fixtures.ts';

// Monday 23 November 2026, 07:00 in Bogotá.
const reloj = crearReloj(new Date('2026-11-23T12:00:00Z'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
let terceraPaciente: UsuarioDePrueba;
let hidra: number;
let botox: number;

const pedir = pedidor(() => t.app);
/** Names as the database holds them. */
const nombres = new Map<number, string>();
const nombre = (u: UsuarioDePrueba) => nombres.get(u.id)!;
const leer = async <T>(url: string, quien: UsuarioDePrueba = admin) => {
  const r = await pedir('GET', url, quien);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
};
/** An instant in Bogotá (UTC-5 all year). */
const bog = (fecha: string, hora = '09:00') => new Date(`${fecha}T${hora}:00-05:00`);

async function cita(v: {
  fecha: string;
  hora?: string;
  doctorId?: number;
  pacienteId?: number;
  tipo?: 'evaluacion' | 'procedimiento' | 'control';
  estado?: 'pendiente' | 'confirmada' | 'realizada' | 'cancelada';
  causa?: 'paciente' | 'personal' | 'inasistencia' | 'reserva_vencida';
  procedimientoId?: number | null;
  anticipo?: number;
  minutos?: number;
}) {
  const inicio = bog(v.fecha, v.hora);
  const fin = new Date(inicio.getTime() + (v.minutos ?? 30) * 60_000);
  const tipo = v.tipo ?? 'procedimiento';
  const [c] = await t.database.db
    .insert(citas)
    .values({
      paciente_id: v.pacienteId ?? paciente.id,
      doctor_id: v.doctorId ?? doctor.id,
      tipo,
      estado: v.estado ?? 'confirmada',
      causa_cancelacion: v.causa ?? (v.estado === 'cancelada' ? 'paciente' : null),
      inicio,
      fin,
      ocupado_hasta: fin,
      procedimiento_id: v.procedimientoId === undefined ? (tipo === 'procedimiento' ? hidra : null) : v.procedimientoId,
      anticipo_monto: v.anticipo ?? null,
    })
    .returning({ id: citas.id });
  return c!.id;
}

/** A payment as the features write it (through the shared primitive), at `en`. */
const pago = (en: Date, p: Partial<NuevoPago> & Pick<NuevoPago, 'monto' | 'concepto'>) =>
  t.app.services.transaccion((tx) =>
    tx.pagos.registrar(
      { paciente_id: paciente.id, metodo: 'efectivo', estado: 'aprobado', registrado_por: asistente.id, ...p },
      en,
    ),
  );
const anular = (pagoId: number) =>
  t.database.db
    .insert(pagosAnulaciones)
    .values({ pago_id: pagoId, motivo: 'Error de digitación', anulado_por: admin.id });

async function paqueteVendido(v: { vendidoEn: Date; venceEl: string; sesiones: number; precio: number }) {
  const [def] = await t.database.db
    .insert(paquetes)
    .values({
      nombre: 'Hidrafacial x4',
      procedimiento_id: hidra,
      sesiones: v.sesiones,
      precio: v.precio,
      vigencia_dias: 365,
    })
    .returning();
  const [pp] = await t.database.db
    .insert(paquetesPaciente)
    .values({
      paquete_id: def!.id,
      paciente_id: paciente.id,
      procedimiento_id: hidra,
      nombre: def!.nombre,
      sesiones_total: v.sesiones,
      precio: v.precio,
      vence_el: v.venceEl,
      vendido_en: v.vendidoEn,
    })
    .returning();
  const p = await pago(v.vendidoEn, { monto: v.precio, concepto: 'paquete', paquete_paciente_id: pp!.id });
  return { id: pp!.id, pagoId: p.id };
}

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now });
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database));
  terceraPaciente = await crearUsuario(t.database, 'paciente');
  for (const u of await t.database.db.select().from(usuarios)) nombres.set(u.id, u.nombre);
  const cat = (await crearCategoria(t.app, admin.headers)).id;
  hidra = (await crearProcedimiento(t.app, admin.headers, cat, { nombre: 'Hidrafacial', precio: 180_000 })).id;
  botox = (await crearProcedimiento(t.app, admin.headers, cat, { nombre: 'Bótox', precio: 500_000 })).id;

  // Revenue, October-November 2026.
  const c1 = await cita({ fecha: '2026-11-10' });
  await pago(bog('2026-11-10', '10:00'), { monto: 180_000, concepto: 'saldo', cita_id: c1 });
  await pago(bog('2026-11-12', '10:00'), { monto: 30_000, concepto: 'devolucion', cita_id: c1 });
  const c2 = await cita({ fecha: '2026-10-30', doctorId: otroDoctor.id, procedimientoId: botox });
  // 23:30 in Bogotá on 31 October is 04:30 UTC on 1 November: October's.
  await pago(bog('2026-10-31', '23:30'), { monto: 100_000, concepto: 'saldo', cita_id: c2 });
  const anulado = await pago(bog('2026-11-11'), { monto: 50_000, concepto: 'saldo', cita_id: c1 });
  await anular(anulado.id);
  await pago(bog('2026-11-11'), {
    monto: 70_000,
    concepto: 'saldo',
    cita_id: c1,
    estado: 'pendiente',
    metodo: 'en_linea',
  });

  // Packages: one sold in November (4 sessions, $ 600.000, one used), one whose sale was voided, one expired.
  const vivo = await paqueteVendido({
    vendidoEn: bog('2026-11-05'),
    venceEl: '2027-11-05',
    sesiones: 4,
    precio: 600_000,
  });
  const usada = await cita({ fecha: '2026-11-16', estado: 'realizada' });
  await t.database.db
    .insert(paquetesConsumos)
    .values({ paquete_paciente_id: vivo.id, cita_id: usada, consumido_en: bog('2026-11-16', '10:00') });
  await t.database.db.update(paquetesPaciente).set({ sesiones_usadas: 1 }).where(eqId(vivo.id));
  const sinVenta = await paqueteVendido({
    vendidoEn: bog('2026-11-06'),
    venceEl: '2027-11-06',
    sesiones: 2,
    precio: 300_000,
  });
  await anular(sinVenta.pagoId);
  await paqueteVendido({ vendidoEn: bog('2025-09-01'), venceEl: '2026-09-01', sesiones: 5, precio: 500_000 });

  // Deposits, September 2026.
  const conAnticipo = async (
    estado: 'confirmada' | 'realizada' | 'cancelada',
    dia: string,
    monto: number,
    causa?: 'inasistencia' | 'paciente',
  ) => {
    const id = await cita({ fecha: dia, estado, anticipo: monto, ...(causa ? { causa } : {}) });
    await pago(bog(dia, '08:00'), { monto, concepto: 'anticipo', cita_id: id });
    return id;
  };
  await conAnticipo('confirmada', '2026-09-07', 50_000);
  await conAnticipo('cancelada', '2026-09-08', 40_000, 'inasistencia');
  const devuelta = await conAnticipo('cancelada', '2026-09-09', 60_000, 'paciente');
  await pago(bog('2026-09-09', '08:30'), { monto: 60_000, concepto: 'devolucion', cita_id: devuelta });
  await conAnticipo('realizada', '2026-09-10', 20_000);
  // Cancelled in time, the patient kept the deposit as credit: a devolucion of method saldo_a_favor.
  const enCredito = await conAnticipo('cancelada', '2026-09-12', 30_000, 'paciente');
  await pago(bog('2026-09-12', '08:30'), {
    monto: 30_000,
    concepto: 'devolucion',
    cita_id: enCredito,
    metodo: 'saldo_a_favor',
  });
  const anticipoAnulado = await cita({ fecha: '2026-09-11', anticipo: 10_000 });
  await anular(
    (await pago(bog('2026-09-11', '08:00'), { monto: 10_000, concepto: 'anticipo', cita_id: anticipoAnulado })).id,
  );

  // Attendance, August 2026: the doctor 3 done, 2 no-shows (one at 23:30 on 31 August), 1 cancelled by the patient;
  // the other doctor 1 done, 1 no-show.
  for (const dia of ['2026-08-03', '2026-08-04', '2026-08-05']) await cita({ fecha: dia, estado: 'realizada' });
  await cita({ fecha: '2026-08-06', estado: 'cancelada', causa: 'inasistencia' });
  await cita({ fecha: '2026-08-31', hora: '23:30', estado: 'cancelada', causa: 'inasistencia' });
  await cita({ fecha: '2026-08-07', estado: 'cancelada', causa: 'paciente' });
  await cita({ fecha: '2026-08-03', hora: '11:00', doctorId: otroDoctor.id, estado: 'realizada' });
  await cita({
    fecha: '2026-08-04',
    hora: '11:00',
    doctorId: otroDoctor.id,
    estado: 'cancelada',
    causa: 'inasistencia',
  });

  // Utilisation, July 2026: the doctor works Mondays 08:00-12:00 (6, 13 and 27 July; the 20th is a holiday), blocks
  // 09:00-10:00 on the 13th: 660 minutes. Booked: 30 + 60 minutes, and a cancelled one that does not count.
  await t.database.db
    .insert(horariosDoctor)
    .values({ doctor_id: doctor.id, dia_semana: 1, hora_inicio: '08:00', hora_fin: '12:00' });
  await t.database.db.insert(bloqueosAgenda).values({
    doctor_id: doctor.id,
    inicio: bog('2026-07-13', '09:00'),
    fin: bog('2026-07-13', '10:00'),
    motivo: 'Capacitación',
  });
  await cita({ fecha: '2026-07-06', estado: 'realizada' });
  await cita({ fecha: '2026-07-27', minutos: 60 });
  await cita({ fecha: '2026-07-13', hora: '10:00', estado: 'cancelada' });

  // Conversion, June 2026: three first evaluations; the first patient's procedure follows (converted), the second's
  // was cancelled, the third's comes after 90 days. The first patient's second evaluation is not a first one.
  await cita({ fecha: '2026-06-03', tipo: 'evaluacion', estado: 'realizada' });
  await cita({ fecha: '2026-06-15', tipo: 'evaluacion', estado: 'realizada' });
  await cita({ fecha: '2026-06-20', hora: '15:00' });
  await cita({ fecha: '2026-06-10', tipo: 'evaluacion', estado: 'realizada', pacienteId: otraPaciente.id });
  await cita({ fecha: '2026-06-22', estado: 'cancelada', pacienteId: otraPaciente.id });
  await cita({
    fecha: '2026-06-25',
    tipo: 'evaluacion',
    estado: 'realizada',
    pacienteId: terceraPaciente.id,
    doctorId: otroDoctor.id,
  });
  await cita({ fecha: '2026-10-01', pacienteId: terceraPaciente.id, doctorId: otroDoctor.id });
});
afterAll(() => t.close());

function eqId(id: number) {
  return eq(paquetesPaciente.id, id);
}

const rango = (desde: string, hasta: string, extra = '') => `?desde=${desde}&hasta=${hasta}${extra}`;

describe('ingresos', () => {
  it('money in less refunds per month, procedure and doctor; voids and pending payments left out; package sales apart', async () => {
    const r = await leer<ReporteIngresosWire>(rutas.ingresos + rango('2026-10-01', '2026-11-30'));
    expect(r.filas).toEqual([
      {
        mes: '2026-10',
        procedimiento_id: botox,
        procedimiento: 'Bótox',
        doctor_id: otroDoctor.id,
        doctor: nombre(otroDoctor),
        cobrado: 100_000,
        devuelto: 0,
        neto: 100_000,
        pagos: 1,
      },
      {
        mes: '2026-11',
        procedimiento_id: hidra,
        procedimiento: 'Hidrafacial',
        doctor_id: doctor.id,
        doctor: nombre(doctor),
        cobrado: 180_000,
        devuelto: 30_000,
        neto: 150_000,
        pagos: 2,
      },
      {
        mes: '2026-11',
        procedimiento_id: hidra,
        procedimiento: 'Hidrafacial',
        doctor_id: null,
        doctor: 'Paquetes',
        cobrado: 600_000,
        devuelto: 0,
        neto: 600_000,
        pagos: 1,
      },
    ]);
    expect(r.total).toEqual({ cobrado: 880_000, devuelto: 30_000, neto: 850_000 });
    expect(r).toMatchObject({ desde: '2026-10-01', hasta: '2026-11-30', doctor: null });
  });

  it('a payment at 23:30 on the last day of a month is that month: November alone leaves it out', async () => {
    const r = await leer<ReporteIngresosWire>(rutas.ingresos + rango('2026-11-01', '2026-11-30'));
    expect(r.filas.map((f) => f.mes)).toEqual(['2026-11', '2026-11']);
    expect(r.total.neto).toBe(750_000);
  });

  it('a doctor sees only the payments of his own appointments, whatever he asks', async () => {
    const suyo = await leer<ReporteIngresosWire>(rutas.ingresos + rango('2026-10-01', '2026-11-30'), doctor);
    expect(suyo.doctor).toEqual({ id: doctor.id, nombre: nombre(doctor) });
    expect(suyo.filas.map((f) => [f.mes, f.doctor_id, f.neto])).toEqual([['2026-11', doctor.id, 150_000]]);
    const mismo = await leer<ReporteIngresosWire>(
      rutas.ingresos + rango('2026-10-01', '2026-11-30', `&doctor_id=${doctor.id}`),
      doctor,
    );
    expect(mismo.total.neto).toBe(150_000);
    const ajeno = await pedir(
      'GET',
      rutas.ingresos + rango('2026-10-01', '2026-11-30', `&doctor_id=${otroDoctor.id}`),
      doctor,
    );
    expect(ajeno.statusCode).toBe(403);
    expect(ajeno.json()).toMatchObject({ error: M.soloSusDatos });
  });

  it('an administrator narrows to one doctor; a person who is not a doctor is a 404', async () => {
    const r = await leer<ReporteIngresosWire>(
      rutas.ingresos + rango('2026-10-01', '2026-11-30', `&doctor_id=${otroDoctor.id}`),
    );
    expect(r.filas.map((f) => [f.mes, f.neto])).toEqual([['2026-10', 100_000]]);
    const noDoctor = await pedir('GET', rutas.ingresos + `?doctor_id=${asistente.id}`, admin);
    expect(noDoctor.statusCode).toBe(404);
    expect(noDoctor.json()).toMatchObject({ error: M.noEsDoctor });
  });
});

describe('anticipos', () => {
  it('held, applied, retained, refunded and kept as credit apart; a voided deposit is nothing', async () => {
    const r = await leer<ReporteAnticiposWire>(rutas.anticipos + rango('2026-09-01', '2026-09-30'));
    const sept = {
      mes: '2026-09',
      citas: 5,
      cobrado: 200_000,
      en_custodia: 50_000,
      aplicado: 20_000,
      retenido: 40_000,
      devuelto: 60_000,
      saldo_a_favor: 30_000,
    };
    expect(r.filas).toEqual([sept]);
    const { mes: _, ...total } = sept;
    expect(r.total).toEqual(total);
  });

  it('the one rule: a cancellation whose deposit was partly refunded keeps the rest', () => {
    expect(clasificarAnticipo({ estado: 'cancelada', cobrado: 100, devuelto: 30 })).toEqual({
      en_custodia: 0,
      aplicado: 0,
      retenido: 70,
      devuelto: 30,
      saldo_a_favor: 0,
    });
    expect(clasificarAnticipo({ estado: 'pendiente', cobrado: 100, devuelto: 0 }).en_custodia).toBe(100);
  });
});

describe('inasistencias', () => {
  it('no-shows over (done + no-shows) per month and doctor, in the clinic month (23:30 on the 31st is August)', async () => {
    const r = await leer<ReporteInasistenciasWire>(rutas.inasistencias + rango('2026-08-01', '2026-08-31'));
    const [a, b] = [doctor, otroDoctor].sort((x, y) => x.id - y.id);
    const de = (d: UsuarioDePrueba) =>
      d.id === doctor.id
        ? { realizadas: 3, inasistencias: 2, tasa: 0.4 }
        : { realizadas: 1, inasistencias: 1, tasa: 0.5 };
    expect(r.filas).toEqual([a!, b!].map((d) => ({ mes: '2026-08', doctor_id: d.id, doctor: nombre(d), ...de(d) })));
    expect(r.porMes).toEqual([{ mes: '2026-08', realizadas: 4, inasistencias: 3, tasa: 3 / 7 }]);
    const suyo = await leer<ReporteInasistenciasWire>(
      rutas.inasistencias + rango('2026-08-01', '2026-08-31'),
      otroDoctor,
    );
    expect(suyo.total).toEqual({ realizadas: 1, inasistencias: 1, tasa: 0.5 });
  });
});

describe('ocupacion', () => {
  it('booked minutes over the weekly hours of working days less the blocks', async () => {
    const r = await leer<ReporteOcupacionWire>(rutas.ocupacion + rango('2026-07-01', '2026-07-31'));
    expect(r.filas).toEqual([
      {
        mes: '2026-07',
        doctor_id: doctor.id,
        doctor: nombre(doctor),
        minutos_reservados: 90,
        minutos_disponibles: 660,
        ocupacion: 90 / 660,
      },
    ]);
    const otro = await leer<ReporteOcupacionWire>(rutas.ocupacion + rango('2026-07-01', '2026-07-31'), otroDoctor);
    expect(otro.filas).toEqual([]);
    expect(otro.total).toEqual({ minutos_reservados: 0, minutos_disponibles: 0, ocupacion: null });
  });
});

describe('paquetes', () => {
  it('sold (a voided sale is not), sessions used, and what the clinic owes today of packages not expired', async () => {
    const r = await leer<ReportePaquetesWire>(rutas.paquetes + rango('2026-10-01', '2026-11-30'));
    expect(r.filas).toEqual([{ mes: '2026-11', vendidos: 1, monto_vendido: 600_000, sesiones_usadas: 1 }]);
    expect(r.pendientes).toEqual([
      { procedimiento_id: hidra, procedimiento: 'Hidrafacial', paquetes: 1, sesiones: 3, monto: 450_000 },
    ]);
    expect(r.total).toEqual({
      vendidos: 1,
      monto_vendido: 600_000,
      sesiones_usadas: 1,
      sesiones_pendientes: 3,
      monto_pendiente: 450_000,
    });
  });
});

describe('conversion', () => {
  it('first evaluations done in the month followed by a procedure within 90 days', async () => {
    const r = await leer<ReporteConversionWire>(rutas.conversion + rango('2026-06-01', '2026-06-30'));
    expect(r.dias).toBe(90);
    expect(r.filas).toEqual([{ mes: '2026-06', evaluadas: 3, convertidas: 1, tasa: 1 / 3 }]);
    const suyo = await leer<ReporteConversionWire>(rutas.conversion + rango('2026-06-01', '2026-06-30'), otroDoctor);
    expect(suyo.total).toEqual({ evaluadas: 1, convertidas: 0, tasa: 0 });
  });
});

describe('the range', () => {
  it('by default this month and the 11 before it, in the clinic', async () => {
    const r = await leer<ReporteIngresosWire>(rutas.ingresos);
    expect(r).toMatchObject({ desde: '2025-12-01', hasta: '2026-11-23' });
  });

  it('refuses an inverted range, more than 24 months and a bad date, in Spanish', async () => {
    const invertido = await pedir('GET', rutas.ingresos + rango('2026-11-02', '2026-11-01'), admin);
    expect(invertido.statusCode).toBe(400);
    expect(invertido.body).toContain(M.rangoInvertido);
    const largo = await pedir('GET', rutas.ocupacion + rango('2024-11-01', '2026-11-30'), admin);
    expect(largo.statusCode).toBe(400);
    expect(largo.body).toContain(M.rangoLargo);
    expect((await pedir('GET', rutas.ocupacion + rango('2024-12-01', '2026-11-30'), admin)).statusCode).toBe(200);
    const mala = await pedir('GET', `${rutas.conversion}?desde=2026-13-01`, admin);
    expect(mala.statusCode).toBe(400);
    expect(mala.body).toContain('AAAA-MM-DD');
    // A "desde" alone more than 24 months back, with "hasta" defaulted to today.
    expect((await pedir('GET', `${rutas.conversion}?desde=2020-01-01`, admin)).statusCode).toBe(400);
  });
});

describe('CSV', () => {
  it('UTF-8 with BOM, ";" between fields, whole pesos, a named attachment', async () => {
    const r = await pedir('GET', csvDe('ingresos') + rango('2026-10-01', '2026-11-30'), admin);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['content-disposition']).toContain('filename="reporte-ingresos-2026-10-01-a-2026-11-30.csv"');
    expect(r.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(r.body.slice(1).split('\r\n')).toEqual([
      'Mes;Procedimiento;Doctor;Cobrado (COP);Devuelto (COP);Neto (COP);Pagos',
      `2026-10;Bótox;${nombre(otroDoctor)};100000;0;100000;1`,
      `2026-11;Hidrafacial;${nombre(doctor)};180000;30000;150000;2`,
      '2026-11;Hidrafacial;Paquetes;600000;0;600000;1',
      '',
    ]);
  });

  it('the deposits CSV has the credit in a column of its own', async () => {
    const r = await pedir('GET', csvDe('anticipos') + rango('2026-09-01', '2026-09-30'), admin);
    expect(r.body.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFMes;Citas;Cobrado (COP);En custodia (COP);Aplicado (COP);Retenido (COP);Devuelto (COP);Saldo a favor (COP)',
      '2026-09;5;200000;50000;20000;40000;60000;30000',
    ]);
  });

  it('rates as percentages with a decimal comma; every report has one', async () => {
    const r = await pedir('GET', csvDe('inasistencias') + rango('2026-08-01', '2026-08-31'), admin);
    expect(r.body).toContain(`2026-08;${nombre(doctor)};3;2;40,0`);
    for (const rep of reportes) {
      const res = await pedir('GET', csvDe(rep), admin);
      expect(res.statusCode, rep).toBe(200);
      expect(res.headers['content-disposition']).toContain(`reporte-${rep}-2025-12-01-a-2026-11-23.csv`);
    }
  });

  it('a doctor downloads only his own rows', async () => {
    const r = await pedir('GET', csvDe('ingresos') + rango('2026-10-01', '2026-11-30'), doctor);
    expect(r.body).not.toContain(nombre(otroDoctor));
    expect(r.body).not.toContain('Paquetes');
  });
});

describe('authorization', () => {
  const mala = '?desde=no-es-fecha';
  matrizDeAutorizacion(
    reportes.flatMap((rep) => {
      const esperado = rep === 'paquetes' ? porQuien(401, 403, 403, 403, 400) : porQuien(401, 403, 403, 400, 400);
      return [
        { method: 'GET' as const, url: rutas[rep] + mala, esperado },
        { method: 'GET' as const, url: csvDe(rep) + mala, esperado },
      ];
    }),
    pedir,
    () => ({ paciente, asistente, doctor, administrador: admin }),
  );

  it('a doctor asking for another doctor gets a 403 on every report he may read', async () => {
    for (const rep of reportes.filter((x) => x !== 'paquetes')) {
      for (const url of [rutas[rep], csvDe(rep)]) {
        const r = await pedir('GET', `${url}?doctor_id=${otroDoctor.id}`, doctor);
        expect(r.statusCode, url).toBe(403);
      }
    }
  });
});
