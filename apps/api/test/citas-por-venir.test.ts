// One patient cannot hoard a doctor's agenda (issue 21, item 2): a self-registered patient booked all 36 free slots
// of a doctor in 425 ms. A patient books herself at most CITAS_POR_VENIR_MAX appointments to come (3 by default),
// even with all her requests at once; what staff book for her does not count; a cancelled one frees a place.
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths as rutas } from '@clinica/contracts/citas';
import { citas, usuarios } from '../src/db/schema/index.ts';
import { mensajeCitasPorVenir } from '../src/features/citas/reserva.service.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';
import { createTestApp, testConfig, type TestContext, inyectar } from './helpers.ts';
import { semanaDeTrabajo } from './clinica-fixtures.ts';
import { crearReloj } from './usuarios-fixtures.ts';

// Monday 23 November 2026, 07:00 in Bogotá.
const reloj = crearReloj(new Date('2026-11-23T12:00:00Z'));
let t: TestContext;
let paciente: UsuarioDePrueba;
let asistente: UsuarioDePrueba;
let doctor: UsuarioDePrueba;
const HORARIO = semanaDeTrabajo(['08:00', '18:00']);
/** 36 free times on Tuesday 1 December (Bogotá), every 15 minutes apart from the next. */
const horas = Array.from({ length: 36 }, (_, i) => {
  const min = 8 * 60 + i * 15;
  return `2026-12-01T${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:00-05:00`;
}).filter((h) => !h.includes('T08:15') && !h.includes('T08:45'));

const porVenir = async (id: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(citas)
      .where(and(eq(citas.paciente_id, id), inArray(citas.estado, ['pendiente', 'confirmada'])))
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now, config: testConfig({ citasPorVenirMax: 3 }) });
  const ahora = reloj.now();
  paciente = await crearUsuario(t.database, 'paciente', { now: ahora });
  asistente = await crearUsuario(t.database, 'asistente', { now: ahora });
  doctor = await crearUsuario(t.database, 'doctor', { now: ahora });
  await t.database.db.update(usuarios).set({ fecha_nacimiento: '1990-05-01' }).where(eq(usuarios.id, paciente.id));
  const h = await inyectar(t.app, 'PUT', rutas.horarios(doctor.id), asistente.headers, { horarios: HORARIO });
  expect(h.statusCode).toBe(200);
});
afterAll(() => t.close());

const reservar = (quien: UsuarioDePrueba, inicio: string, extra: object = {}) =>
  inyectar(t.app, 'POST', rutas.crear, quien.headers, { doctor_id: doctor.id, inicio, tipo: 'evaluacion', ...extra });

describe('appointments to come a patient books herself', () => {
  it('12 requests at once: 3 booked, the rest a Spanish 422; staff book a fourth for her, which does not count', async () => {
    const libres = horas.filter((_, i) => i % 2 === 0).slice(0, 12);
    const respuestas = await Promise.all(libres.map((inicio) => reservar(paciente, inicio)));
    const codigos = respuestas.map((r) => r.statusCode);
    expect(codigos.filter((c) => c === 201)).toHaveLength(3);
    for (const r of respuestas.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ code: 'REGLA_NEGOCIO', error: mensajeCitasPorVenir(3) });
    }
    expect(await porVenir(paciente.id)).toBe(3);

    // A time none of the twelve asked for: which three won the race is up to the database.
    const porLaRecepcion = await reservar(asistente, '2026-12-01T17:00:00-05:00', { paciente_id: paciente.id });
    expect(porLaRecepcion.statusCode).toBe(201);
    expect(await porVenir(paciente.id)).toBe(4);
  });

  it('a cancelled one frees a place', async () => {
    const [una] = await t.database.db
      .select({ id: citas.id })
      .from(citas)
      .where(and(eq(citas.paciente_id, paciente.id), eq(citas.creada_por, paciente.id)))
      .limit(1);
    await t.database.db.update(citas).set({ estado: 'cancelada' }).where(eq(citas.id, una!.id));
    // Three to come with the staff's one, but only two of her own: one more is hers to book.
    expect((await reservar(paciente, horas[1]!)).statusCode).toBe(201);
    expect((await reservar(paciente, horas[3]!)).statusCode).toBe(422);
  });
});
