// Ley 1581 de 2012 at the front desk (issue 21, item 4): patients created by staff had no recorded authorisation to
// process their health data, yet their clinical data was recorded. Now the desk records it when the patient reads
// and accepts on its screen (who, when, where, which version), or she accepts herself at her first sign-in; until
// then no clinical record is opened and no procedure is booked for her.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths } from '@clinica/contracts/citas';
import { diaDeSemana, esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import { historiasPaths } from '@clinica/contracts/historias';
import {
  MENSAJE_SIN_AUTORIZACION_DATOS,
  MENSAJE_SIN_AUTORIZACION_PROPIA,
  usuariosPaths as rutas,
  VERSION_TERMINOS,
} from '@clinica/contracts/usuarios';
import { auditoria, usuarios } from '../src/db/schema/index.ts';
import { crearUsuarios, otraSesion, type UsuarioDePrueba } from './auth-helpers.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { registro } from './usuarios-fixtures.ts';

let t: TestContext;
let admin: UsuarioDePrueba;
let asistente: UsuarioDePrueba;
let doctor: UsuarioDePrueba;

const pedir = (method: 'GET' | 'POST' | 'PUT', url: string, quien: UsuarioDePrueba | undefined, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: quien?.headers ?? {},
    ...(payload ? { payload } : {}),
    remoteAddress: '203.0.113.9',
  });
const ACEPTA = { terminos_condiciones: true, politica_datos: true };

/** A patient the desk creates, with or without her authorisation read and accepted on its screen. */
async function crearEnRecepcion(autorizacion: boolean | undefined) {
  const { terminos_condiciones: _t, politica_datos: _p, ...datos } = registro();
  const res = await pedir('POST', rutas.crearAdmin, asistente, {
    ...datos,
    rol: 'paciente',
    ...(autorizacion === undefined ? {} : { autorizacion_datos: autorizacion }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; autorizacion_datos_en: string | null };
}
const fila = async (id: number) => (await t.database.db.select().from(usuarios).where(eq(usuarios.id, id)))[0]!;
const historia = (quien: UsuarioDePrueba, pacienteId?: number) =>
  pedir('POST', historiasPaths.crear, quien, {
    ...(pacienteId ? { paciente_id: pacienteId } : {}),
    antecedentes: { alergias: ['Penicilina'] },
  });

beforeAll(async () => {
  t = await createTestApp();
  [admin, asistente, doctor] = await crearUsuarios(t.database, ['administrador', 'asistente', 'doctor']);
});
afterAll(() => t.close());

describe('the desk records the authorisation', () => {
  it('created with it: version, time, desk address and who registered it are stored and audited', async () => {
    const p = await crearEnRecepcion(true);
    expect(p.autorizacion_datos_en).not.toBeNull();
    expect(await fila(p.id)).toMatchObject({
      version_terminos: VERSION_TERMINOS,
      ip_aceptacion: '203.0.113.9',
      autorizacion_registrada_por: asistente.id,
    });
    const [a] = await t.database.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.recurso_id, String(p.id)));
    expect(a?.detalle).toContain(`autorizacion_datos=recepcion; version_terminos=${VERSION_TERMINOS}`);
  });

  it('created without it: nothing recorded; no record and no procedure for her until it is', async () => {
    const p = await crearEnRecepcion(undefined);
    expect(p.autorizacion_datos_en).toBeNull();
    expect(await fila(p.id)).toMatchObject({ terminos_aceptados_en: null, version_terminos: null });

    const h = await historia(doctor, p.id);
    expect(h.statusCode).toBe(422);
    expect(h.json().error).toBe(MENSAJE_SIN_AUTORIZACION_DATOS);

    const categoria = await crearCategoria(t.app, admin.headers);
    const proc = await crearProcedimiento(t.app, admin.headers, categoria.id, { duracion_minutos: 30 });
    await t.database.db.update(usuarios).set({ fecha_nacimiento: '1990-01-01' }).where(eq(usuarios.id, p.id));
    const horarios = [1, 2, 3, 4, 5, 6].map((d) => ({ dia_semana: d, hora_inicio: '08:00', hora_fin: '18:00' }));
    expect((await pedir('PUT', citasPaths.horarios(doctor.id), asistente, { horarios })).statusCode).toBe(200);
    let dia = sumarDias(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date()), 3);
    while (esDiaNoHabil(dia) || diaDeSemana(dia) === 0) dia = sumarDias(dia, 1);
    const cita = await pedir('POST', citasPaths.crear, asistente, {
      doctor_id: doctor.id,
      paciente_id: p.id,
      tipo: 'procedimiento',
      procedimiento_id: proc.id,
      inicio: `${dia}T10:00:00-05:00`,
    });
    expect(cita.statusCode).toBe(422);
    expect(cita.json().error).toBe(MENSAJE_SIN_AUTORIZACION_DATOS);

    // Later, at the desk, in front of her: recorded once; a second time changes nothing.
    const r = await pedir('POST', rutas.autorizacion(p.id), asistente, ACEPTA);
    expect(r.statusCode).toBe(200);
    const cuando = (await fila(p.id)).terminos_aceptados_en;
    expect(cuando).toBeInstanceOf(Date);
    expect((await pedir('POST', rutas.autorizacion(p.id), admin, ACEPTA)).statusCode).toBe(200);
    expect((await fila(p.id)).terminos_aceptados_en).toEqual(cuando);
    expect((await fila(p.id)).autorizacion_registrada_por).toBe(asistente.id);
    expect((await historia(doctor, p.id)).statusCode).toBe(201);
  });

  it('only the desk records it, only for patients, and only with both boxes', async () => {
    const p = await crearEnRecepcion(false);
    expect((await pedir('POST', rutas.autorizacion(p.id), doctor, ACEPTA)).statusCode).toBe(403);
    expect((await pedir('POST', rutas.autorizacion(doctor.id), asistente, ACEPTA)).statusCode).toBe(404);
    const sinPolitica = await pedir('POST', rutas.autorizacion(p.id), asistente, { terminos_condiciones: true });
    expect(sinPolitica.statusCode).toBe(400);
    expect((await fila(p.id)).terminos_aceptados_en).toBeNull();
  });
});

describe('the patient accepts herself', () => {
  it('at her first sign-in: before it her own intake is refused; after it, it opens', async () => {
    const p = await crearEnRecepcion(undefined);
    const ella = await otraSesion(t.database, { id: p.id, rol: 'paciente' });
    const antes = await historia(ella);
    expect(antes.statusCode).toBe(422);
    expect(antes.json().error).toBe(MENSAJE_SIN_AUTORIZACION_PROPIA);

    const perfil = await pedir('GET', rutas.perfil, ella);
    expect(perfil.json().autorizacion_datos_en).toBeNull();
    const acepta = await pedir('POST', rutas.perfilAutorizacion, ella, ACEPTA);
    expect(acepta.statusCode).toBe(200);
    expect(acepta.json().autorizacion_datos_en).not.toBeNull();
    expect(await fila(p.id)).toMatchObject({ version_terminos: VERSION_TERMINOS, autorizacion_registrada_por: null });
    expect((await historia(ella)).statusCode).toBe(201);
  });

  it('staff cannot use the patient’s own route', async () => {
    expect((await pedir('POST', rutas.perfilAutorizacion, asistente, ACEPTA)).statusCode).toBe(403);
  });
});
