// The reports' monthly summary is exact (decision 0062): over random appointments and payments of 14 months, every
// report (the clinic and each doctor; default, longest and mid-month ranges) read through the summary equals the
// same report computed live from the base tables; then late writes into closed months (voids, refunds in money and
// as credit, a pending payment approved, appointments marked done or no-show, a doctor changed) leave it exact (their
// months are computed live), and the next run summarises exactly those months again. The confirmations report too
// (decision 0070), after late confirmations and patients changing their channel. Also: the job's outbox row is
// scheduled once per day however many times it is asked.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReporteQuery } from '@clinica/contracts/reportes';
import { sumarDias } from '@clinica/contracts/tiempo';
import {
  bandejaSalida,
  citas,
  pagos,
  pagosAnulaciones,
  paquetes,
  paquetesPaciente,
  preferenciasContacto,
  reportesCambios,
  reportesPeriodos,
} from '../src/db/schema/index.ts';
import type { NuevoPago } from '../src/features/pagos/pagos.repository.ts';
import { createReportesRepository } from '../src/features/reportes/reportes.repository.ts';
import { createReportesService } from '../src/features/reportes/reportes.service.ts';
import { createResumenRepository } from '../src/features/reportes/resumen.repository.ts';
import { TIPO_RESUMEN } from '../src/features/reportes/resumen.service.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { createTestApp } from './helpers.ts';

// The real clock: the triggers record only instants before the database's now(), so the data lies in the real past.
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: UsuarioDePrueba;
let asistente: UsuarioDePrueba;
const doctores: UsuarioDePrueba[] = [];
const pacientes: UsuarioDePrueba[] = [];
const procs: number[] = [];
type Servicio = ReturnType<typeof createReportesService>;
let conResumen: Servicio;
let enVivo: Servicio;

/** A small deterministic generator (mulberry32): the same data on every run and on both databases. */
function azar(semilla: number) {
  let a = semilla;
  const r = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { r, de: <T>(l: readonly T[]) => l[Math.floor(r() * l.length)]!, si: (p: number) => r() < p };
}
const z = azar(20261128);
/** How appointments were confirmed: a generator of its own, so the rest of the data stays what it was. */
const zc = azar(20261129);
const HORA = 3_600_000;

const pago = (en: Date, p: Partial<NuevoPago> & Pick<NuevoPago, 'monto' | 'concepto'>, pacienteId: number) =>
  t.app.services.transaccion((tx) =>
    tx.pagos.registrar(
      { paciente_id: pacienteId, metodo: 'efectivo', estado: 'aprobado', registrado_por: asistente.id, ...p },
      en,
    ),
  );
const anular = (pagoId: number) =>
  t.database.db.insert(pagosAnulaciones).values({ pago_id: pagoId, motivo: 'Error', anulado_por: admin.id });

const ESTADOS = ['pendiente', 'confirmada', 'realizada', 'realizada', 'cancelada'] as const;
const CAUSAS = ['paciente', 'personal', 'inasistencia', 'reserva_vencida'] as const;
const VIAS = ['mostrador', 'portal', 'correo', 'whatsapp'] as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await crearUsuario(t.database, 'administrador');
  asistente = await crearUsuario(t.database, 'asistente');
  for (let i = 0; i < 3; i++) doctores.push(await crearUsuario(t.database, 'doctor'));
  for (let i = 0; i < 8; i++) pacientes.push(await crearUsuario(t.database, 'paciente'));
  // Channels: WhatsApp, both, e-mail chosen; the others never said (e-mail).
  await t.database.db.insert(preferenciasContacto).values([
    { usuario_id: pacientes[0]!.id, canal: 'whatsapp', whatsapp_numero: '573001110000' },
    { usuario_id: pacientes[1]!.id, canal: 'ambos', whatsapp_numero: '573001110001' },
    { usuario_id: pacientes[2]!.id, canal: 'correo' },
  ]);
  const cat = (await crearCategoria(t.app, admin.headers)).id;
  for (const nombre of ['Hidrafacial', 'Bótox', 'Peeling'])
    procs.push((await crearProcedimiento(t.app, admin.headers, cat, { nombre, precio: 100_000 })).id);
  const repo = createReportesRepository(t.database.db);
  const calendario = t.app.services.calendario;
  conResumen = createReportesService({
    repo,
    resumen: createResumenRepository(t.database.db),
    calendario,
    diasGracia: 0,
  });
  enVivo = createReportesService({ repo, resumen: null, calendario, diasGracia: 0 });

  // 230 appointments 47 hours apart (none overlaps another) from 14 months ago, the last ones in the future.
  const ahora = Date.now();
  const base = ahora - 430 * 24 * HORA;
  for (let i = 0; i < 230; i++) {
    const inicio = new Date(base + i * 47 * HORA + Math.floor(z.r() * 4) * 15 * 60_000);
    const fin = new Date(inicio.getTime() + 30 * 60_000);
    const pasada = fin.getTime() < ahora;
    const tipo = z.de(['evaluacion', 'evaluacion', 'procedimiento', 'control'] as const);
    const estado = pasada ? z.de(ESTADOS) : z.de(['pendiente', 'confirmada'] as const);
    const pacienteId = z.de(pacientes).id;
    const anticipo = z.si(0.35) ? z.de([20_000, 50_000]) : null;
    // Most confirmed some way, from three days before to the start itself (the clinic's midnight falls in between).
    const via = zc.si(0.65) ? zc.de(VIAS) : null;
    const confirmadaEn = via ? new Date(inicio.getTime() - Math.floor(zc.r() * 72 * 4) * 15 * 60_000) : null;
    const [c] = await t.database.db
      .insert(citas)
      .values({
        paciente_id: pacienteId,
        doctor_id: z.de(doctores).id,
        tipo,
        estado,
        causa_cancelacion: estado === 'cancelada' ? z.de(CAUSAS) : null,
        inicio,
        fin,
        ocupado_hasta: fin,
        procedimiento_id: tipo === 'procedimiento' ? z.de(procs) : null,
        anticipo_monto: anticipo,
        confirmada_via: via,
        confirmada_en: confirmadaEn,
      })
      .returning({ id: citas.id });
    const citaId = c!.id;
    const antes = (dias: number) => new Date(Math.min(inicio.getTime() - dias * 24 * HORA, ahora - HORA));
    if (anticipo) {
      const p = await pago(
        antes(1 + Math.floor(z.r() * 40)),
        { monto: anticipo, concepto: 'anticipo', cita_id: citaId },
        pacienteId,
      );
      if (z.si(0.1)) await anular(p.id);
      if (z.si(0.15)) await pago(antes(1), { monto: anticipo / 2, concepto: 'anticipo', cita_id: citaId }, pacienteId);
      if (estado === 'cancelada' && z.si(0.6))
        await pago(
          antes(0),
          {
            monto: z.si(0.5) ? anticipo : anticipo / 2,
            concepto: 'devolucion',
            cita_id: citaId,
            metodo: z.si(0.5) ? 'saldo_a_favor' : 'efectivo',
          },
          pacienteId,
        );
    }
    if (estado === 'realizada' && pasada) {
      const pendiente = z.si(0.15);
      const p = await pago(
        fin,
        {
          monto: z.de([80_000, 120_000, 300_000]),
          concepto: 'saldo',
          cita_id: citaId,
          ...(pendiente ? { estado: 'pendiente' as const, metodo: 'en_linea' as const } : {}),
        },
        pacienteId,
      );
      if (!pendiente && z.si(0.1)) await anular(p.id);
    }
  }
  // Three package sales, one of them voided.
  const [def] = await t.database.db
    .insert(paquetes)
    .values({ nombre: 'Hidrafacial x4', procedimiento_id: procs[0]!, sesiones: 4, precio: 400_000, vigencia_dias: 365 })
    .returning();
  for (let i = 0; i < 3; i++) {
    const vendido = new Date(base + (i + 1) * 90 * 24 * HORA);
    const pacienteId = pacientes[i]!.id;
    const [pp] = await t.database.db
      .insert(paquetesPaciente)
      .values({
        paquete_id: def!.id,
        paciente_id: pacienteId,
        procedimiento_id: procs[0]!,
        nombre: def!.nombre,
        sesiones_total: 4,
        precio: 400_000,
        vence_el: '2099-01-01',
        vendido_en: vendido,
      })
      .returning();
    const p = await pago(vendido, { monto: 400_000, concepto: 'paquete', paquete_paciente_id: pp!.id }, pacienteId);
    if (i === 2) await anular(p.id);
  }
}, 120_000);
afterAll(() => t.close());

const REPORTES = ['ingresos', 'anticipos', 'inasistencias', 'ocupacion', 'conversion', 'confirmaciones'] as const;

/** Every report (or these), for the clinic and each doctor, over several ranges: through the summary and live. */
async function compararTodo(reportes: readonly (typeof REPORTES)[number][] = REPORTES) {
  const hoy = t.app.services.calendario.hoy();
  const rangos: ReporteQuery[] = [
    {},
    { desde: `${sumarDias(hoy, -700).slice(0, 7)}-01`, hasta: hoy },
    { desde: sumarDias(hoy, -200), hasta: sumarDias(hoy, -45) },
  ];
  const actores = [
    { id: admin.id, rol: 'administrador' as const },
    ...doctores.map((d) => ({ id: d.id, rol: 'doctor' as const })),
  ];
  let comparados = 0;
  for (const reporte of reportes)
    for (const actor of actores)
      for (const q of rangos) {
        const resumido = await conResumen[reporte](actor, q);
        expect(resumido, `${reporte} ${actor.rol} ${actor.id} ${JSON.stringify(q)}`).toEqual(
          await enVivo[reporte](actor, q),
        );
        comparados++;
      }
  return comparados;
}

const periodosResumidos = async () =>
  (await t.database.db.select().from(reportesPeriodos)).map((m) => m.periodo).sort();

/** The stored periods holding a change their kind of summary has not seen (what the next run must redo). */
async function periodosConCambios() {
  const c = t.app.services.calendario;
  const cambios = await t.database.db.select().from(reportesCambios);
  const limites = (p: string): [number, number] => {
    if (p.length === 10) return [c.instante(p).getTime(), c.instante(sumarDias(p, 1)).getTime()];
    const siguiente = new Date(c.instante(`${p}-01`).getTime() + 32 * 24 * HORA).toISOString().slice(0, 7);
    return [c.instante(`${p}-01`).getTime(), c.instante(`${siguiente}-01`).getTime()];
  };
  return (await periodosResumidos()).filter((p) => {
    const [a, b] = limites(p);
    const visto = (x: (typeof cambios)[number]) => (p.length === 7 ? x.visto_mes : x.visto_dia);
    return cambios.some((x) => !visto(x) && x.instante.getTime() >= a && x.instante.getTime() < b);
  });
}

describe('the monthly summary', () => {
  it('gives every report exactly what the live computation gives, before and after late writes', async () => {
    const resumen = t.app.services.resumenReportes;
    const hechos = await resumen.resumirPendientes();
    // 25 closed months, and the closed days of this month and the two before.
    expect(hechos.filter((p) => p.length === 7)).toHaveLength(25);
    expect(hechos.filter((p) => p.length === 10).length).toBeGreaterThan(58);
    expect(await periodosResumidos()).toEqual([...hechos].sort());
    // No change recorded in a closed month is left (the open month's stay: it is always live).
    const esteMes = t.app.services.calendario.instante(`${t.app.services.calendario.hoy().slice(0, 7)}-01`);
    expect(
      await t.database.db
        .select()
        .from(reportesCambios)
        .where(sql`${reportesCambios.instante} < ${esteMes}`),
    ).toEqual([]);
    // The summary is what the reports read: one stored row altered shows in the report, and back.
    const [guardada] = await t.database.db
      .execute<{ id: number; fila: { cobrado: number } }>(
        sql`select id, fila from reportes_resumen where consulta = 'ingresos' and length(periodo) = 7 and (fila->>'cobrado')::int > 0 limit 1`,
      )
      .then((r) => r.rows);
    const alterar = (delta: number) =>
      t.database.db.execute(
        sql`update reportes_resumen set fila = jsonb_set(fila, '{cobrado}', to_jsonb((fila->>'cobrado')::int + ${delta})) where id = ${guardada!.id}`,
      );
    const rango = { desde: `${sumarDias(t.app.services.calendario.hoy(), -700).slice(0, 7)}-01` };
    const adminActor = { id: admin.id, rol: 'administrador' as const };
    await alterar(1);
    expect((await conResumen.ingresos(adminActor, rango)).total.cobrado).toBe(
      (await enVivo.ingresos(adminActor, rango)).total.cobrado + 1,
    );
    await alterar(-1);
    const nada = await resumen.resumirPendientes();
    expect(nada).toEqual([]);
    expect(await compararTodo()).toBe(72);
    // The confirmations report reads it too: its months (a confirmation before the day) and its channels (a no-show).
    const sumaInasistencias = (r: Awaited<ReturnType<Servicio['confirmaciones']>>) =>
      r.porCanal.reduce((s, c) => s + c.inasistencias, 0);
    for (const [consulta, campo] of [
      ['confirmaciones', 'antes_del_dia'],
      ['canales', 'inasistencias'],
    ] as const) {
      const [fila] = await t.database.db
        .execute<{ id: number }>(
          sql`select id from reportes_resumen where consulta = ${consulta} and length(periodo) = 7 order by id limit 1`,
        )
        .then((r) => r.rows);
      const sumar = (delta: number) =>
        t.database.db.execute(
          sql`update reportes_resumen set fila = jsonb_set(fila, ${`{${campo}}`}::text[], to_jsonb((fila->>${campo})::int + ${delta})) where id = ${fila!.id}`,
        );
      await sumar(1);
      const [resumido, vivo] = [
        await conResumen.confirmaciones(adminActor, rango),
        await enVivo.confirmaciones(adminActor, rango),
      ];
      if (consulta === 'confirmaciones') expect(resumido.total.antes_del_dia).toBe(vivo.total.antes_del_dia + 1);
      else expect(sumaInasistencias(resumido)).toBe(sumaInasistencias(vivo) + 1);
      await sumar(-1);
    }

    // Late confirmations (decision 0070): a due appointment of a closed month confirmed now, one of a recent closed
    // day confirmed another way, one's confirmation moved to its own day; a patient chooses another channel, one
    // drops her choice (e-mail), one chooses for the first time.
    const calendario = t.app.services.calendario;
    const debida = sql`(${citas.estado} <> 'cancelada' or ${citas.causa_cancelacion} = 'inasistencia')`;
    const una = (donde: SQL) =>
      t.database.db
        .select()
        .from(citas)
        .where(sql`${donde} and ${debida}`)
        .orderBy(citas.id)
        .limit(1)
        .then((l) => l[0]!);
    const vieja = await una(sql`${citas.inicio} < now() - interval '40 days' and ${citas.confirmada_via} is null`);
    const reciente = await una(sql`${citas.inicio} between now() - interval '9 days' and now() - interval '2 days'`);
    const movida = await una(
      sql`${citas.inicio} < now() - interval '40 days' and ${citas.confirmada_en} < ${citas.inicio} - interval '1 day'`,
    );
    await t.database.db
      .update(citas)
      .set({ confirmada_via: 'whatsapp', confirmada_en: new Date(vieja.inicio.getTime() - 20 * HORA) })
      .where(eq(citas.id, vieja.id));
    await t.database.db
      .update(citas)
      .set({
        confirmada_via: reciente.confirmada_via === 'mostrador' ? 'portal' : 'mostrador',
        confirmada_en: new Date(reciente.inicio.getTime() - 72 * HORA),
      })
      .where(eq(citas.id, reciente.id));
    await t.database.db.update(citas).set({ confirmada_en: movida.inicio }).where(eq(citas.id, movida.id));
    await t.database.db
      .update(preferenciasContacto)
      .set({ canal: 'ambos' })
      .where(eq(preferenciasContacto.usuario_id, pacientes[0]!.id));
    await t.database.db.delete(preferenciasContacto).where(eq(preferenciasContacto.usuario_id, pacientes[1]!.id));
    await t.database.db
      .insert(preferenciasContacto)
      .values({ usuario_id: pacientes[3]!.id, canal: 'whatsapp', whatsapp_numero: '573001110003' });
    const tocados = await periodosConCambios();
    const mes = (d: Date) => calendario.fechaDe(d).slice(0, 7);
    expect(tocados).toEqual(
      expect.arrayContaining([mes(vieja.inicio), calendario.fechaDe(reciente.inicio), mes(movida.inicio)]),
    );
    // Each stored month and day of the past appointments of each patient whose channel changed.
    const guardados = new Set(await periodosResumidos());
    for (const p of [pacientes[0]!, pacientes[1]!, pacientes[3]!]) {
      const suyas = await t.database.db
        .select({ inicio: citas.inicio })
        .from(citas)
        .where(sql`${citas.paciente_id} = ${p.id} and ${citas.inicio} < now()`);
      const periodos = suyas.flatMap((x) => [mes(x.inicio), calendario.fechaDe(x.inicio)]);
      expect(suyas.length).toBeGreaterThan(0);
      expect(tocados).toEqual(expect.arrayContaining(periodos.filter((x) => guardados.has(x))));
    }
    expect(await compararTodo(['confirmaciones'])).toBe(12);
    expect((await resumen.resumirPendientes()).sort()).toEqual(tocados);
    expect(await compararTodo(['confirmaciones'])).toBe(12);

    // Late writes into closed months.
    const viejos = await t.database.db
      .select()
      .from(pagos)
      .where(
        sql`${pagos.registrado_en} < now() - interval '40 days' and ${pagos.estado} = 'aprobado'
        and not exists (select 1 from pagos_anulaciones a where a.pago_id = ${pagos.id})`,
      )
      .orderBy(pagos.id);
    for (const p of viejos.filter((_, i) => i % 9 === 0)) await anular(p.id);
    const depositos = viejos.filter((p) => p.concepto === 'anticipo' && p.cita_id !== null);
    for (const [i, d] of depositos.slice(0, 6).entries())
      await pago(
        new Date(),
        {
          monto: Math.ceil(d.monto / 3),
          concepto: 'devolucion',
          cita_id: d.cita_id!,
          metodo: i % 2 ? 'saldo_a_favor' : 'efectivo',
        },
        d.paciente_id,
      );
    await t.database.db
      .update(pagos)
      .set({ estado: 'aprobado', resuelto_en: new Date(), recibo_numero: sql`900000 + ${pagos.id}` })
      .where(and(eq(pagos.estado, 'pendiente'), sql`${pagos.registrado_en} < now() - interval '40 days'`));
    const pasadas = await t.database.db
      .select()
      .from(citas)
      .where(sql`${citas.inicio} < now() - interval '40 days'`)
      .orderBy(citas.id);
    for (const [i, c] of pasadas.filter((_, j) => j % 7 === 0).entries()) {
      const cambio =
        i % 3 === 0
          ? { estado: 'realizada' as const, causa_cancelacion: null }
          : i % 3 === 1
            ? { estado: 'cancelada' as const, causa_cancelacion: 'inasistencia' as const }
            : { doctor_id: doctores.find((d) => d.id !== c.doctor_id)!.id };
      await t.database.db.update(citas).set(cambio).where(eq(citas.id, c.id));
    }
    // And into recent closed days: a void of last week's payment, an appointment of a few days ago marked done.
    const recientes = await t.database.db.select().from(pagos)
      .where(sql`${pagos.registrado_en} between now() - interval '9 days' and now() - interval '2 days'
        and ${pagos.estado} = 'aprobado' and not exists (select 1 from pagos_anulaciones a where a.pago_id = ${pagos.id})`);
    for (const p of recientes.slice(0, 2)) await anular(p.id);
    await t.database.db
      .update(citas)
      .set({ estado: 'realizada', causa_cancelacion: null })
      .where(
        sql`${citas.id} = (select min(id) from citas where inicio between now() - interval '9 days' and now() - interval '2 days')`,
      );
    const sucios = await periodosConCambios();
    expect(sucios.filter((p) => p.length === 7).length).toBeGreaterThan(3);
    expect(sucios.filter((p) => p.length === 10).length).toBeGreaterThan(0);
    expect(await compararTodo()).toBe(72);

    // The next run summarises exactly the months that changed, and the reports stay exact.
    const otraVez = await resumen.resumirPendientes();
    expect(otraVez.sort()).toEqual(sucios);
    expect(await compararTodo()).toBe(72);
  }, 300_000);

  it('the job is one outbox row per clinic day, however many times it is scheduled; its run queues tomorrow', async () => {
    const resumen = t.app.services.resumenReportes;
    const filas = () =>
      t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, TIPO_RESUMEN)).orderBy(bandejaSalida.id);
    await resumen.programar();
    await resumen.programar();
    await Promise.all([resumen.programar(), resumen.programar()]);
    const hoy = t.app.services.calendario.hoy();
    expect((await filas()).map((f) => f.carga)).toEqual([{ turno: hoy }]);
    await t.app.services.despachador.despachar();
    const despues = await filas();
    expect(despues.map((f) => [f.carga, f.entregada_en !== null])).toEqual([
      [{ turno: hoy }, true],
      [{ turno: sumarDias(hoy, 1) }, false],
    ]);
    expect(despues[1]!.disponible_en).toEqual(t.app.services.calendario.instante(sumarDias(hoy, 1), '02:00'));
    await resumen.programar();
    expect(await filas()).toHaveLength(2);
  });
});
