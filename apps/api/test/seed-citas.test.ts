// Demo agendas (issue 8, item 1): hours for both demo doctors and appointments in every state and type around
// today, inside the hours and without overlaps (the exclusion constraints would refuse them), idempotent.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandejaSalida, citas, historiasClinicas, horariosDoctor, usuarios } from '../src/db/schema/index.ts';
import { MOTIVO_EN_CURSO, seedCitas } from '../src/seed/citas.ts';
import { seedHistorias } from '../src/seed/historias.ts';
import { seedUsuarios } from '../src/seed/usuarios.ts';
import { recordatorioDeCita } from '../src/features/citas/recordatorio.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
const ahora = new Date('2026-11-23T15:00:00Z');
const DIA = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  await seedUsuarios(t.database.db);
  await seedCitas(t.database.db, { ahora });
});
afterAll(() => t.close());

describe('demo agendas', () => {
  it('both demo doctors have the clinic hours (Monday to Saturday, two windows)', async () => {
    const filas = await t.database.db
      .select({ correo: usuarios.correo, n: count() })
      .from(horariosDoctor)
      .innerJoin(usuarios, eq(usuarios.id, horariosDoctor.doctor_id))
      .groupBy(usuarios.correo)
      .orderBy(usuarios.correo);
    expect(filas).toEqual([
      { correo: 'doctor@demo.test', n: 12 },
      { correo: 'doctora@demo.test', n: 12 },
    ]);
  });

  it('appointments in every state, past ones done or cancelled, future ones pending or confirmed', async () => {
    const filas = await t.database.db.select().from(citas);
    expect(filas.length).toBeGreaterThan(40);
    expect(new Set(filas.map((f) => f.estado))).toEqual(new Set(['pendiente', 'confirmada', 'realizada', 'cancelada']));
    expect(new Set(filas.map((f) => f.tipo))).toContain('evaluacion');
    // Two visits of the demo patient that have started and wait for their note (what the e2e tests sign).
    const enCurso = filas.filter((f) => f.motivo === MOTIVO_EN_CURSO);
    expect(enCurso).toHaveLength(2);
    for (const f of enCurso) expect(f).toMatchObject({ estado: 'confirmada', tipo: 'evaluacion' });
    for (const f of enCurso) expect(f.inicio.getTime()).toBeLessThan(ahora.getTime());
    for (const f of filas.filter((x) => x.motivo !== MOTIVO_EN_CURSO)) {
      if (f.fin < ahora) expect(['realizada', 'cancelada']).toContain(f.estado);
      else expect(['pendiente', 'confirmada', 'cancelada']).toContain(f.estado);
    }
    // Inside the hours, in Bogotá: 08:00-18:00 local = 13:00-23:00 UTC.
    const fuera = await t.database.db.execute(
      sql`select count(*)::int as n from citas where extract(hour from inicio at time zone 'America/Bogota') < 8
          or extract(hour from fin at time zone 'America/Bogota') * 60 + extract(minute from fin at time zone 'America/Bogota') > 18 * 60`,
    );
    expect(fuera.rows[0]).toEqual({ n: 0 });
  });

  it('is idempotent', async () => {
    const antes = (await t.database.db.select({ n: count() }).from(citas))[0]!.n;
    await seedCitas(t.database.db, { ahora });
    expect((await t.database.db.select({ n: count() }).from(citas))[0]!.n).toBe(antes);
    expect((await t.database.db.select({ n: count() }).from(horariosDoctor))[0]!.n).toBe(24);
  });

  it('every appointment still to come has its 24 h reminder queued, as a booking queues it (issue 27.15)', async () => {
    const porVenir = (await t.database.db.select().from(citas)).filter(
      (c) => (c.estado === 'pendiente' || c.estado === 'confirmada') && c.inicio.getTime() - DIA > ahora.getTime(),
    );
    expect(porVenir.length).toBeGreaterThan(10);
    const filas = await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'recordatorio'));
    expect(filas).toHaveLength(porVenir.length);
    for (const c of porVenir) {
      const r = recordatorioDeCita(c.id, c.inicio, ahora)!;
      const fila = filas.find((f) => (f.carga as { citaId: number }).citaId === c.id);
      expect(fila).toMatchObject({ carga: r.carga, disponible_en: r.disponibleEn, entregada_en: null });
      expect(fila?.disponible_en.getTime()).toBe(c.inicio.getTime() - DIA);
    }
    // Seeding again queues nothing twice.
    await seedCitas(t.database.db, { ahora });
    const otraVez = await t.database.db
      .select({ n: count() })
      .from(bandejaSalida)
      .where(eq(bandejaSalida.tipo, 'recordatorio'));
    expect(otraVez[0]!.n).toBe(porVenir.length);
  });

  it('demo patients have clinical records, once', async () => {
    await seedHistorias(t.database.db);
    await seedHistorias(t.database.db);
    const filas = await t.database.db.select().from(historiasClinicas);
    expect(filas).toHaveLength(3);
    expect(filas.every((f) => f.fototipo !== null)).toBe(true);
  });
});
