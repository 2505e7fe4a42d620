// Dates far outside a clinic's years (issue 21, item 9): a year before 1583 or 9999-12-31 reached the calendar code
// and the database and answered 500. Every date and instant a client sends is checked against the years a clinic's
// history and booking horizon can hold, with a Spanish 400 that names the field, and nothing runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths } from '@clinica/contracts/citas';
import { ANIO_MAX, ANIO_MIN } from '@clinica/contracts/common';
import { crearUsuarios, type UsuarioDePrueba } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
let asistente: UsuarioDePrueba;
let doctor: UsuarioDePrueba;
let paciente: UsuarioDePrueba;
const MENSAJE = `Usa una fecha entre los años ${ANIO_MIN} y ${ANIO_MAX}`;

beforeAll(async () => {
  t = await createTestApp();
  [asistente, doctor, paciente] = await crearUsuarios(t.database, ['asistente', 'doctor', 'paciente']);
});
afterAll(() => t.close());

describe('dates outside the clinic’s years', () => {
  it.each([
    [
      'availability from year 1500',
      () => `${citasPaths.disponibilidad}?doctor_id=${doctor.id}&desde=1500-01-01&hasta=1500-01-02`,
      'desde',
    ],
    [
      'availability up to 9999',
      () => `${citasPaths.disponibilidad}?doctor_id=${doctor.id}&desde=2026-01-01&hasta=9999-12-31`,
      'hasta',
    ],
    ['the appointments list up to 9999', () => `${citasPaths.listar}?desde=2026-01-01&hasta=9999-12-31`, 'hasta'],
    ['the appointments list from year 0001', () => `${citasPaths.listar}?desde=0001-01-01`, 'desde'],
    [
      'a doctor’s blocks up to 9999',
      () => `${citasPaths.bloqueos(doctor.id)}?desde=2026-01-01&hasta=9999-12-31`,
      'hasta',
    ],
  ])('%s: 400 naming the field', async (_nombre, url, campo) => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: asistente.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDACION' });
    expect(res.json().issues).toContainEqual({ campo, mensaje: MENSAJE });
  });

  it('a booking in year 9999 is refused the same way, and nothing is written', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: citasPaths.crear,
      headers: asistente.headers,
      payload: { doctor_id: doctor.id, paciente_id: paciente.id, inicio: '9999-12-31T09:00:00-05:00' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ campo: 'inicio', mensaje: MENSAJE });
    const r = await t.database.db.execute('select count(*)::int as n from citas');
    expect(r.rows[0]).toEqual({ n: 0 });
  });

  it('dates inside the years still work', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${citasPaths.listar}?desde=2026-01-01&hasta=2026-12-31`,
      headers: asistente.headers,
    });
    expect(res.statusCode).toBe(200);
  });
});
