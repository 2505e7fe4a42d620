// Demo e-mails: on first start /correos shows the booking e-mails of the next demo appointments, written with the
// product's template (HTML, text, .ics) and queued in the outbox like a real booking; seeding again adds none.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandejaSalida } from '../src/db/schema/index.ts';
import { seedCitas } from '../src/seed/citas.ts';
import { seedCorreos } from '../src/seed/correos.ts';
import { seedUsuarios } from '../src/seed/usuarios.ts';
import type { Correo } from '../src/platform/correo.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
const ahora = new Date('2026-11-23T15:00:00Z');
const opciones = {
  zona: 'America/Bogota',
  clinicaNombre: 'Clínica Aurora Estética',
  urlPublica: 'http://localhost:3000',
  remitente: 'Clínica Aurora Estética <no-responder@clinica.local>',
  ahora,
};

beforeAll(async () => {
  t = await createTestApp({ intervaloBandejaMs: 0 });
  await seedUsuarios(t.database.db);
  await seedCitas(t.database.db, { ahora });
  await seedCorreos(t.database.db, opciones);
});
afterAll(() => t.close());

const correos = () => t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo'));

describe('demo e-mails', () => {
  it('queues the booking e-mails of the next appointments, with HTML, text and the calendar', async () => {
    const filas = await correos();
    expect(filas).toHaveLength(4);
    for (const f of filas) {
      const c = f.carga as Correo;
      expect(c.para).toMatch(/@demo\.test$/);
      expect(c.asunto).toMatch(/^Tu cita (quedó agendada para el|del .* está confirmada)/);
      expect(c.html).toContain('<html lang="es-CO"');
      expect(c.texto).toContain('Clínica Aurora Estética');
      expect(c.adjuntos?.map((a) => a.nombre)).toEqual(['cita.ics']);
      expect(f.entregada_en).toBeNull();
    }
  });

  it('is idempotent', async () => {
    await seedCorreos(t.database.db, opciones);
    expect(await correos()).toHaveLength(4);
  });
});
