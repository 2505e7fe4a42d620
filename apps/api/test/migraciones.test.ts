import { describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/index.ts';
import { createTestDatabase, testConfig } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';

describe('migrations and demo seed', () => {
  // Every migration on an empty database, then the whole demo seed twice (images resized with sharp):
  // the heaviest test of the suite, so its own limit.
  it('apply to an empty database, create the extensions, and the seed is idempotent', async () => {
    // Empty: the other files get a copy of a database migrated once; this one runs every migration itself.
    const database = await createTestDatabase({ vacia: true });
    try {
      const antes = await database.db.execute("select count(*)::int as n from pg_tables where schemaname = 'public'");
      expect(antes.rows[0]).toEqual({ n: 0 });
      await database.migrate();
      const ext = await database.db.execute(
        "select extname from pg_extension where extname in ('btree_gist','pg_trgm','unaccent') order by extname",
      );
      expect(ext.rows.map((r) => (r as { extname: string }).extname)).toEqual(['btree_gist', 'pg_trgm', 'unaccent']);
      await database.migrate(); // re-running is a no-op

      const counts = async () => {
        const r = await database.db.execute(
          `select (select count(*) from usuarios)::int as u,
                  (select count(*) from categorias_procedimiento)::int as c,
                  (select count(*) from procedimientos)::int as p,
                  (select count(*) from planes_seguimiento)::int as pl,
                  (select count(*) from resultados_examen)::int as r,
                  (select count(*) from fotos_clinicas)::int as f,
                  (select count(*) from paquetes)::int as pd,
                  (select count(*) from paquetes_paciente)::int as pv,
                  (select count(*) from paquetes_consumos)::int as pc,
                  (select count(*) from pagos where concepto = 'saldo')::int as ps,
                  (select count(*) from cierres_caja)::int as cc`,
        );
        return r.rows[0] as {
          u: number;
          c: number;
          p: number;
          pl: number;
          r: number;
          f: number;
          pd: number;
          pv: number;
          pc: number;
          ps: number;
          cc: number;
        };
      };
      const dataDir = directorioTemporal('clinica-semilla');
      await seedDemo(database, testConfig({ dataDir }));
      const first = await counts();
      // Two package definitions; one sold to the demo patient, one session of it used (seed/paquetes.ts).
      expect(first).toMatchObject({ pd: 2, pv: 1, pc: 1 });
      // The desk's demo payments and closed day (seed/pagos.ts) are there too: the package's payment, seeded after
      // them, does not make that seed think it already ran.
      expect(first.ps).toBeGreaterThan(0);
      expect(first.cc).toBe(1);
      await seedDemo(database, testConfig({ dataDir }));
      expect(await counts()).toEqual(first);

      const roles = await database.db.execute(
        'select correo, rol from usuarios where correo like $1 order by correo'.replace('$1', "'%@demo.test'"),
      );
      const porCorreo = Object.fromEntries(
        roles.rows.map((r) => [(r as { correo: string }).correo, (r as { rol: string }).rol]),
      );
      expect(porCorreo).toMatchObject({
        'admin@demo.test': 'administrador',
        'doctor@demo.test': 'doctor',
        'asistente@demo.test': 'asistente',
        'paciente@demo.test': 'paciente',
      });
      expect(first.u).toBeGreaterThanOrEqual(6);
      // The demo patient's latest procedure done has a follow-up plan to propose (issue 9, item 4), once.
      expect(first.pl).toBe(1);
      // The demo patient's exam result and her before/after pair (her seeded consent allows photos).
      expect([first.r, first.f]).toEqual([1, 2]);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
