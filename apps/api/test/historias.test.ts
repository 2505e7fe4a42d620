// The clinical record (issue 9, item 1): one per patient, never deleted (the database refuses it), every save
// keeping the previous version; the patient fills their own intake before the first visit; doctors read and
// edit (each read audited); staff see the list's demographics only.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historiasPaths as rutas, type HistoriaWire } from '@clinica/contracts/historias';
import { auditoria, citas, historiasClinicas, historiasVersiones, usuarios } from '../src/db/schema/index.ts';
import { MENSAJES_HISTORIA } from '../src/features/historias/historias.service.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { crearUsuario, crearUsuarios, type UsuarioDePrueba } from './auth-helpers.ts';

let t: TestContext;
let paciente: UsuarioDePrueba;
let otra: UsuarioDePrueba;
let doctor: UsuarioDePrueba;
let asistente: UsuarioDePrueba;
let admin: UsuarioDePrueba;
let historia: HistoriaWire;

const pedir = (method: 'GET' | 'POST' | 'PATCH', url: string, quien?: UsuarioDePrueba, payload?: object) =>
  t.app.inject({ method, url, headers: quien?.headers ?? {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  [paciente, otra, doctor, asistente, admin] = await crearUsuarios(t.database, [
    'paciente',
    'paciente',
    'doctor',
    'asistente',
    'administrador',
  ]);
  await t.database.db
    .update(usuarios)
    .set({ nombre: 'Lucía Pérez', genero: 'femenino' })
    .where(eq(usuarios.id, paciente.id));
});
afterAll(() => t.close());

describe('the patient fills their intake', () => {
  it('creates their own record with lists, flags and fototipo', async () => {
    const res = await pedir('POST', rutas.crear, paciente, {
      antecedentes: { alergias: ['Penicilina'], medicamentos: ['Levotiroxina 50 mcg'] },
      usa_anticonceptivos: true,
      detalles_anticonceptivos: 'Implante subdérmico',
      fototipo: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    historia = res.json();
    expect(historia).toMatchObject({
      paciente_id: paciente.id,
      usuario: { nombre: 'Lucía Pérez', genero: 'femenino' },
      antecedentes: { alergias: ['Penicilina'], medicamentos: ['Levotiroxina 50 mcg'], enfermedades: [] },
      usa_anticonceptivos: true,
      fototipo: 3,
      version: 1,
      // Issue 21.9: the first version names its author.
      creada_por: { id: paciente.id, nombre: 'Lucía Pérez' },
    });
  });

  it('contraceptives ticked need their details; fototipo goes from I to VI; one record per patient', async () => {
    const sinDetalle = await pedir('POST', rutas.crear, otra, { usa_anticonceptivos: true });
    expect(sinDetalle.statusCode).toBe(400);
    expect(sinDetalle.json().issues).toEqual([
      { campo: 'detalles_anticonceptivos', mensaje: 'Cuéntanos qué método anticonceptivo usas' },
    ]);
    expect((await pedir('POST', rutas.crear, otra, { fototipo: 7 })).statusCode).toBe(400);
    const otraVez = await pedir('POST', rutas.crear, paciente, {});
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().error).toBe('Esta paciente ya tiene historia clínica. Ábrela para actualizarla.');
  });

  it('mihistorialclinico: their own only', async () => {
    expect((await pedir('GET', rutas.mia(paciente.id), paciente)).json().id).toBe(historia.id);
    expect((await pedir('GET', rutas.mia(paciente.id), otra)).statusCode).toBe(403);
  });
});

describe('who reads what', () => {
  it('the list is for staff, demographics only (SPEC 7)', async () => {
    for (const quien of [asistente, doctor, admin]) {
      const res = await pedir('GET', rutas.listar, quien);
      expect(res.statusCode).toBe(200);
      const fila = (res.json() as Record<string, unknown>[]).find((h) => h.id === historia.id);
      expect(fila).toEqual({
        id: historia.id,
        usuario: {
          id: paciente.id,
          nombre: 'Lucía Pérez',
          correo: expect.any(String),
          rol: 'paciente',
          genero: 'femenino',
        },
      });
    }
    expect((await pedir('GET', rutas.listar, paciente)).statusCode).toBe(403);
  });

  it('a doctor reads the clinical content, and every read is audited', async () => {
    expect((await pedir('GET', rutas.buscar(historia.id), doctor)).json().antecedentes.alergias).toEqual([
      'Penicilina',
    ]);
    expect((await pedir('GET', rutas.porUsuario(paciente.id), doctor)).json().id).toBe(historia.id);
    const lecturas = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'historia.leer'), eq(auditoria.usuario_id, doctor.id)));
    expect(lecturas).toHaveLength(2);
  });

  it('assistants and administrators never read clinical content; another patient gets 404', async () => {
    for (const quien of [asistente, admin]) {
      expect((await pedir('GET', rutas.buscar(historia.id), quien)).statusCode).toBe(403);
      expect((await pedir('GET', rutas.porUsuario(paciente.id), quien)).statusCode).toBe(403);
    }
    expect((await pedir('GET', rutas.buscar(historia.id), otra)).statusCode).toBe(404);
    expect((await pedir('PATCH', rutas.editar(historia.id), otra, { fototipo: 2 })).statusCode).toBe(404);
  });
});

describe('versions and permanence', () => {
  it('every save keeps the previous version: who, when, which fields', async () => {
    const res = await pedir('PATCH', rutas.editar(historia.id), doctor, {
      antecedentes: { enfermedades: ['Hipotiroidismo'] },
      hipertension: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      version: 2,
      hipertension: true,
      antecedentes: { enfermedades: ['Hipotiroidismo'], alergias: ['Penicilina'] },
    });
    const versiones = (await pedir('GET', rutas.versiones(historia.id), doctor)).json();
    expect(versiones).toEqual([
      {
        version: 1,
        campos: ['antecedentes', 'hipertension'],
        cambiada_por: { id: doctor.id, nombre: expect.any(String) },
        cambiada_en: expect.any(String),
      },
    ]);
    // Saving the same values again is no new version.
    await pedir('PATCH', rutas.editar(historia.id), doctor, { hipertension: true });
    expect((await pedir('GET', rutas.buscar(historia.id), doctor)).json().version).toBe(2);
  });

  it('issue 21.6: a save that changes nothing writes nothing and is an audited read the patient sees', async () => {
    const contar = async () => ({
      versiones: (await t.database.db.select().from(historiasVersiones)).length,
      ediciones: (
        await t.database.db
          .select()
          .from(auditoria)
          .where(and(eq(auditoria.accion, 'historia.editar'), eq(auditoria.recurso_id, String(historia.id))))
      ).length,
    });
    const leidasSinCambios = () =>
      t.database.db
        .select()
        .from(auditoria)
        .where(
          and(
            eq(auditoria.accion, 'historia.leer'),
            eq(auditoria.usuario_id, doctor.id),
            eq(auditoria.detalle, `paciente=${paciente.id}; guardado sin cambios`),
          ),
        );
    const antes = await contar();
    const yaLeidas = (await leidasSinCambios()).length;
    const [fila] = await t.database.db.select().from(historiasClinicas).where(eq(historiasClinicas.id, historia.id));
    // An empty body, and an empty text where none was written ('' is no text, as on creation).
    for (const cuerpo of [{}, { otras_condiciones: '' }]) {
      const res = await pedir('PATCH', rutas.editar(historia.id), doctor, cuerpo);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ version: 2, otras_condiciones: null });
    }
    expect(await contar()).toEqual(antes);
    const [despues] = await t.database.db.select().from(historiasClinicas).where(eq(historiasClinicas.id, historia.id));
    expect(despues).toEqual(fila);
    // It answered the record: each one is a read in the audit log, as a GET would be.
    expect(await leidasSinCambios()).toHaveLength(yaLeidas + 2);
  });

  it('the patient edits their intake only until their first visit is done', async () => {
    expect((await pedir('PATCH', rutas.editar(historia.id), paciente, { consume_tabaco: true })).statusCode).toBe(200);
    await t.database.db.insert(citas).values({
      paciente_id: paciente.id,
      doctor_id: doctor.id,
      tipo: 'evaluacion',
      estado: 'realizada',
      inicio: new Date('2026-01-10T14:00:00Z'),
      fin: new Date('2026-01-10T14:30:00Z'),
      ocupado_hasta: new Date('2026-01-10T14:30:00Z'),
    });
    const tarde = await pedir('PATCH', rutas.editar(historia.id), paciente, { consume_alcohol: true });
    expect(tarde.statusCode).toBe(403);
    expect(tarde.json().error).toMatch(/^Tu historia clínica ya la actualiza tu doctor/);
  });

  it('the database refuses deleting a record or changing a version, whoever asks', async () => {
    await expect(
      t.database.db.delete(historiasClinicas).where(eq(historiasClinicas.id, historia.id)),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`update historias_clinicas_versiones set campos = '{}'`)).rejects.toThrow();
    const [fila] = await t.database.db.select().from(historiasClinicas).where(eq(historiasClinicas.id, historia.id));
    expect(fila).toBeDefined();
  });
});

describe('the patient sees who read their record', () => {
  it('lists the staff reads of their own record with name and role; never their own reads', async () => {
    await pedir('GET', rutas.mia(paciente.id), paciente);
    await pedir('GET', rutas.buscar(historia.id), paciente);
    await pedir('GET', rutas.buscar(historia.id), doctor);
    const res = await pedir('GET', rutas.accesos(paciente.id), paciente);
    expect(res.statusCode, res.body).toBe(200);
    const accesos = res.json() as { quien: { nombre: string; rol: string }; cuando: string }[];
    const [nombreDoctor] = await t.database.db
      .select({ nombre: usuarios.nombre })
      .from(usuarios)
      .where(eq(usuarios.id, doctor.id));
    // Every read in this file happened moments apart: one visit, at the latest read's time; the doctor's edit
    // (its answer carried the whole record) is shown as such (issue 21.6).
    expect(accesos).toEqual([
      { quien: { nombre: nombreDoctor!.nombre, rol: 'doctor' }, que: 'historia', cuando: expect.any(String) },
      { quien: { nombre: nombreDoctor!.nombre, rol: 'doctor' }, que: 'edicion', cuando: expect.any(String) },
    ]);
    const [ultima] = await t.database.db
      .select({ creada_en: auditoria.creada_en })
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'historia.leer'), eq(auditoria.recurso_id, String(historia.id))))
      .orderBy(desc(auditoria.creada_en))
      .limit(1);
    expect(Date.parse(accesos[0]!.cuando)).toBe(ultima!.creada_en.getTime());
  });

  it('shows reads apart in time, or by someone else, as separate visits, newest first', async () => {
    const otroDoctor = await crearUsuario(t.database, 'doctor');
    const lectura = (usuarioId: number, iso: string) => ({
      usuario_id: usuarioId,
      accion: 'historia.leer',
      recurso: 'historia_clinica',
      recurso_id: String(historia.id),
      resultado: 'exito' as const,
      creada_en: new Date(iso),
    });
    await t.database.db
      .insert(auditoria)
      .values([
        lectura(otroDoctor.id, '2026-01-05T15:00:00Z'),
        lectura(otroDoctor.id, '2026-01-05T15:01:00Z'),
        lectura(otroDoctor.id, '2026-01-05T18:00:00Z'),
        lectura(doctor.id, '2026-01-05T18:00:30Z'),
      ]);
    const accesos = (
      (await pedir('GET', rutas.accesos(paciente.id), paciente)).json() as {
        quien: { rol: string };
        que: string;
        cuando: string;
      }[]
    ).filter((a) => a.que === 'historia');
    expect(accesos.slice(1).map((a) => a.cuando)).toEqual([
      '2026-01-05T18:00:30.000Z',
      '2026-01-05T18:00:00.000Z',
      '2026-01-05T15:01:00.000Z',
    ]);
    // Only what the contract lists leaves the server (no ids, IPs or devices of the reader).
    expect(Object.keys(accesos[0]!).sort()).toEqual(['cuando', 'que', 'quien']);
    expect(Object.keys(accesos[0]!.quien).sort()).toEqual(['nombre', 'rol']);
  });

  it('only the owner: anyone else gets 403, anonymous 401; no record yet is an empty list', async () => {
    for (const quien of [otra, doctor, asistente, admin]) {
      expect((await pedir('GET', rutas.accesos(paciente.id), quien)).statusCode).toBe(403);
    }
    expect((await pedir('GET', rutas.accesos(paciente.id))).statusCode).toBe(401);
    const sinHistoria = await pedir('GET', rutas.accesos(otra.id), otra);
    expect(sinHistoria.statusCode).toBe(200);
    expect(sinHistoria.json()).toEqual([]);
  });
});

describe('issue 21.9: the patient writes her own intake only before her first visit (DOMAIN.md)', () => {
  it('after a visit done: a clear 422 and nothing written; her doctor still creates it, named as its author', async () => {
    const tardia = await crearUsuario(t.database, 'paciente');
    // A cancelled or pending appointment is no visit yet: only one marked realizada closes the intake.
    const cita = (estado: 'cancelada' | 'realizada', dia: number) => ({
      paciente_id: tardia.id,
      doctor_id: doctor.id,
      tipo: 'evaluacion' as const,
      estado,
      inicio: new Date(Date.UTC(2026, 0, dia, 14)),
      fin: new Date(Date.UTC(2026, 0, dia, 14, 30)),
      ocupado_hasta: new Date(Date.UTC(2026, 0, dia, 14, 30)),
    });
    await t.database.db.insert(citas).values([cita('cancelada', 12), cita('realizada', 13)]);
    const auditadas = async () =>
      (await t.database.db.select().from(auditoria).where(eq(auditoria.accion, 'historia.crear'))).length;
    const antes = await auditadas();

    const res = await pedir('POST', rutas.crear, tardia, { antecedentes: { alergias: ['Látex'] } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'REGLA_NEGOCIO', error: MENSAJES_HISTORIA.crearAntesDeConsulta });
    const ninguna = await t.database.db
      .select()
      .from(historiasClinicas)
      .where(eq(historiasClinicas.paciente_id, tardia.id));
    expect(ninguna).toEqual([]);
    expect(await auditadas()).toBe(antes);

    const deDoctor = await pedir('POST', rutas.crear, doctor, {
      paciente_id: tardia.id,
      antecedentes: { alergias: ['Látex'] },
    });
    expect(deDoctor.statusCode, deDoctor.body).toBe(201);
    const [nombreDoctor] = await t.database.db
      .select({ nombre: usuarios.nombre })
      .from(usuarios)
      .where(eq(usuarios.id, doctor.id));
    expect(deDoctor.json()).toMatchObject({
      paciente_id: tardia.id,
      version: 1,
      creada_por: { id: doctor.id, nombre: nombreDoctor!.nombre },
    });
    // The record's first version names its author wherever it is read, the patient's own view too.
    const mia = (await pedir('GET', rutas.mia(tardia.id), tardia)).json() as HistoriaWire;
    expect(mia.creada_por).toEqual({ id: doctor.id, nombre: nombreDoctor!.nombre });
    expect(mia.creada_en).toBe(deDoctor.json().creada_en);
  });
});
