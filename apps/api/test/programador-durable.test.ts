// The durable scheduler (decision 0019): a reminder 24 h before an appointment is a row of the outbox table with a
// future `disponible_en`, so it survives a restart, and two API instances on one database send it exactly once
// (claims with FOR UPDATE SKIP LOCKED and a lease). Here: schedule, stop the instance and close its database,
// start two new instances on the same database, move the injected clock past the reminder time and let both
// dispatch at once: one notification, one e-mail at the SMTP server. On PGlite the "restart" reopens the same
// DATA_DIR (the database on disk) and the two instances share that embedded database; on PostgreSQL
// (TEST_DATABASE_URL) each instance has its own connection pool.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths } from '@clinica/contracts/citas';
import { buildApp } from '../src/app.ts';
import { openDb, type Database } from '../src/db/client.ts';
import { bandejaSalida, notificaciones, usuarios } from '../src/db/schema/index.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';
import { createTestDatabase, dataDirMigrado, TEST_DATABASE_URL, testConfig, type BaseDePrueba } from './helpers.ts';
import { iniciarSmtp, type ServidorSmtp } from './smtp-prueba.ts';
import { agendarEnRecepcion } from './clinica-fixtures.ts';
import { crearReloj } from './usuarios-fixtures.ts';

const reloj = crearReloj(new Date('2026-11-23T12:00:00Z')); // lunes 07:00 en Bogotá
let smtp: ServidorSmtp;
let base: BaseDePrueba | undefined;
/** Opens the test database the way a (re)starting API process does. */
let abrir: () => Promise<Database>;
const abiertas: Database[] = [];
const apps: FastifyInstance[] = [];

async function instancia(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ smtpUrl: smtp.url, urlPublica: 'https://citas.aurora.test' }),
    database,
    now: reloj.now,
    intervaloBandejaMs: 0,
  });
  await app.ready();
  apps.push(app);
  return app;
}
async function conexion(): Promise<Database> {
  const db = await abrir();
  abiertas.push(db);
  return db;
}

beforeAll(async () => {
  smtp = await iniciarSmtp();
  if (TEST_DATABASE_URL) {
    base = await createTestDatabase();
    abrir = () => base!.otraConexion();
  } else {
    const dataDir = await dataDirMigrado('programador');
    abrir = () => openDb({ dataDir });
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of abiertas) await db.close();
  await base?.drop();
  await smtp?.cerrar();
});

describe('reminders are stored, survive a restart and run once with two instances', () => {
  it('schedule, restart, two instances dispatch at the reminder time: one notification and one e-mail', async () => {
    // --- first run: book two appointments; one is then moved with the staff edit (its reminder follows it).
    const db1 = await conexion();
    const app1 = await instancia(db1);
    const ahora = reloj.now();
    const paciente = await crearUsuario(db1, 'paciente', { now: ahora });
    const doctor = await crearUsuario(db1, 'doctor', { now: ahora });
    const asistente = await crearUsuario(db1, 'asistente', { now: ahora });
    const [p] = await db1.db.select({ correo: usuarios.correo }).from(usuarios).where(eq(usuarios.id, paciente.id));
    const pedir = (
      app: FastifyInstance,
      method: 'POST' | 'PUT' | 'PATCH',
      url: string,
      quien: UsuarioDePrueba,
      payload: object,
    ) => app.inject({ method, url, headers: quien.headers, payload });
    const horarios = [1, 2, 3, 4, 5, 6].map((d) => ({ dia_semana: d, hora_inicio: '08:00', hora_fin: '12:00' }));
    expect((await pedir(app1, 'PUT', citasPaths.horarios(doctor.id), asistente, { horarios })).statusCode).toBe(200);
    const crear = (inicio: string) =>
      agendarEnRecepcion(app1, asistente, { doctor_id: doctor.id, paciente_id: paciente.id, inicio });
    const fija = await crear('2026-11-25T09:00:00-05:00');
    const editada = await crear('2026-11-25T10:00:00-05:00');
    const editar = await pedir(app1, 'PATCH', citasPaths.editar(editada), asistente, {
      inicio: '2026-11-26T11:00:00-05:00',
    });
    expect(editar.statusCode, editar.body).toBe(200);
    await app1.services.despachador.despachar();
    const recordatorios = await db1.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'recordatorio'));
    expect(
      recordatorios.map((r) => [(r.carga as { citaId: number }).citaId, r.disponible_en.toISOString(), r.entregada_en]),
    ).toEqual([
      [fija, '2026-11-24T14:00:00.000Z', null],
      [editada, '2026-11-24T15:00:00.000Z', null],
      [editada, '2026-11-25T16:00:00.000Z', null],
    ]);

    // --- restart: the instance stops and its database connection closes; nothing of it stays in memory.
    await app1.close();
    apps.splice(apps.indexOf(app1), 1);
    await db1.close();
    abiertas.splice(abiertas.indexOf(db1), 1);

    // --- two new instances on the same database.
    const dbA = await conexion();
    const dbB = TEST_DATABASE_URL ? await conexion() : dbA;
    const a = await instancia(dbA);
    const b = await instancia(dbB);
    const ambas = async () => {
      await Promise.all([a.services.despachador.despachar(), b.services.despachador.despachar()]);
      await Promise.all([a.services.despachador.despachar(), b.services.despachador.despachar()]);
    };
    const recordatoriosDe = () =>
      dbA.db
        .select()
        .from(notificaciones)
        .where(and(eq(notificaciones.usuario_id, paciente.id), eq(notificaciones.tipo, 'cita.recordatorio')));
    const correosRecordatorio = () =>
      smtp.recibidos.filter(
        (m) => /^Recordatorio/.test(m.subject ?? '') && m.to && 'text' in m.to && m.to.text === p!.correo,
      );

    // A minute before the first reminder: nothing.
    reloj.avanzar(26 * 60 * 60_000 - 60_000); // 2026-11-24T13:59Z
    await ambas();
    expect(await recordatoriosDe()).toEqual([]);

    // At the reminder time, both instances dispatch at once: it goes out once.
    reloj.avanzar(60_000);
    await ambas();
    expect((await recordatoriosDe()).map((n) => n.cita_id)).toEqual([fija]);
    expect(correosRecordatorio()).toHaveLength(1);
    expect(correosRecordatorio()[0]!.attachments.map((x) => x.filename)).toEqual(['cita.ics']);

    // The moved appointment's old reminder finds it moved and sends nothing; its new one comes a day later.
    reloj.avanzar(60 * 60_000); // 2026-11-24T15:00Z
    await ambas();
    expect((await recordatoriosDe()).map((n) => n.cita_id)).toEqual([fija]);
    reloj.avanzar(25 * 60 * 60_000); // 2026-11-25T16:00Z
    await ambas();
    expect((await recordatoriosDe()).map((n) => n.cita_id).sort()).toEqual([fija, editada].sort());
    expect(correosRecordatorio()).toHaveLength(2);

    // Each reminder row was claimed and delivered once; every e-mail row too.
    const filas = await dbA.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'recordatorio'));
    expect(filas.every((f) => f.entregada_en !== null && f.intentos === 1)).toBe(true);
    const correos = await dbA.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo'));
    const enviadosRecordatorio = correos.filter((f) => /^Recordatorio/.test((f.carga as { asunto: string }).asunto));
    expect(enviadosRecordatorio).toHaveLength(2);
    expect(correos.every((f) => f.entregada_en !== null && f.intentos === 1)).toBe(true);
  });
});
