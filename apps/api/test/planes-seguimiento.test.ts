// Follow-up plans (issue 9, item 4; decision 0017) and the consent re-check when staff change an appointment's
// procedure: who may call every route (anonymous and the four roles), IDOR (another doctor's plan), the plan is
// recorded on the note by the appointment's doctor, the booking engine proposes each session (Sundays, holidays and
// taken slots avoided, the clash said), confirmation books in one transaction through the engine's own rules, and a
// slot taken between proposal and confirmation gives a 409 naming that session with nothing booked.
import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths, type CitaWire } from '@clinica/contracts/citas';
import { consentimientosPaths } from '@clinica/contracts/consentimientos';
import { evolucionesPaths } from '@clinica/contracts/evoluciones';
import { historiasPaths } from '@clinica/contracts/historias';
import {
  MENSAJES_PLAN as M,
  planesPaths as rutas,
  type PlanWire,
  type PropuestaWire,
} from '@clinica/contracts/planes-seguimiento';
import {
  auditoria,
  bandejaSalida,
  citas,
  notificaciones,
  planesSeguimiento,
  planesSeguimientoCitas,
  usuarios,
} from '../src/db/schema/index.ts';
import { M_CONSENTIMIENTO_SIN_FIRMAR } from '../src/features/citas/reglas.ts';
import { crearUsuario } from './auth-helpers.ts';
import {
  crearPersonas,
  firmaConsentimiento,
  insertarCita,
  matrizDeAutorizacion,
  pedidor,
  porQuien,
  bogota,
  SEMANA_PARTIDA,
  type CasoAutorizacion,
  type Personas,
} from './clinica-fixtures.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { TEST_DATABASE_URL, createTestApp } from './helpers.ts';
import { conInterbloqueo } from './interbloqueo.ts';
import { crearReloj } from './usuarios-fixtures.ts';

// Monday 23 November 2026, 07:00 in Bogotá.
const reloj = crearReloj(new Date('2026-11-23T12:00:00Z'));
let t: Awaited<ReturnType<typeof createTestApp>>;
// The clinic's people, set in beforeAll (crearPersonas).
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
let procA: number;
let procB: number;
/** paciente with doctor, today 10:00 Bogotá: the appointment whose note records the plan. */
let citaOrigen: number;
/** Another patient's appointment with another doctor, with its own note and plan (IDOR). */
let citaAjena: number;
let planAjeno: number;
let plan: PlanWire;

const pedir = pedidor(() => t.app);

const citaDirecta = (pacienteId: number, doctorId: number, inicio: string) =>
  insertarCita(t.database, { pacienteId, doctorId, inicio: new Date(inicio) });

const datosPlan = (extra: object = {}) => ({
  descripcion: 'Completar 3 sesiones de peeling para el melasma; revisar tolerancia en cada una.',
  procedimiento_id: procA,
  cada_dias: 2,
  sesiones: 3,
  // Sunday 6 December; then Tuesday 8 December (a holiday) and Thursday 10 December.
  desde: '2026-12-06',
  ...extra,
});

const delPlan = async (planId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(planesSeguimientoCitas)
      .where(eq(planesSeguimientoCitas.plan_id, planId))
  )[0]!.n;
const citasDeSerie = async (pacienteId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(citas)
      .where(and(eq(citas.paciente_id, pacienteId), like(citas.motivo, 'Plan de seguimiento%')))
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now });
  const ahora = reloj.now();
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database, { now: ahora }));
  await t.database.db.update(usuarios).set({ fecha_nacimiento: '1990-05-01' }).where(eq(usuarios.rol, 'paciente'));
  for (const d of [doctor, otroDoctor]) {
    expect((await pedir('PUT', citasPaths.horarios(d.id), asistente, { horarios: SEMANA_PARTIDA })).statusCode).toBe(
      200,
    );
  }
  const cat = await crearCategoria(t.app, admin.headers);
  procA = (await crearProcedimiento(t.app, admin.headers, cat.id, { duracion_minutos: 60 })).id;
  procB = (await crearProcedimiento(t.app, admin.headers, cat.id, { duracion_minutos: 60 })).id;
  citaOrigen = await citaDirecta(paciente.id, doctor.id, '2026-11-23T15:00:00Z');
  citaAjena = await citaDirecta(otraPaciente.id, otroDoctor.id, '2026-11-23T16:00:00Z');
  expect((await pedir('POST', evolucionesPaths.porCita(citaAjena), otroDoctor, { motivo: 'Control' })).statusCode).toBe(
    201,
  );
  const ajeno = await pedir('POST', rutas.porCita(citaAjena), otroDoctor, datosPlan({ desde: '2026-12-14' }));
  expect(ajeno.statusCode, ajeno.body).toBe(201);
  planAjeno = ajeno.json().id;
});
afterAll(() => t.close());

describe('authorization matrix: every route x anonymous and the four roles', () => {
  const casos: CasoAutorizacion[] = [
    { method: 'GET', url: rutas.porCita(999_999), esperado: porQuien(401, 403, 404, 404, 403) },
    {
      method: 'POST',
      url: rutas.porCita(999_999),
      payload: () => datosPlan(),
      esperado: porQuien(401, 403, 403, 404, 403),
    },
    {
      method: 'PUT',
      url: rutas.editar(999_999),
      payload: () => datosPlan(),
      esperado: porQuien(401, 403, 403, 404, 403),
    },
    { method: 'GET', url: rutas.propuesta(999_999), esperado: porQuien(401, 403, 404, 404, 403) },
    {
      method: 'POST',
      url: rutas.confirmar(999_999),
      payload: () => ({ sesiones: [{ sesion: 1, inicio: bogota('2026-12-07', '10:00') }] }),
      esperado: porQuien(401, 403, 404, 404, 403),
    },
  ];
  matrizDeAutorizacion(casos, pedir, () => ({ paciente, asistente, doctor, administrador: admin }));
});

describe('recording the plan on the note', () => {
  it('needs the note first; bad input is a clear 400/422 and writes nothing', async () => {
    const sinNota = await pedir('POST', rutas.porCita(citaOrigen), doctor, datosPlan());
    expect(sinNota.statusCode).toBe(409);
    expect(sinNota.json().error).toBe(M.sinNota);
    expect((await pedir('POST', evolucionesPaths.porCita(citaOrigen), doctor, { motivo: 'Melasma' })).statusCode).toBe(
      201,
    );
    for (const malo of [
      datosPlan({ sesiones: 0 }),
      datosPlan({ sesiones: 21 }),
      datosPlan({ cada_dias: 366 }),
      datosPlan({ desde: '06/12/2026' }),
      datosPlan({ descripcion: '' }),
      datosPlan({ doctor_id: otroDoctor.id }),
    ]) {
      const res = await pedir('POST', rutas.porCita(citaOrigen), doctor, malo);
      expect(res.statusCode, JSON.stringify(malo)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const pasado = await pedir('POST', rutas.porCita(citaOrigen), doctor, datosPlan({ desde: '2026-11-20' }));
    expect(pasado.statusCode).toBe(422);
    expect(pasado.json().error).toBe(M.desdePasado);
    // A first session years away is no follow-up ('9999-12-20' made the proposal fail with a 500; it is now a 400
    // of the contract, beyond the clinic's years).
    expect(
      (await pedir('POST', rutas.porCita(citaOrigen), doctor, datosPlan({ desde: '9999-12-20' }))).statusCode,
    ).toBe(400);
    for (const desde of ['2099-12-20', '2040-01-01']) {
      const lejos = await pedir('POST', rutas.porCita(citaOrigen), doctor, datosPlan({ desde }));
      expect(lejos.statusCode, lejos.body).toBe(422);
      expect(lejos.json()).toMatchObject({
        error: M.desdeLejano,
        issues: [{ campo: 'desde', mensaje: M.desdeLejano }],
      });
    }
    const inexistente = await pedir(
      'POST',
      rutas.porCita(citaOrigen),
      doctor,
      datosPlan({ procedimiento_id: 999_999 }),
    );
    expect(inexistente.statusCode).toBe(422);
    expect(
      await t.database.db.select().from(planesSeguimiento).where(eq(planesSeguimiento.cita_id, citaOrigen)),
    ).toEqual([]);
  });

  it('only the appointment doctor records it (another doctor: 404); one per note', async () => {
    expect((await pedir('POST', rutas.porCita(citaOrigen), otroDoctor, datosPlan())).statusCode).toBe(404);
    const res = await pedir('POST', rutas.porCita(citaOrigen), doctor, datosPlan());
    expect(res.statusCode, res.body).toBe(201);
    plan = res.json();
    expect(plan).toMatchObject({
      cita_id: citaOrigen,
      paciente: { id: paciente.id },
      doctor: { id: doctor.id },
      procedimiento: { id: procA },
      cada_dias: 2,
      sesiones: 3,
      desde: '2026-12-06',
      agendadas: [],
    });
    const otra = await pedir('POST', rutas.porCita(citaOrigen), doctor, datosPlan());
    expect(otra.statusCode).toBe(409);
    expect(otra.json().error).toBe(M.yaExiste);
  });

  it('the doctor reads the description (audited); the assistant sees the schedule without it', async () => {
    const deDoctor = (await pedir('GET', rutas.porCita(citaOrigen), doctor)).json();
    expect(deDoctor.plan.descripcion).toContain('melasma');
    const deAsistente = await pedir('GET', rutas.porCita(citaOrigen), asistente);
    expect(deAsistente.statusCode).toBe(200);
    expect(deAsistente.json().plan).toMatchObject({ id: plan.id, descripcion: null, sesiones: 3 });
    expect(deAsistente.body).not.toContain('melasma');
    const leidas = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'plan_seguimiento.leer'), eq(auditoria.usuario_id, doctor.id)));
    expect(leidas.length).toBeGreaterThan(0);
    const editado = await pedir('PUT', rutas.editar(plan.id), doctor, datosPlan({ cada_dias: 2 }));
    expect(editado.statusCode, editado.body).toBe(200);
  });

  it("issue 21.6: the patient sees that her doctor read her plan; the other patient's list does not", async () => {
    const res = await pedir('GET', historiasPaths.accesos(paciente.id), paciente);
    expect(res.statusCode, res.body).toBe(200);
    const [d] = await t.database.db
      .select({ nombre: usuarios.nombre })
      .from(usuarios)
      .where(eq(usuarios.id, doctor.id));
    expect(res.json()).toContainEqual({
      quien: { nombre: d!.nombre, rol: 'doctor' },
      que: 'plan',
      cuando: expect.any(String),
    });
    const deOtra = (await pedir('GET', historiasPaths.accesos(otraPaciente.id), otraPaciente)).json() as {
      que: string;
    }[];
    expect(deOtra.some((a) => a.que === 'plan')).toBe(false);
  });

  it('IDOR: another doctor gets 404 for everything of this plan, and this doctor for theirs', async () => {
    expect((await pedir('GET', rutas.porCita(citaOrigen), otroDoctor)).statusCode).toBe(404);
    expect((await pedir('GET', rutas.propuesta(plan.id), otroDoctor)).statusCode).toBe(404);
    expect((await pedir('PUT', rutas.editar(plan.id), otroDoctor, datosPlan())).statusCode).toBe(404);
    const confirmar = { sesiones: [{ sesion: 1, inicio: bogota('2026-12-07', '10:00') }] };
    expect((await pedir('POST', rutas.confirmar(plan.id), otroDoctor, confirmar)).statusCode).toBe(404);
    expect((await pedir('GET', rutas.propuesta(planAjeno), doctor)).statusCode).toBe(404);
    expect((await pedir('GET', rutas.porCita(citaAjena), doctor)).statusCode).toBe(404);
    expect((await pedir('GET', rutas.porCita(citaAjena), paciente)).statusCode).toBe(403);
    // Its own doctor cannot move it years away either; its proposal keeps answering.
    const lejos = await pedir('PUT', rutas.editar(planAjeno), otroDoctor, datosPlan({ desde: '2099-12-20' }));
    expect(lejos.statusCode, lejos.body).toBe(422);
    expect(lejos.json().error).toBe(M.desdeLejano);
    expect((await pedir('GET', rutas.propuesta(planAjeno), otroDoctor)).statusCode).toBe(200);
    expect(await citasDeSerie(paciente.id)).toBe(0);
  });
});

describe('the proposal and its confirmation', () => {
  let propuesta: PropuestaWire;

  it('proposes each session near its target date at the original hour; Sundays and holidays are clashes', async () => {
    const res = await pedir('GET', rutas.propuesta(plan.id), asistente);
    expect(res.statusCode, res.body).toBe(200);
    propuesta = res.json();
    expect(propuesta.impedimento).toBeNull();
    const [s1, s2, s3] = propuesta.sesiones;
    expect(s1).toMatchObject({ sesion: 1, objetivo: '2026-12-06', estado: 'propuesta' });
    expect(s1!.choque).toContain('domingo');
    expect(s1!.inicio).toBe('2026-12-07T13:00:00.000Z'); // Monday 08:00, the next free time
    expect(s2).toMatchObject({ sesion: 2, objetivo: '2026-12-08', estado: 'propuesta' });
    expect(s2!.choque).toContain('festivo');
    expect(s2!.inicio).toBe('2026-12-09T13:00:00.000Z');
    // Thursday at 10:00, the hour of the original appointment: no clash.
    expect(s3).toMatchObject({ sesion: 3, objetivo: '2026-12-10', estado: 'propuesta', choque: null });
    expect(s3!.inicio).toBe('2026-12-10T15:00:00.000Z');
  });

  it('rules are the booking engine’s: a Sunday or an unknown session is refused and nothing is booked', async () => {
    const domingo = await pedir('POST', rutas.confirmar(plan.id), doctor, {
      sesiones: [{ sesion: 1, inicio: bogota('2026-12-06', '10:00') }],
    });
    expect(domingo.statusCode).toBe(422);
    expect(domingo.json().error).toMatch(/^Sesión 1: La clínica no atiende los domingos/);
    const fuera = await pedir('POST', rutas.confirmar(plan.id), doctor, {
      sesiones: [{ sesion: 7, inicio: bogota('2026-12-07', '10:00') }],
    });
    expect(fuera.statusCode).toBe(422);
    expect(fuera.json().error).toBe(M.sesionFuera(3));
    const repetida = await pedir('POST', rutas.confirmar(plan.id), doctor, {
      sesiones: [
        { sesion: 1, inicio: bogota('2026-12-07', '08:00') },
        { sesion: 1, inicio: bogota('2026-12-07', '09:00') },
      ],
    });
    expect(repetida.statusCode).toBe(400);
    expect(await citasDeSerie(paciente.id)).toBe(0);
  });

  it('a slot taken between proposal and confirmation: 409 for that session, nothing half-done', async () => {
    // Someone books session 3's slot for another patient after the proposal was shown.
    const otro = await pedir('POST', citasPaths.crear, asistente, {
      doctor_id: doctor.id,
      paciente_id: otraPaciente.id,
      tipo: 'procedimiento',
      procedimiento_id: procA,
      inicio: propuesta.sesiones[2]!.inicio,
    });
    expect(otro.statusCode, otro.body).toBe(201);
    const antesNotif = (await t.database.db.select({ n: count() }).from(notificaciones))[0]!.n;
    const antesBandeja = (await t.database.db.select({ n: count() }).from(bandejaSalida))[0]!.n;
    const res = await pedir('POST', rutas.confirmar(plan.id), asistente, {
      sesiones: propuesta.sesiones.map((s) => ({ sesion: s.sesion, inicio: s.inicio! })),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'HORARIO_OCUPADO', sesion: 3, error: M.ocupada(3) });
    expect(res.json().siguientes.length).toBeGreaterThan(0);
    expect(await citasDeSerie(paciente.id)).toBe(0);
    expect(await delPlan(plan.id)).toBe(0);
    expect((await t.database.db.select({ n: count() }).from(notificaciones))[0]!.n).toBe(antesNotif);
    expect((await t.database.db.select({ n: count() }).from(bandejaSalida))[0]!.n).toBe(antesBandeja);
  });

  it('the new proposal shows the clash; confirming books every session in one go, notified and audited', async () => {
    propuesta = (await pedir('GET', rutas.propuesta(plan.id), doctor)).json();
    const s3 = propuesta.sesiones[2]!;
    expect(s3.choque).toMatch(/no hay un espacio libre/);
    expect(s3.inicio).not.toBe('2026-12-10T15:00:00.000Z');
    expect(s3.inicio!.slice(0, 10)).toBe('2026-12-10');
    const res = await pedir('POST', rutas.confirmar(plan.id), doctor, {
      sesiones: propuesta.sesiones.map((s) => ({ sesion: s.sesion, inicio: s.inicio! })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const creadas: CitaWire[] = res.json().citas;
    expect(creadas).toHaveLength(3);
    for (const [i, c] of creadas.entries()) {
      expect(c).toMatchObject({
        tipo: 'procedimiento',
        estado: 'pendiente',
        usuario: { id: paciente.id },
        doctor: { id: doctor.id },
        procedimiento: { id: procA },
        motivo: `Plan de seguimiento: sesión ${i + 1} de 3`,
        inicio: propuesta.sesiones[i]!.inicio,
      });
    }
    expect(res.json().plan.agendadas.map((a: { sesion: number }) => a.sesion)).toEqual([1, 2, 3]);
    expect(await delPlan(plan.id)).toBe(3);
    // The patient is told as for any new appointment; so is the doctor.
    const avisos = await t.database.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.usuario_id, paciente.id), eq(notificaciones.tipo, 'cita.nueva')));
    expect(avisos.filter((a) => creadas.some((c) => c.id === a.cita_id))).toHaveLength(3);
    expect(avisos[0]!.mensaje).toMatch(/^Tu cita de procedimiento quedó agendada para el /);
    const audit = await t.database.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.accion, 'plan_seguimiento.confirmar'));
    expect(audit).toHaveLength(1);
    // In the doctor's agenda.
    const agenda = (
      await pedir('GET', `${citasPaths.listar}?desde=2026-12-07&hasta=2026-12-10&porPagina=100`, doctor)
    ).json().items;
    expect(agenda.map((c: CitaWire) => c.id)).toEqual(expect.arrayContaining(creadas.map((c) => c.id)));
    // Booked sessions show as such, cannot be booked twice, and the plan no longer changes.
    const despues = (await pedir('GET', rutas.propuesta(plan.id), asistente)).json() as PropuestaWire;
    expect(despues.sesiones.map((s) => s.estado)).toEqual(['agendada', 'agendada', 'agendada']);
    const otraVez = await pedir('POST', rutas.confirmar(plan.id), asistente, {
      sesiones: [{ sesion: 1, inicio: bogota('2026-12-12', '08:00') }],
    });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().error).toBe(M.yaAgendada(1));
    const cambiar = await pedir('PUT', rutas.editar(plan.id), doctor, datosPlan({ sesiones: 5 }));
    expect(cambiar.statusCode).toBe(409);
    expect(cambiar.json().error).toBe(M.conAgendadas);
  });

  it('two confirmations of one plan at once: one books, the other gets 409, never double', async () => {
    const origen2 = await citaDirecta(paciente.id, doctor.id, '2026-11-23T20:00:00Z');
    expect((await pedir('POST', evolucionesPaths.porCita(origen2), doctor, { motivo: 'Control' })).statusCode).toBe(
      201,
    );
    const p2 = (
      await pedir('POST', rutas.porCita(origen2), doctor, datosPlan({ desde: '2026-12-14', cada_dias: 7, sesiones: 2 }))
    ).json() as PlanWire;
    const prop = (await pedir('GET', rutas.propuesta(p2.id), doctor)).json() as PropuestaWire;
    const cuerpo = { sesiones: prop.sesiones.map((s) => ({ sesion: s.sesion, inicio: s.inicio! })) };
    const [a, b] = await Promise.all([
      pedir('POST', rutas.confirmar(p2.id), doctor, cuerpo),
      pedir('POST', rutas.confirmar(p2.id), asistente, cuerpo),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await delPlan(p2.id)).toBe(2);
  });
});

describe.runIf(TEST_DATABASE_URL)('a series that deadlocks on PostgreSQL', () => {
  it('the aborted confirmation runs again whole and books the series, not a 500 (decision 0034)', async () => {
    const origen3 = await citaDirecta(paciente.id, doctor.id, '2026-11-23T21:00:00Z');
    expect((await pedir('POST', evolucionesPaths.porCita(origen3), doctor, { motivo: 'Control' })).statusCode).toBe(
      201,
    );
    const p3 = (
      await pedir('POST', rutas.porCita(origen3), doctor, datosPlan({ desde: '2026-12-21', sesiones: 1 }))
    ).json() as PlanWire;
    const prop = (await pedir('GET', rutas.propuesta(p3.id), doctor)).json() as PropuestaWire;
    const inicio = new Date(prop.sesiones[0]!.inicio!);
    // Two rows of another patient's with the doctor, halves of the session's free hour: each overlaps the session,
    // not each other nor anything booked.
    const otra = await crearUsuario(t.database, 'paciente', { now: reloj.now() });
    const fila = (desdeMin: number, hastaMin: number) => {
      const desde = new Date(inicio.getTime() + desdeMin * 60_000);
      const hasta = new Date(inicio.getTime() + hastaMin * 60_000);
      return sql`insert into citas (paciente_id, doctor_id, tipo, estado, inicio, fin, ocupado_hasta)
        values (${otra.id}, ${doctor.id}, 'control', 'pendiente', ${desde}, ${hasta}, ${hasta})`;
    };
    const res = await conInterbloqueo(t.database, fila(0, 30), fila(30, 60), () =>
      pedir('POST', rutas.confirmar(p3.id), asistente, {
        sesiones: [{ sesion: 1, inicio: prop.sesiones[0]!.inicio! }],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await delPlan(p3.id)).toBe(1);
  });
});

describe('consent re-check when staff change the procedure (PATCH editarcita)', () => {
  it('a consent signed for the old procedure does not let the new one be realizada', async () => {
    const TEXTO = 'Riesgos: enrojecimiento y ardor leves. Alternativas: no tratarse. Cuidados: protector solar diario.';
    for (const p of [procA, procB]) {
      expect((await pedir('POST', consentimientosPaths.plantillas(p), asistente, { texto: TEXTO })).statusCode).toBe(
        201,
      );
    }
    const cita = await pedir('POST', citasPaths.crear, asistente, {
      doctor_id: doctor.id,
      paciente_id: paciente.id,
      tipo: 'procedimiento',
      procedimiento_id: procA,
      inicio: bogota('2026-11-24', '14:00'),
    });
    expect(cita.statusCode, cita.body).toBe(201);
    const id: number = cita.json().id;
    const firma = firmaConsentimiento(false);
    expect((await pedir('POST', consentimientosPaths.firmar(id), paciente, firma)).statusCode).toBe(201);
    expect((await pedir('PATCH', citasPaths.editarEstado(id), asistente, { estado: 'confirmada' })).statusCode).toBe(
      200,
    );

    const cambio = await pedir('PATCH', citasPaths.editar(id), asistente, { procedimiento_id: procB });
    expect(cambio.statusCode, cambio.body).toBe(200);
    expect(cambio.json().procedimiento.id).toBe(procB);
    const vista = (await pedir('GET', consentimientosPaths.porCita(id), doctor)).json();
    expect(vista.consentimientos).toHaveLength(1);
    expect(vista.consentimientos[0]).toMatchObject({ estado: 'firmado', otro_procedimiento: true });

    // The appointment has started (moved into the past in the database: sessions must not idle out).
    const inicio = new Date(reloj.now().getTime() - 30 * 60_000);
    await t.database.db
      .update(citas)
      .set({
        inicio,
        fin: new Date(inicio.getTime() + 3_600_000),
        ocupado_hasta: new Date(inicio.getTime() + 3_600_000),
      })
      .where(eq(citas.id, id));
    const nota = await pedir('POST', evolucionesPaths.porCita(id), doctor, { motivo: 'Procedimiento B' });
    expect((await pedir('POST', evolucionesPaths.firmar(nota.json().id), doctor)).statusCode).toBe(200);
    const sin = await pedir('PATCH', citasPaths.editarEstado(id), doctor, { estado: 'realizada' });
    expect(sin.statusCode).toBe(409);
    expect(sin.json().error).toBe(M_CONSENTIMIENTO_SIN_FIRMAR);

    // The patient signs the new procedure's consent (not refused as "already signed"); then it can be done.
    const nueva = await pedir('POST', consentimientosPaths.firmar(id), paciente, firma);
    expect(nueva.statusCode, nueva.body).toBe(201);
    expect(nueva.json().otro_procedimiento).toBe(false);
    const ok = await pedir('PATCH', citasPaths.editarEstado(id), doctor, { estado: 'realizada' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
