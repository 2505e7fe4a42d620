// Clinical notes follow their appointment (issue 21, item 8): a note is signed only from the appointment's start,
// only by its current doctor, never on a cancelled one; a draft passes to the doctor the appointment moved to; and
// an appointment with a signed note is never cancelled, moved or given to another doctor.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths } from '@clinica/contracts/citas';
import { evolucionesPaths as rutas } from '@clinica/contracts/evoluciones';
import { auditoria, citas, evoluciones } from '../src/db/schema/index.ts';
import { M_CON_NOTA_FIRMADA } from '../src/features/citas/cambios.service.ts';
import { MENSAJES_EVOLUCION } from '../src/features/evoluciones/evoluciones.service.ts';
import { crearUsuarios, otraSesion, type UsuarioDePrueba } from './auth-helpers.ts';
import { insertarCita } from './clinica-fixtures.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { crearReloj } from './usuarios-fixtures.ts';

const reloj = crearReloj();
let t: TestContext;
let paciente: UsuarioDePrueba;
let doctor: UsuarioDePrueba;
let otroDoctor: UsuarioDePrueba;
let asistente: UsuarioDePrueba;

const NOTA = { motivo: 'Control de toxina', hallazgos: 'Buena respuesta.' };
/** Each request with a session opened at the clock's now: the tests move the clock past sessions' idle limit. */
const pedir = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, quien: UsuarioDePrueba, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: (await otraSesion(t.database, quien, { now: reloj.now() })).headers,
    ...(payload ? { payload } : {}),
  });

/** An appointment of paciente with doctor starting `horas` from the clock's now (negative: already started). */
const cita = (horas: number, estado: 'pendiente' | 'confirmada' = 'confirmada') =>
  insertarCita(t.database, {
    pacienteId: paciente.id,
    doctorId: doctor.id,
    inicio: new Date(reloj.now().getTime() + horas * 3_600_000),
    estado,
  });
async function borrador(citaId: number, quien = doctor) {
  const res = await pedir('POST', rutas.porCita(citaId), quien, NOTA);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; autor: { id: number } };
}

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now });
  [paciente, doctor, otroDoctor, asistente] = await crearUsuarios(t.database, [
    'paciente',
    'doctor',
    'doctor',
    'asistente',
  ]);
});
afterAll(() => t.close());

describe('a note is signed from the appointment’s start', () => {
  it('a draft ahead of time is fine; signing it waits for the start', async () => {
    const citaId = await cita(24 * 12);
    const nota = await borrador(citaId);
    const antes = await pedir('POST', rutas.firmar(nota.id), doctor);
    expect(antes.statusCode).toBe(409);
    expect(antes.json().error).toMatch(/^La nota se firma cuando la cita ya empezó: podrás firmarla desde el /);
    const [fila] = await t.database.db.select().from(evoluciones).where(eq(evoluciones.id, nota.id));
    expect(fila?.firmada_en).toBeNull();

    reloj.avanzar(24 * 12 * 3_600_000 + 60_000);
    expect((await pedir('POST', rutas.firmar(nota.id), doctor)).statusCode).toBe(200);
  });
});

describe('the appointment moved to another doctor', () => {
  it('its former author can neither edit nor sign; the new doctor takes the draft, audited, and signs it', async () => {
    const citaId = await cita(-1);
    const nota = await borrador(citaId);
    await t.database.db.update(citas).set({ doctor_id: otroDoctor.id }).where(eq(citas.id, citaId));

    for (const res of [
      await pedir('PUT', rutas.editar(nota.id), doctor, { ...NOTA, hallazgos: 'Sigo escribiendo' }),
      await pedir('POST', rutas.firmar(nota.id), doctor),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(MENSAJES_EVOLUCION.otroDoctor);
    }

    const tomada = await pedir('POST', rutas.porCita(citaId), otroDoctor, { motivo: 'Control', hallazgos: 'Nuevo' });
    expect(tomada.statusCode).toBe(201);
    expect(tomada.json()).toMatchObject({ id: nota.id, autor: { id: otroDoctor.id }, hallazgos: 'Nuevo' });
    const audit = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'evolucion.tomar'), eq(auditoria.recurso_id, String(nota.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.usuario_id).toBe(otroDoctor.id);
    expect((await pedir('POST', rutas.firmar(nota.id), otroDoctor)).statusCode).toBe(200);
    // A signed note is never taken.
    const otraVez = await pedir('POST', rutas.porCita(citaId), otroDoctor, NOTA);
    expect(otraVez.statusCode).toBe(409);
  });
});

describe('a cancelled appointment', () => {
  it('its draft can neither be edited nor signed', async () => {
    const citaId = await cita(-2);
    const nota = await borrador(citaId);
    await t.database.db.update(citas).set({ estado: 'cancelada' }).where(eq(citas.id, citaId));
    for (const res of [
      await pedir('PUT', rutas.editar(nota.id), doctor, NOTA),
      await pedir('POST', rutas.firmar(nota.id), doctor),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(MENSAJES_EVOLUCION.citaCancelada);
    }
  });
});

describe('an appointment with a signed note stays where it happened', () => {
  it('is not cancelled, rescheduled nor given to another doctor; its notes may still change', async () => {
    const citaId = await cita(-3);
    const nota = await borrador(citaId);
    expect((await pedir('POST', rutas.firmar(nota.id), doctor)).statusCode).toBe(200);

    const manana = new Date(reloj.now().getTime() + 26 * 3_600_000).toISOString();
    for (const res of [
      await pedir('PATCH', citasPaths.cancelar(citaId), asistente, { motivo: 'La paciente no vino' }),
      await pedir('PATCH', citasPaths.reagendar(citaId), asistente, { inicio: manana }),
      await pedir('PATCH', citasPaths.editar(citaId), asistente, { doctor_id: otroDoctor.id }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'REGLA_NEGOCIO', error: M_CON_NOTA_FIRMADA });
    }
    const [fila] = await t.database.db.select().from(citas).where(eq(citas.id, citaId));
    expect(fila).toMatchObject({ estado: 'confirmada', doctor_id: doctor.id });
    const soloNotas = await pedir('PATCH', citasPaths.editar(citaId), asistente, { observaciones: 'Llegó tarde' });
    expect(soloNotas.statusCode).toBe(200);
  });
});
