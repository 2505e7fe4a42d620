// The waitlist (issue 25, item 1; docs/espera.md): a cancellation with three matching patients waiting ends in exactly
// one booking, offered in order of joining (a declined offer passes to the next); twenty acceptances at once of one
// slot give one 201; an unanswered offer expires through the outbox at the injected clock and passes on; a patient
// who no longer qualifies (a minor; no evaluation yet) is skipped; a block removed and hours extended offer their
// slots; withdrawing voids the open offer; every route x anonymous and the four roles, another patient's entry and
// offer (IDOR), bad input refused with its Spanish message and nothing written.
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths, type CitaWire } from '@clinica/contracts/citas';
import { MENSAJES_ESPERA as M, esperaPaths as rutas, type EntradaEsperaWire } from '@clinica/contracts/espera';
import {
  auditoria,
  bandejaSalida,
  citas,
  listaEspera,
  notificaciones,
  ofertasEspera,
  usuarios,
} from '../src/db/schema/index.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import {
  SEMANA_PARTIDA,
  bogota,
  crearPersonas,
  insertarCita,
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
const MIN = 60_000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
/** A procedure for adults that needs an evaluation first (30 minutes). */
let toxina: number;

const pedir: Pedir = async (method, url, quien, payload, headers = {}) => {
  const sesion = quien ? bearer((await sesionPara(t.database, quien, reloj.now())).token) : {};
  return inyectar(t.app, method, url, { ...sesion, ...headers }, payload);
};
const db = () => t.database.db;
const despachar = () => t.app.services.despachador.despachar();
const nuevaPaciente = async (nacimiento = '1990-05-01') => {
  const p = await crearUsuario(t.database, 'paciente', { now: reloj.now() });
  await db().update(usuarios).set({ fecha_nacimiento: nacimiento }).where(eq(usuarios.id, p.id));
  return p;
};
const unirse = async (quien: UsuarioDePrueba, body: object) => {
  const res = await pedir('POST', rutas.lista, quien, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as EntradaEsperaWire;
};
const evaluacionEl = (fecha: string, extra: object = {}) => ({
  tipo: 'evaluacion',
  doctor_id: doctor.id,
  desde: fecha,
  hasta: fecha,
  ...extra,
});
const ofertasDe = (pacienteId: number) =>
  db().select().from(ofertasEspera).where(eq(ofertasEspera.paciente_id, pacienteId)).orderBy(ofertasEspera.id);
const avisos = (usuarioId: number, tipo: string) =>
  db()
    .select({ mensaje: notificaciones.mensaje, ruta: notificaciones.ruta })
    .from(notificaciones)
    .where(and(eq(notificaciones.usuario_id, usuarioId), eq(notificaciones.tipo, tipo)));
/** The desk books an evaluation (or `procId`) for `pacienteId` with `doctorId` at that time. */
async function reservar(o: { fecha: string; hora: string; pacienteId: number; doctorId?: number; procId?: number }) {
  const res = await pedir('POST', citasPaths.crear, asistente, {
    doctor_id: o.doctorId ?? doctor.id,
    paciente_id: o.pacienteId,
    inicio: bogota(o.fecha, o.hora),
    ...(o.procId ? { tipo: 'procedimiento', procedimiento_id: o.procId } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CitaWire;
}
const cancelar = async (id: number) => {
  const res = await pedir('PATCH', citasPaths.cancelar(id), asistente, { motivo: 'La paciente viajó' });
  expect(res.statusCode, res.body).toBe(200);
};
/** Live appointments of the doctor starting at that instant. */
const vivasEn = (doctorId: number, inicio: string) =>
  db()
    .select({ id: citas.id, paciente_id: citas.paciente_id })
    .from(citas)
    .where(and(eq(citas.doctor_id, doctorId), eq(citas.inicio, new Date(inicio)), ne(citas.estado, 'cancelada')));

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now, intervaloBandejaMs: 0 });
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database, {
    now: reloj.now(),
  }));
  await db().update(usuarios).set({ fecha_nacimiento: '1990-05-01' }).where(eq(usuarios.rol, 'paciente'));
  for (const d of [doctor, otroDoctor]) {
    const res = await pedir('PUT', citasPaths.horarios(d.id), asistente, { horarios: SEMANA_PARTIDA });
    expect(res.statusCode).toBe(200);
  }
  const categoria = (await crearCategoria(t.app, admin.headers)).id;
  toxina = (
    await crearProcedimiento(t.app, admin.headers, categoria, {
      nombre: 'Toxina botulínica',
      precio: 900_000,
      duracion_minutos: 30,
      requiere_evaluacion: true,
      edad_minima: 18,
    })
  ).id;
  await despachar();
});
afterAll(() => t.close());

describe('a cancellation with three matching patients waiting', () => {
  it('offers the slot in order of joining; a declined offer passes on; exactly one booking', async () => {
    const [p1, p2, p3, tardes] = [
      await nuevaPaciente(),
      await nuevaPaciente(),
      await nuevaPaciente(),
      await nuevaPaciente(),
    ];
    // Joined first but only for afternoons: a 9:00 slot is not hers.
    await unirse(tardes, evaluacionEl('2026-11-30', { franjas: ['tarde'] }));
    const e1 = await unirse(p1, evaluacionEl('2026-11-30'));
    await unirse(p2, evaluacionEl('2026-11-30', { franjas: ['manana'] }));
    // The desk adds p3 for any doctor.
    await unirse(asistente, { ...evaluacionEl('2026-11-30'), doctor_id: null, paciente_id: p3.id });
    expect(e1.estado).toBe('activa');
    const cita = await reservar({ fecha: '2026-11-30', hora: '09:00', pacienteId: otraPaciente.id });
    await despachar();
    expect(await ofertasDe(p1.id)).toHaveLength(0);

    await cancelar(cita.id);
    await despachar();
    const [o1] = await ofertasDe(p1.id);
    expect(o1).toMatchObject({ estado: 'ofrecida', doctor_id: doctor.id, ofrecida_por: null });
    expect(o1!.inicio.toISOString()).toBe(new Date(bogota('2026-11-30', '09:00')).toISOString());
    // The hold: ESPERA_RESERVA_MIN (30) from now.
    expect(o1!.vence_en.getTime()).toBe(reloj.now().getTime() + 30 * MIN);
    for (const p of [p2, p3, tardes]) expect(await ofertasDe(p.id)).toHaveLength(0);
    const [aviso] = await avisos(p1.id, 'espera.oferta');
    expect(aviso?.mensaje).toContain('Se liberó un horario de evaluación');
    expect(aviso?.ruta).toBe('/miscitas');
    const correos = await db().select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo'));
    expect(correos.some((c) => (c.carga as { asunto: string }).asunto.startsWith('Se liberó un horario'))).toBe(true);

    // Her screen shows it.
    const mias = (await pedir('GET', rutas.mias, p1)).json() as EntradaEsperaWire[];
    expect(mias[0]!.ofertas[0]).toMatchObject({ id: o1!.id, estado: 'ofrecida' });

    // p1 declines: the next in order (p2, mornings) gets it; p3 still waits.
    const rechazo = await pedir('POST', rutas.rechazar(o1!.id), p1);
    expect(rechazo.statusCode, rechazo.body).toBe(200);
    expect(rechazo.json().estado).toBe('rechazada');
    await despachar();
    const [o2] = await ofertasDe(p2.id);
    expect(o2).toMatchObject({ estado: 'ofrecida' });
    expect(await ofertasDe(p3.id)).toHaveLength(0);
    // p1 cannot take back the slot she declined.
    expect((await pedir('POST', rutas.aceptar(o1!.id), p1)).statusCode).toBe(409);

    const acepta = await pedir('POST', rutas.aceptar(o2!.id), p2);
    expect(acepta.statusCode, acepta.body).toBe(201);
    const nueva = acepta.json() as CitaWire;
    expect(nueva).toMatchObject({
      usuario: { id: p2.id },
      doctor: { id: doctor.id },
      tipo: 'evaluacion',
      estado: 'pendiente',
    });
    await despachar();
    expect(await vivasEn(doctor.id, bogota('2026-11-30', '09:00'))).toEqual([{ id: nueva.id, paciente_id: p2.id }]);
    const [cerrada] = await ofertasDe(p2.id);
    expect(cerrada).toMatchObject({ estado: 'aceptada', cita_id: nueva.id });
    const [entrada] = await db().select().from(listaEspera).where(eq(listaEspera.paciente_id, p2.id));
    expect(entrada).toMatchObject({ estado: 'atendida', cita_id: nueva.id });
    // Nobody else is offered a slot that is no longer free; a second acceptance is refused.
    expect(await ofertasDe(p3.id)).toHaveLength(0);
    const otraVez = await pedir('POST', rutas.aceptar(o2!.id), p2);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().error).toBe(M.ofertaRespondida);
    const auditado = await db().select().from(auditoria).where(eq(auditoria.accion, 'espera.aceptar'));
    expect(auditado.some((a) => a.detalle?.includes(`cita=${nueva.id}`))).toBe(true);
  });
});

describe('an offer that expires', () => {
  it('ends at its hold through the outbox and passes to the next patient', async () => {
    const [p1, p2] = [await nuevaPaciente(), await nuevaPaciente()];
    await unirse(p1, evaluacionEl('2026-12-01'));
    await unirse(p2, evaluacionEl('2026-12-01'));
    const cita = await reservar({ fecha: '2026-12-01', hora: '15:00', pacienteId: otraPaciente.id });
    await cancelar(cita.id);
    await despachar();
    const [o1] = await ofertasDe(p1.id);
    expect(o1?.estado).toBe('ofrecida');

    reloj.avanzar(29 * MIN);
    await despachar();
    expect((await ofertasDe(p1.id))[0]?.estado).toBe('ofrecida');
    expect(await ofertasDe(p2.id)).toHaveLength(0);

    reloj.avanzar(2 * MIN);
    const tarde = await pedir('POST', rutas.aceptar(o1!.id), p1);
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().error).toBe(M.ofertaVencida);
    await despachar();
    expect((await ofertasDe(p1.id))[0]?.estado).toBe('vencida');
    expect((await avisos(p1.id, 'espera.vencida')).length).toBe(1);
    const [o2] = await ofertasDe(p2.id);
    expect(o2?.estado).toBe('ofrecida');
    // The entry of p1 still waits.
    const [e1] = await db().select().from(listaEspera).where(eq(listaEspera.paciente_id, p1.id));
    expect(e1?.estado).toBe('activa');
    expect(await vivasEn(doctor.id, bogota('2026-12-01', '15:00'))).toEqual([]);
  });
});

describe('a patient who no longer qualifies', () => {
  it('is skipped: a minor and a patient without an evaluation; the next qualifying one gets the slot', async () => {
    const menor = await nuevaPaciente('2012-01-01');
    const sinEvaluacion = await nuevaPaciente();
    const lista = await nuevaPaciente();
    await insertarCita(t.database, {
      pacienteId: lista.id,
      doctorId: otroDoctor.id,
      inicio: new Date(INICIO.getTime() - 30 * 86_400_000),
      estado: 'realizada',
    });
    const cuerpo = { tipo: 'procedimiento', procedimiento_id: toxina, doctor_id: otroDoctor.id };
    for (const p of [menor, sinEvaluacion, lista])
      await unirse(p, { ...cuerpo, desde: '2026-12-03', hasta: '2026-12-03' });
    const ocupante = await nuevaPaciente();
    await insertarCita(t.database, {
      pacienteId: ocupante.id,
      doctorId: otroDoctor.id,
      inicio: new Date(INICIO.getTime() - 40 * 86_400_000),
      estado: 'realizada',
    });
    const cita = await reservar({
      fecha: '2026-12-03',
      hora: '10:00',
      pacienteId: ocupante.id,
      doctorId: otroDoctor.id,
      procId: toxina,
    });
    await cancelar(cita.id);
    await despachar();
    expect(await ofertasDe(menor.id)).toHaveLength(0);
    expect(await ofertasDe(sinEvaluacion.id)).toHaveLength(0);
    const [o] = await ofertasDe(lista.id);
    expect(o?.estado).toBe('ofrecida');
    const acepta = await pedir('POST', rutas.aceptar(o!.id), lista);
    expect(acepta.statusCode, acepta.body).toBe(201);
    expect(acepta.json()).toMatchObject({ tipo: 'procedimiento', procedimiento: { id: toxina } });
    const [cerrada] = await ofertasDe(lista.id);
    expect(cerrada?.valor).toBe(900_000);
    // The skipped ones still wait.
    const activas = await db().select().from(listaEspera).where(eq(listaEspera.procedimiento_id, toxina));
    expect(activas.filter((e) => e.estado === 'activa').map((e) => e.paciente_id)).toEqual([
      menor.id,
      sinEvaluacion.id,
    ]);
  });
});

describe('acceptances at once', () => {
  it('twenty patients offered the same slot by hand: one 201, nineteen 409, one booking', async () => {
    const pacientes = await Promise.all(Array.from({ length: 20 }, () => nuevaPaciente()));
    const inicio = bogota('2026-12-04', '10:00');
    const ofertas: number[] = [];
    for (const p of pacientes) {
      const e = await unirse(asistente, { ...evaluacionEl('2026-12-04'), paciente_id: p.id });
      const res = await pedir('POST', rutas.ofrecer(e.id), asistente, { doctor_id: doctor.id, inicio });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ estado: 'ofrecida', ofrecida_por: { id: asistente.id } });
      ofertas.push(res.json().id);
    }
    const respuestas = await Promise.all(pacientes.map((p, i) => pedir('POST', rutas.aceptar(ofertas[i]!), p)));
    const estados = respuestas.map((r) => r.statusCode).sort();
    expect(estados).toEqual([201, ...Array(19).fill(409)]);
    for (const r of respuestas.filter((x) => x.statusCode === 409)) expect(r.json().error).toBe(M.ofertaTomada);
    await despachar();
    const ganadora = respuestas.find((r) => r.statusCode === 201)!.json() as CitaWire;
    expect(await vivasEn(doctor.id, inicio)).toEqual([{ id: ganadora.id, paciente_id: ganadora.usuario.id }]);
    const filas = await db()
      .select()
      .from(ofertasEspera)
      .where(eq(ofertasEspera.inicio, new Date(inicio)));
    expect(filas.filter((f) => f.estado === 'aceptada')).toHaveLength(1);
    expect(filas.filter((f) => f.estado === 'tomada')).toHaveLength(19);
    // Those who lost are told (the winner's transaction, or their own refusal) and still wait.
    const perdedoras = pacientes.filter((p) => p.id !== ganadora.usuario.id);
    const enEspera = await db().select().from(listaEspera).where(eq(listaEspera.estado, 'activa'));
    for (const p of perdedoras) expect(enEspera.some((e) => e.paciente_id === p.id)).toBe(true);
  });

  it('one offer accepted twenty times at once: one 201, one booking', async () => {
    const p = await nuevaPaciente();
    const e = await unirse(asistente, { ...evaluacionEl('2026-12-04'), paciente_id: p.id });
    const inicio = bogota('2026-12-04', '11:00');
    const o = await pedir('POST', rutas.ofrecer(e.id), asistente, { doctor_id: doctor.id, inicio });
    expect(o.statusCode, o.body).toBe(201);
    const respuestas = await Promise.all(
      Array.from({ length: 20 }, () => pedir('POST', rutas.aceptar(o.json().id), p)),
    );
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(await vivasEn(doctor.id, inicio)).toHaveLength(1);
    expect((await ofertasDe(p.id))[0]?.estado).toBe('aceptada');
  });
});

describe('other changes that free a slot', () => {
  it('a block removed offers its time', async () => {
    const p = await nuevaPaciente();
    const b = await pedir('POST', citasPaths.bloqueos(otroDoctor.id), asistente, {
      inicio: bogota('2026-12-02', '08:00'),
      fin: bogota('2026-12-02', '12:00'),
      motivo: 'Capacitación',
    });
    expect(b.statusCode, b.body).toBe(201);
    // Another patient takes the afternoon's first slot: only the morning is waited for anyway.
    await unirse(p, {
      tipo: 'evaluacion',
      doctor_id: otroDoctor.id,
      desde: '2026-12-02',
      hasta: '2026-12-02',
      franjas: ['manana'],
    });
    await despachar();
    expect(await ofertasDe(p.id)).toHaveLength(0);
    const quitar = await pedir('DELETE', citasPaths.bloqueo(otroDoctor.id, b.json().id), asistente);
    expect(quitar.statusCode, quitar.body).toBe(200);
    await despachar();
    const [o] = await ofertasDe(p.id);
    expect(o?.estado).toBe('ofrecida');
    expect(o!.inicio.toISOString()).toBe(new Date(bogota('2026-12-02', '08:00')).toISOString());
  });

  it("a doctor's hours extended offer the new slots, to an entry for any doctor", async () => {
    const nuevoDoctor = await crearUsuario(t.database, 'doctor', { now: reloj.now() });
    const p = await nuevaPaciente();
    await unirse(p, { tipo: 'evaluacion', desde: '2026-12-10', hasta: '2026-12-10', franjas: ['tarde'] });
    await despachar();
    expect(await ofertasDe(p.id)).toHaveLength(0);
    const res = await pedir('PUT', citasPaths.horarios(nuevoDoctor.id), asistente, {
      horarios: [{ dia_semana: 4, hora_inicio: '14:00', hora_fin: '16:00' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    await despachar();
    const [o] = await ofertasDe(p.id);
    expect(o).toMatchObject({ estado: 'ofrecida', doctor_id: nuevoDoctor.id });
    expect(o!.inicio.toISOString()).toBe(new Date(bogota('2026-12-10', '14:00')).toISOString());
  });

  it('withdrawing voids the open offer and passes the slot on', async () => {
    const [p1, p2] = [await nuevaPaciente(), await nuevaPaciente()];
    const e1 = await unirse(p1, evaluacionEl('2026-12-05'));
    await unirse(p2, evaluacionEl('2026-12-05'));
    const cita = await reservar({ fecha: '2026-12-05', hora: '08:00', pacienteId: otraPaciente.id });
    await cancelar(cita.id);
    await despachar();
    expect((await ofertasDe(p1.id))[0]?.estado).toBe('ofrecida');
    const retiro = await pedir('POST', rutas.retirar(e1.id), p1);
    expect(retiro.statusCode, retiro.body).toBe(200);
    expect(retiro.json()).toMatchObject({ estado: 'retirada' });
    await despachar();
    expect((await ofertasDe(p1.id))[0]?.estado).toBe('anulada');
    expect((await ofertasDe(p2.id))[0]?.estado).toBe('ofrecida');
    expect((await pedir('POST', rutas.retirar(e1.id), p1)).statusCode).toBe(409);
    const auditado = await db().select().from(auditoria).where(eq(auditoria.accion, 'espera.retirar'));
    expect(auditado.some((a) => a.recurso_id === String(e1.id))).toBe(true);
  });
});

describe('authorization: every route x anonymous and the four roles', () => {
  let entradaAjena: number;
  let ofertaAjena: number;
  beforeAll(async () => {
    const e = await unirse(asistente, { ...evaluacionEl('2026-12-12'), paciente_id: otraPaciente.id });
    entradaAjena = e.id;
    const o = await pedir('POST', rutas.ofrecer(e.id), asistente, {
      doctor_id: doctor.id,
      inicio: bogota('2026-12-12', '09:00'),
    });
    expect(o.statusCode, o.body).toBe(201);
    ofertaAjena = o.json().id;
  });
  const slot = () => ({ doctor_id: doctor.id, inicio: bogota('2026-12-12', '10:00') });
  matrizDeAutorizacion(
    [
      { method: 'POST', url: rutas.lista, payload: { tipo: 'otro' }, esperado: porQuien(401, 400, 400, 403, 400) },
      { method: 'GET', url: `${rutas.lista}?estado=x`, esperado: porQuien(401, 403, 400, 400, 400) },
      { method: 'GET', url: rutas.mias + '?', esperado: porQuien(401, 200, 403, 403, 403) },
      { method: 'POST', url: rutas.retirar(999999), esperado: porQuien(401, 404, 404, 403, 404) },
      { method: 'POST', url: rutas.ofrecer(999999), payload: slot, esperado: porQuien(401, 403, 404, 403, 404) },
      { method: 'POST', url: rutas.aceptar(999999), esperado: porQuien(401, 404, 403, 403, 403) },
      { method: 'POST', url: rutas.rechazar(999999), esperado: porQuien(401, 404, 403, 403, 403) },
    ].filter((c) => c.esperado.paciente !== 200) as Parameters<typeof matrizDeAutorizacion>[0],
    (...a) => pedir(...a),
    () => ({ paciente, asistente, doctor, administrador: admin }),
  );

  it('reads: the list for staff (a doctor hers and any doctor’s), her own for a patient', async () => {
    const quienes = { anonimo: undefined, paciente, asistente, doctor, administrador: admin };
    for (const [url, esperado] of [
      [rutas.lista, porQuien(401, 403, 200, 200, 200)],
      [rutas.mias, porQuien(401, 200, 403, 403, 403)],
    ] as const) {
      for (const [quien, u] of Object.entries(quienes)) {
        const res = await pedir('GET', url, u);
        expect(res.statusCode, `${url} ${quien}`).toBe(esperado[quien as keyof typeof esperado]);
      }
    }
    const delOtro = (await pedir('GET', rutas.lista, otroDoctor)).json() as EntradaEsperaWire[];
    expect(delOtro.every((e) => e.doctor === null || e.doctor.id === otroDoctor.id)).toBe(true);
    const delDia = (await pedir('GET', `${rutas.lista}?fecha=2026-12-12`, asistente)).json() as EntradaEsperaWire[];
    expect(delDia.map((e) => e.id)).toContain(entradaAjena);
    expect(delDia.every((e) => e.desde <= '2026-12-12' && e.hasta >= '2026-12-12')).toBe(true);
    const mias = (await pedir('GET', rutas.mias, paciente)).json() as EntradaEsperaWire[];
    expect(mias.every((e) => e.paciente.id === paciente.id)).toBe(true);
  });

  it("another patient's entry and offer answer 404 and nothing changes (IDOR)", async () => {
    for (const [url, error] of [
      [rutas.retirar(entradaAjena), M.noEncontrada],
      [rutas.aceptar(ofertaAjena), M.ofertaNoEncontrada],
      [rutas.rechazar(ofertaAjena), M.ofertaNoEncontrada],
    ] as const) {
      const res = await pedir('POST', url, paciente);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe(error);
    }
    const [e] = await db().select().from(listaEspera).where(eq(listaEspera.id, entradaAjena));
    expect(e?.estado).toBe('activa');
    const [o] = await db().select().from(ofertasEspera).where(eq(ofertasEspera.id, ofertaAjena));
    expect(o?.estado).toBe('ofrecida');
    const paraOtra = await pedir('POST', rutas.lista, paciente, {
      ...evaluacionEl('2026-12-12'),
      paciente_id: otraPaciente.id,
    });
    expect(paraOtra.statusCode).toBe(403);
    expect(paraOtra.json().error).toBe(M.soloPropia);
  });
});

describe('bad input', () => {
  it('is refused with its Spanish message and writes nothing', async () => {
    const antes = (await db().select().from(listaEspera)).length;
    const casos: [UsuarioDePrueba, object, number, string][] = [
      [paciente, { tipo: 'procedimiento', desde: '2026-12-14', hasta: '2026-12-14' }, 400, M.procedimientoRequerido],
      [paciente, { tipo: 'evaluacion', desde: '2026-12-15', hasta: '2026-12-14' }, 400, M.rangoInvertido],
      [
        paciente,
        { tipo: 'evaluacion', desde: '2026-12-14', hasta: '2026-12-14', franjas: ['noche'] },
        400,
        'La franja debe ser mañana o tarde',
      ],
      [
        paciente,
        { tipo: 'evaluacion', desde: '2026-12-14', hasta: '2026-12-14', estado: 'atendida' },
        400,
        'Campo no permitido: estado',
      ],
      [paciente, { tipo: 'evaluacion', desde: '2026-11-01', hasta: '2026-11-10' }, 422, M.rangoPasado],
      [paciente, { tipo: 'evaluacion', desde: '2026-12-14', hasta: '2027-12-14' }, 422, M.rangoLejano],
      [asistente, { tipo: 'evaluacion', desde: '2026-12-14', hasta: '2026-12-14' }, 422, M.pacienteRequerida],
      [
        paciente,
        { tipo: 'procedimiento', procedimiento_id: 999999, desde: '2026-12-14', hasta: '2026-12-14' },
        422,
        'El procedimiento no existe o no está disponible.',
      ],
    ];
    for (const [quien, cuerpo, estado, mensaje] of casos) {
      const res = await pedir('POST', rutas.lista, quien, cuerpo);
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(estado);
      expect(res.body).toContain(mensaje);
    }
    expect((await db().select().from(listaEspera)).length).toBe(antes);

    const primera = await unirse(paciente, { tipo: 'evaluacion', desde: '2026-12-14', hasta: '2026-12-16' });
    const repetida = await pedir('POST', rutas.lista, paciente, {
      tipo: 'evaluacion',
      desde: '2026-12-14',
      hasta: '2026-12-14',
    });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().error).toBe(M.yaInscrita);
    const auditado = await db().select().from(auditoria).where(eq(auditoria.accion, 'espera.unirse'));
    expect(auditado.some((a) => a.recurso_id === String(primera.id))).toBe(true);

    // Offering by hand: outside the doctor's hours (422), a taken time (409), a second open offer (409).
    const fuera = await pedir('POST', rutas.ofrecer(primera.id), asistente, {
      doctor_id: doctor.id,
      inicio: bogota('2026-12-14', '20:00'),
    });
    expect(fuera.statusCode).toBe(422);
    const ocupada = await reservar({ fecha: '2026-12-15', hora: '09:00', pacienteId: otraPaciente.id });
    const tomada = await pedir('POST', rutas.ofrecer(primera.id), asistente, {
      doctor_id: doctor.id,
      inicio: ocupada.inicio,
    });
    expect(tomada.statusCode).toBe(409);
    expect(tomada.json().error).toBe(M.horarioNoLibre);
    const ok = await pedir('POST', rutas.ofrecer(primera.id), asistente, {
      doctor_id: doctor.id,
      inicio: bogota('2026-12-15', '10:00'),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const segunda = await pedir('POST', rutas.ofrecer(primera.id), asistente, {
      doctor_id: doctor.id,
      inicio: bogota('2026-12-15', '11:00'),
    });
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().error).toBe(M.conOferta);
    expect((await ofertasDe(paciente.id)).filter((o) => o.lista_espera_id === primera.id)).toHaveLength(1);
    const auditadas = await db().select().from(auditoria).where(eq(auditoria.accion, 'espera.ofrecer'));
    expect(auditadas.some((a) => a.recurso_id === String(ok.json().id))).toBe(true);
  });
});
