// Retreatment recall (issue 24, items 4 and 6; docs/trazabilidad.md): who may call every route (anonymous and the
// four roles; a doctor's list never holds another doctor's patients), the rows a signed charted note leaves (per
// product type with an interval, from the appointment's day) with their delayed reminder at 9:00 in Bogotá, the recall
// list's exactness (due, overdue, booked; drafts and replaced rows left out), the clinic's intervals overriding the
// usual ones (audited), the reminder's skip rules and the reminder going once even when its job runs twice.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJES_TRAZABILIDAD as M,
  trazabilidadPaths as rutas,
  type IntervaloWire,
  type RetratamientosWire,
} from '@clinica/contracts/trazabilidad';
import { sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import { auditoria, bandejaSalida, notificaciones, retratamientos } from '../src/db/schema/index.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';
import { insertarCita, matrizDeAutorizacion, porQuien, type CasoAutorizacion } from './clinica-fixtures.ts';
import { crearClinica, DIA_MS } from './trazabilidad-fixtures.ts';

let c: Awaited<ReturnType<typeof crearClinica>>;
let toxina: number;
let hialuronico: number;
let anestesico: number;
const db = () => c.t.database.db;
const filasDe = (evolucionId: number) =>
  db().select().from(retratamientos).where(eq(retratamientos.evolucion_id, evolucionId));
const recordatorios = (pacienteId: number) =>
  db()
    .select()
    .from(notificaciones)
    .where(and(eq(notificaciones.usuario_id, pacienteId), eq(notificaciones.tipo, 'retratamiento.recordatorio')));
const lista = async (quien: UsuarioDePrueba, query: string) => {
  const res = await c.pedir('GET', `${rutas.retratamientos}?${query}`, quien);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RetratamientosWire;
};
const nuevaPaciente = () => crearUsuario(c.t.database, 'paciente', { now: c.reloj.now() });
const toxinaHace = (paciente: UsuarioDePrueba, diasAtras: number, doctor = c.doctor, firmar = true) =>
  c.notaConMapa({ paciente, doctor, diasAtras, puntos: [{ loteId: toxina, cantidad: 2000 }], firmar });

let p1: UsuarioDePrueba, p2: UsuarioDePrueba, p3: UsuarioDePrueba, p4: UsuarioDePrueba, p5: UsuarioDePrueba;
let citaP4: number;

beforeAll(async () => {
  c = await crearClinica();
  toxina = (await c.productoConLote('toxina_botulinica')).lote.id;
  hialuronico = (await c.productoConLote('acido_hialuronico', 'mL')).lote.id;
  anestesico = (await c.productoConLote('anestesico', 'mL')).lote.id;
  [p1, p2, p3, p4, p5] = [
    await nuevaPaciente(),
    await nuevaPaciente(),
    await nuevaPaciente(),
    await nuevaPaciente(),
    await nuevaPaciente(),
  ];
  await toxinaHace(p1, 90); // due (weeks 12-16)
  await toxinaHace(p1, 90, c.doctor, false); // a draft leaves nothing
  await toxinaHace(p2, 120, c.otroDoctor); // overdue
  await toxinaHace(p3, 30); // not due yet
  await toxinaHace(p4, 100); // due, but booked with the doctor
  citaP4 = await insertarCita(c.t.database, {
    pacienteId: p4.id,
    doctorId: c.doctor.id,
    inicio: new Date(c.reloj.now().getTime() + 3 * DIA_MS),
  });
  await toxinaHace(p5, 130); // replaced by the application 5 days ago
  await toxinaHace(p5, 5);
});
afterAll(() => c?.t.close());

describe('authorization matrix: every route x anonymous and the four roles', () => {
  const casos: CasoAutorizacion[] = [
    { method: 'GET', url: `${rutas.retratamientos}?estado=otro`, esperado: porQuien(401, 403, 400, 400, 400) },
    { method: 'GET', url: `${rutas.retratamientos}?doctor_id=999999`, esperado: porQuien(401, 403, 200, 403, 200) },
    {
      method: 'PUT',
      url: rutas.intervalos,
      payload: [{ tipo: 'toxina_botulinica', semanas_desde: 16, semanas_hasta: 12, recordar: true }],
      esperado: porQuien(401, 403, 403, 403, 400),
    },
  ];
  matrizDeAutorizacion(
    casos.filter((x) => x.esperado.asistente !== 200),
    (...a) => c.pedir(...a),
    () => ({ paciente: c.paciente, asistente: c.asistente, doctor: c.doctor, administrador: c.admin }),
  );
  it('reads: the list and the intervals are the staff’s; a doctor asking for another doctor’s patients is 403', async () => {
    const quienes = {
      anonimo: undefined,
      paciente: c.paciente,
      asistente: c.asistente,
      doctor: c.doctor,
      administrador: c.admin,
    };
    for (const [url, esperado] of [
      [rutas.retratamientos, porQuien(401, 403, 200, 200, 200)],
      [rutas.intervalos, porQuien(401, 403, 200, 200, 200)],
      [`${rutas.retratamientos}?doctor_id=${c.otroDoctor.id}`, porQuien(401, 403, 200, 403, 200)],
    ] as const) {
      for (const [quien, u] of Object.entries(quienes)) {
        const res = await c.pedir('GET', url, u);
        expect(res.statusCode, `${url} ${quien}`).toBe(esperado[quien as keyof typeof esperado]);
      }
    }
    const ajeno = await c.pedir('GET', `${rutas.retratamientos}?doctor_id=${c.otroDoctor.id}`, c.doctor);
    expect(ajeno.json().error).toBe(M.doctorAjeno);
  });
});

describe('signing a charted note', () => {
  it('writes one row per product type with an interval, from the appointment’s day, and its 9:00 reminder', async () => {
    const p = await nuevaPaciente();
    const { evolucionId } = await c.notaConMapa({
      paciente: p,
      doctor: c.doctor,
      diasAtras: 1,
      puntos: [
        { loteId: toxina, cantidad: 1000 },
        { loteId: toxina, cantidad: 1000 },
        { loteId: hialuronico, cantidad: 100 },
        { loteId: anestesico, cantidad: 100 },
      ],
    });
    const filas = (await filasDe(evolucionId)).sort((a, b) => a.tipo.localeCompare(b.tipo));
    const dia = sumarDias(c.hoy(), -1) as Fecha;
    expect(filas.map((f) => [f.tipo, f.paciente_id, f.doctor_id, f.aplicado_el, f.desde_el, f.hasta_el])).toEqual([
      ['acido_hialuronico', p.id, c.doctor.id, dia, sumarDias(dia, 39 * 7), sumarDias(dia, 52 * 7)],
      ['toxina_botulinica', p.id, c.doctor.id, dia, sumarDias(dia, 12 * 7), sumarDias(dia, 16 * 7)],
    ]);
    const trabajos = (await db().select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'retratamiento.recordar')))
      .filter((f) => filas.some((r) => r.id === (f.carga as { retratamientoId: number }).retratamientoId))
      .map((f) => f.disponible_en.toISOString())
      .sort();
    expect(trabajos).toEqual([`${filas[1]!.desde_el}T14:00:00.000Z`, `${filas[0]!.desde_el}T14:00:00.000Z`].sort());
  });
});

describe('the recall list', () => {
  const ids = (l: RetratamientosWire) => l.items.map((i) => i.paciente.id);

  it('due, overdue and booked are exact; drafts, rows not yet due and replaced rows are left out', async () => {
    expect(ids(await lista(c.admin, 'estado=pendiente'))).toEqual([p1.id]);
    expect(ids(await lista(c.asistente, 'estado=vencido'))).toEqual([p2.id]);
    const agendados = await lista(c.admin, 'estado=agendado');
    expect(ids(agendados)).toEqual([p4.id]);
    expect(agendados.items[0]).toMatchObject({ estado: 'agendado', cita: { id: citaP4 }, tipo: 'toxina_botulinica' });
    const [due] = (await lista(c.asistente, 'estado=pendiente')).items;
    expect(due).toMatchObject({
      paciente: { id: p1.id, telefono: null, numerodocumento: expect.any(String) },
      doctor: { id: c.doctor.id },
      aplicado_el: sumarDias(c.hoy(), -90),
      cita: null,
    });
  });

  it('filters by doctor; a doctor’s list holds only her own patients', async () => {
    expect(ids(await lista(c.asistente, `estado=vencido&doctor_id=${c.doctor.id}`))).toEqual([]);
    expect(ids(await lista(c.asistente, `estado=vencido&doctor_id=${c.otroDoctor.id}`))).toEqual([p2.id]);
    expect(ids(await lista(c.doctor, 'estado=vencido'))).toEqual([]);
    expect(ids(await lista(c.otroDoctor, 'estado=vencido'))).toEqual([p2.id]);
    expect(ids(await lista(c.otroDoctor, 'estado=pendiente'))).toEqual([]);
  });

  it('is paginated', async () => {
    const l = await lista(c.admin, 'estado=pendiente&porPagina=1&pagina=2');
    expect(l).toMatchObject({ total: 1, pagina: 2, porPagina: 1, items: [] });
  });
});

describe('the reminder', () => {
  it('skips a row a later application replaced, and one whose patient booked with the doctor (linking it)', async () => {
    const svc = c.t.app.services.trazabilidad;
    const [viejaP5] = (await db().select().from(retratamientos).where(eq(retratamientos.paciente_id, p5.id))).sort(
      (a, b) => a.aplicado_el.localeCompare(b.aplicado_el),
    );
    await svc.recordar({ retratamientoId: viejaP5!.id });
    const [filaP4] = await db().select().from(retratamientos).where(eq(retratamientos.paciente_id, p4.id));
    await svc.recordar({ retratamientoId: filaP4!.id });
    expect(await recordatorios(p5.id)).toHaveLength(0);
    expect(await recordatorios(p4.id)).toHaveLength(0);
    const [despues] = await db().select().from(retratamientos).where(eq(retratamientos.id, filaP4!.id));
    expect(despues).toMatchObject({ cita_id: citaP4, recordado_en: null });
  });

  it('goes once at its time, with a link to book with the same doctor, even when its job runs twice', async () => {
    const [fila] = await db().select().from(retratamientos).where(eq(retratamientos.paciente_id, p3.id));
    await c.t.app.services.despachador.despachar();
    expect(await recordatorios(p3.id)).toHaveLength(0);
    c.reloj.avanzar(60 * DIA_MS);
    await c.t.app.services.despachador.despachar();
    await c.t.app.services.trazabilidad.recordar({ retratamientoId: fila!.id });
    const avisos = await recordatorios(p3.id);
    expect(avisos).toHaveLength(1);
    expect(avisos[0]).toMatchObject({ ruta: `/crearcita?doctor=${c.doctor.id}` });
    expect(avisos[0]!.mensaje).toMatch(/retoque de toxina botulínica/);
    const [despues] = await db().select().from(retratamientos).where(eq(retratamientos.id, fila!.id));
    expect(despues!.recordado_en).toEqual(c.reloj.now());
    const correos = (await db().select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo'))).filter((f) =>
      (f.carga as { texto: string }).texto.includes(`/crearcita?doctor=${c.doctor.id}`),
    );
    expect(correos.filter((f) => (f.carga as { asunto: string }).asunto.includes('retoque')).length).toBeGreaterThan(0);
  });
});

describe('the clinic’s intervals', () => {
  it('lists every type with the usual interval; the administrator overrides them, audited', async () => {
    const antes: IntervaloWire[] = (await c.pedir('GET', rutas.intervalos, c.asistente)).json();
    expect(antes).toContainEqual({
      tipo: 'toxina_botulinica',
      semanas_desde: 12,
      semanas_hasta: 16,
      recordar: true,
      personalizado: false,
    });
    expect(antes.find((i) => i.tipo === 'anestesico')).toMatchObject({ recordar: false });
    const invertido = await c.pedir('PUT', rutas.intervalos, c.admin, [
      { tipo: 'toxina_botulinica', semanas_desde: 16, semanas_hasta: 12, recordar: true },
    ]);
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().issues[0].mensaje).toBe(M.intervaloInvertido);
    const res = await c.pedir('PUT', rutas.intervalos, c.admin, [
      { tipo: 'toxina_botulinica', semanas_desde: 10, semanas_hasta: 14, recordar: true },
      { tipo: 'acido_hialuronico', semanas_desde: 39, semanas_hasta: 52, recordar: false },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toContainEqual({
      tipo: 'toxina_botulinica',
      semanas_desde: 10,
      semanas_hasta: 14,
      recordar: true,
      personalizado: true,
    });
    const [audit] = await db().select().from(auditoria).where(eq(auditoria.accion, 'retratamiento.intervalos'));
    expect(audit).toMatchObject({ usuario_id: c.admin.id });

    const { evolucionId } = await c.notaConMapa({
      paciente: await nuevaPaciente(),
      doctor: c.doctor,
      diasAtras: 1,
      puntos: [
        { loteId: toxina, cantidad: 500 },
        { loteId: hialuronico, cantidad: 100 },
      ],
    });
    const filas = await filasDe(evolucionId);
    expect(filas.map((f) => [f.tipo, f.desde_el])).toEqual([
      ['toxina_botulinica', sumarDias(filas[0]!.aplicado_el as Fecha, 70)],
    ]);
  });
});
