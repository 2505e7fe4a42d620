// Ley 1799 de 2016 cannot be bypassed (issue 21, item 3): the age counts on the appointment's day on every path that
// sets a date (reschedule, staff edit), the legal floor of 18 is lowered only for a procedure an administrator
// marked exempt (audited; the database refuses it too), and a birth date that already counts for appointments or a
// record is changed only by staff with a reason, never by the patient herself.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJE_LEY_1799, MENSAJE_SOLO_ADMIN_EXENTO, procedimientosPaths } from '@clinica/contracts/catalogo';
import { citasPaths, MENSAJES_CITAS } from '@clinica/contracts/citas';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { auditoria, citas, procedimientos, usuarios } from '../src/db/schema/index.ts';
import { MENSAJES } from '../src/features/usuarios/usuarios.reglas.ts';
import { crearUsuario, crearUsuarios, type UsuarioDePrueba } from './auth-helpers.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { bogota, semanaDeTrabajo } from './clinica-fixtures.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { crearReloj } from './usuarios-fixtures.ts';

// Monday 23 November 2026, 07:00 in Bogotá.
const reloj = crearReloj(new Date('2026-11-23T12:00:00Z'));
let t: TestContext;
let admin: UsuarioDePrueba;
let asistente: UsuarioDePrueba;
let doctor: UsuarioDePrueba;
let casiAdulta: UsuarioDePrueba;
let categoriaId: number;

const HORARIO = semanaDeTrabajo(['08:00', '18:00']);
const pedir = (method: 'POST' | 'PATCH' | 'PUT', url: string, quien: UsuarioDePrueba, payload: object) =>
  t.app.inject({ method, url, headers: quien.headers, payload });
const auditoriaDe = (accion: string, recursoId: number) =>
  t.database.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.accion, accion), eq(auditoria.recurso_id, String(recursoId))));

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now });
  [admin, asistente, doctor, casiAdulta] = await crearUsuarios(
    t.database,
    ['administrador', 'asistente', 'doctor', 'paciente'],
    { now: reloj.now() },
  );
  // She turns 18 on Tuesday 15 December 2026.
  await t.database.db.update(usuarios).set({ fecha_nacimiento: '2008-12-15' }).where(eq(usuarios.id, casiAdulta.id));
  expect((await pedir('PUT', citasPaths.horarios(doctor.id), asistente, { horarios: HORARIO })).statusCode).toBe(200);
  categoriaId = (await crearCategoria(t.app, admin.headers)).id;
});
afterAll(() => t.close());

describe('the legal floor of 18 in the catalogue', () => {
  it('staff cannot lower a procedure under 18, nor mark it exempt; nothing is written', async () => {
    const antes = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(procedimientos))[0]!.n;
    const bajo = await pedir('POST', procedimientosPaths.crear, asistente, {
      nombre: 'Toxina para adolescentes',
      descripcion: 'Descripción de prueba suficientemente larga.',
      precio: 500000,
      duracion_minutos: 30,
      categoria_id: categoriaId,
      edad_minima: 0,
    });
    expect(bajo.statusCode).toBe(422);
    expect(bajo.json()).toMatchObject({ error: MENSAJE_LEY_1799, issues: [{ campo: 'edad_minima' }] });
    const exento = await pedir('POST', procedimientosPaths.crear, asistente, {
      nombre: 'Depilación láser axilas',
      descripcion: 'Descripción de prueba suficientemente larga.',
      precio: 150000,
      duracion_minutos: 30,
      categoria_id: categoriaId,
      edad_minima: 14,
      exento_ley_1799: true,
    });
    expect(exento.statusCode).toBe(403);
    expect(exento.json().error).toBe(MENSAJE_SOLO_ADMIN_EXENTO);
    const despues = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(procedimientos))[0]!.n;
    expect(despues).toBe(antes);
  });

  it('an administrator marks an exempt procedure (audited); staff may not unmark it nor lower another', async () => {
    const laser = await crearProcedimiento(t.app, admin.headers, categoriaId, {
      edad_minima: 14,
      exento_ley_1799: true,
    });
    expect(laser).toMatchObject({ edad_minima: 14, exento_ley_1799: true });
    expect(await auditoriaDe('procedimientos.exento_ley_1799', laser.id)).toHaveLength(1);
    // Within an exempt procedure, the catalogue staff keep its age up to date.
    expect(
      (await pedir('PATCH', procedimientosPaths.editar(laser.id), asistente, { edad_minima: 15 })).statusCode,
    ).toBe(200);
    const desmarcar = await pedir('PATCH', procedimientosPaths.editar(laser.id), doctor, { exento_ley_1799: false });
    expect(desmarcar.statusCode).toBe(403);

    const toxina = await crearProcedimiento(t.app, asistente.headers, categoriaId);
    expect(toxina).toMatchObject({ edad_minima: 18, exento_ley_1799: false });
    const bajar = await pedir('PATCH', procedimientosPaths.editar(toxina.id), admin, { edad_minima: 16 });
    expect(bajar.statusCode).toBe(422);
    expect(bajar.json().error).toBe(MENSAJE_LEY_1799);
    // The database refuses it as well, whatever writes it.
    await expect(
      t.database.db.update(procedimientos).set({ edad_minima: 0 }).where(eq(procedimientos.id, toxina.id)),
    ).rejects.toThrow();
  });
});

describe('the age counts on the appointment’s day on every path', () => {
  let procedimientoId: number;
  let citaId: number;

  beforeAll(async () => {
    procedimientoId = (await crearProcedimiento(t.app, admin.headers, categoriaId, { duracion_minutos: 30 })).id;
    const res = await pedir('POST', citasPaths.crear, asistente, {
      doctor_id: doctor.id,
      paciente_id: casiAdulta.id,
      tipo: 'procedimiento',
      procedimiento_id: procedimientoId,
      inicio: bogota('2026-12-16', '10:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    citaId = res.json().id;
  });

  it.each([
    [
      'rescheduling',
      () => pedir('PATCH', citasPaths.reagendar(citaId), asistente, { inicio: bogota('2026-12-14', '10:00') }),
    ],
    [
      'a staff edit (the calendar’s drag)',
      () => pedir('PATCH', citasPaths.editar(citaId), asistente, { inicio: bogota('2026-12-14', '11:00') }),
    ],
  ])('%s to a day before her 18th birthday is refused, and the appointment stays', async (_via, mover) => {
    const res = await mover();
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(MENSAJES_CITAS.menorDeEdad);
    const [fila] = await t.database.db.select().from(citas).where(eq(citas.id, citaId));
    expect(fila!.inicio.toISOString()).toBe('2026-12-16T15:00:00.000Z');
  });

  it('moving it to another day after her birthday is fine', async () => {
    const res = await pedir('PATCH', citasPaths.reagendar(citaId), asistente, {
      inicio: bogota('2026-12-17', '10:00'),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a birth date that already counts', () => {
  it('the patient cannot change her own once she has an appointment; before that she can', async () => {
    const res = await pedir('PATCH', usuariosPaths.perfil, casiAdulta, { fecha_nacimiento: '2000-01-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().issues).toEqual([{ campo: 'fecha_nacimiento', mensaje: MENSAJES.fechaNacimientoEnUso }]);
    const [fila] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, casiAdulta.id));
    expect(fila!.fecha_nacimiento).toBe('2008-12-15');

    const nueva = await crearUsuario(t.database, 'paciente', { now: reloj.now() });
    const propia = await pedir('PATCH', usuariosPaths.perfil, nueva, { fecha_nacimiento: '1995-03-02' });
    expect(propia.statusCode, propia.body).toBe(200);
  });

  it('an administrator changes it only with a reason, kept in the audit row', async () => {
    const sin = await pedir('PATCH', usuariosPaths.editar(casiAdulta.id), admin, { fecha_nacimiento: '2008-11-15' });
    expect(sin.statusCode).toBe(422);
    expect(sin.json().issues).toEqual([{ campo: 'motivo_fecha_nacimiento', mensaje: MENSAJES.motivoFechaNacimiento }]);
    const con = await pedir('PATCH', usuariosPaths.editar(casiAdulta.id), admin, {
      fecha_nacimiento: '2008-11-15',
      motivo_fecha_nacimiento: 'Error de digitación; verificado con la tarjeta de identidad',
    });
    expect(con.statusCode).toBe(200);
    expect(con.json()).toMatchObject({ fecha_nacimiento: '2008-11-15' });
    expect(con.json()).not.toHaveProperty('motivo_fecha_nacimiento');
    const [fila] = await auditoriaDe('usuarios.editar', casiAdulta.id);
    expect(fila?.detalle).toContain(
      'fecha_nacimiento 2008-12-15->2008-11-15; motivo=Error de digitación; verificado con la tarjeta de identidad',
    );
  });
});
