// Demo injection charts (issue 24, item 7): the seed's products and lots come before the notes, the toxin and filler
// notes chart their points with a lot, signing takes the doses out and writes the retreatment rows, and the demo
// patient's toxin of 13 weeks ago is due on the recall list, while the stock alerts still have something to show.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/index.ts';
import { crearSemilla, type Semilla } from '../src/seed/semilla.ts';
import { createTestDatabase, testConfig, type BaseDePrueba } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';

let database: BaseDePrueba;
let semilla: Semilla;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ dataDir: directorioTemporal('seed-mapas') });
  await seedDemo(database, config);
  semilla = await crearSemilla(database, config);
}, 180_000);
afterAll(async () => {
  await semilla?.cerrar();
  await database?.drop();
});

const filas = async <T>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows as T[];

describe('demo injection charts', () => {
  it('toxin and filler notes are signed with their chart, after their lots were received and before they expire', async () => {
    const notas = await filas<{
      procedimiento: string;
      puntos: number;
      lotes: string;
      tarde: boolean;
      vencido: boolean;
    }>(sql`
      select pr.nombre as procedimiento, count(a.id)::int as puntos, string_agg(distinct l.numero, ',') as lotes,
        bool_or(l.recibido_en > e.firmada_en) as tarde, bool_or(l.vence_el < e.firmada_en::date) as vencido
      from evoluciones e join citas c on c.id = e.cita_id join procedimientos pr on pr.id = c.procedimiento_id
        join aplicaciones a on a.evolucion_id = e.id join lotes l on l.id = a.lote_id
      where e.firmada_en is not null group by e.id, pr.nombre`);
    expect(notas.some((n) => /toxina/i.test(n.procedimiento))).toBe(true);
    expect(notas.some((n) => /hialur/i.test(n.procedimiento))).toBe(true);
    for (const n of notas) {
      expect(n.puntos).toBe(/toxina/i.test(n.procedimiento) ? 12 : 5);
      expect(n).toMatchObject({ tarde: false, vencido: false });
    }
  });

  it("each charted lot's use is taken out with its movement", async () => {
    const usos = await filas<{ numero: string; usado: number; consumido: number }>(sql`
      select l.numero, coalesce(sum(m.cantidad) filter (where m.tipo = 'uso'), 0)::int as usado, l.consumido
      from lotes l left join lotes_movimientos m on m.lote_id = l.id group by l.id order by l.numero`);
    const toxina = usos.find((u) => u.numero === 'TXA-24117')!;
    expect(Math.abs(toxina.usado)).toBeGreaterThan(0);
  });

  it("the demo patient's toxin of 13 weeks ago is due on the recall list", async () => {
    const [admin] = await filas<{ id: number }>(sql`select id from usuarios where correo = 'admin@demo.test'`);
    const actor = { id: admin!.id, rol: 'administrador' as const };
    const listas = await Promise.all(
      (['pendiente', 'agendado'] as const).map((estado) =>
        semilla.services.trazabilidad.lista(actor, { estado, pagina: 1, porPagina: 50 }),
      ),
    );
    const hoy = semilla.services.calendario.hoy();
    // Due now: «Para retratar», or «Agendado» when she already has her next visit with the doctor.
    const todos = listas.flatMap((l) => l.items);
    const suyos = todos.filter((r) => r.paciente.correo === 'paciente@demo.test');
    // The filler's recall (39 weeks) is not due yet: only her toxin is listed.
    expect(suyos.map((r) => r.tipo)).toEqual(['toxina_botulinica']);
    expect(suyos[0]!.desde_el <= hoy && hoy <= suyos[0]!.hasta_el).toBe(true);
  });

  it('the stock alerts still show the lot expiring soon and the product under its minimum', async () => {
    const alertas = await semilla.services.insumos.alertas();
    expect(alertas.por_vencer.map((l) => l.numero)).toEqual(['TXA-24117']);
    expect(alertas.stock_bajo.map((p) => p.nombre)).toEqual(['Ácido hialurónico reticulado (jeringa de 1 mL)']);
    expect(alertas.por_vencer[0]!.existencia).toBeGreaterThan(0);
  });
});
