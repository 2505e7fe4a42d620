// Backups run by the server (issue 28, item 2; decision 0038): the daily slot in the clinic's zone is made once with
// two instances and once per day, retention keeps the newest N, a failure is recorded and told to the administrators
// (notification and e-mail), and /apirespaldos is for administrators only.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respaldosPaths } from '@clinica/contracts/respaldos';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { MENSAJE_FALTA_CLAVE_PRODUCCION } from '../src/platform/respaldo/clave.ts';
import { crearUsuario, crearUsuariosPorRol, headersDe, QUIENES, type UsuariosPorRol } from './auth-helpers.ts';
import { createTestDatabase, testConfig, type BaseDePrueba } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';
import { crearReloj } from './usuarios-fixtures.ts';

const CLAVE = 'una-clave-de-respaldo-de-prueba';
const abiertas: { close(): Promise<void> }[] = [];

async function appSobre(database: Database, config: Partial<Config>, now: () => Date): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ respaldoClave: CLAVE, respaldoHora: '02:00', ...config }),
    database,
    now,
    intervaloBandejaMs: 0,
    intervaloRespaldosMs: 0,
  });
  await app.ready();
  abiertas.push(app);
  return app;
}

async function base(): Promise<BaseDePrueba> {
  const b = await createTestDatabase();
  abiertas.push({ close: () => b.drop() });
  return b;
}

afterAll(async () => {
  for (const a of abiertas.reverse()) await a.close();
});

describe('the daily backup', () => {
  it('two instances at once make the slot once, then once per day, keeping the newest N', async () => {
    const database = await base();
    const otra = await database.otraConexion();
    abiertas.push(otra);
    const dir = directorioTemporal('respaldos-diarios');
    // 03:00 in Bogotá: the 02:00 slot of 24/11 (07:00 UTC) has passed.
    const reloj = crearReloj(new Date('2026-11-24T08:00:00Z'));
    const config = { respaldoDir: dir, respaldoConservar: 2 };
    const a = await appSobre(database, config, reloj.now);
    const b = await appSobre(otra, config, reloj.now);

    const [ra, rb] = await Promise.all([a.services.respaldos.revisar(), b.services.respaldos.revisar()]);
    const hechos = [ra, rb].filter((r) => r !== null);
    expect(hechos).toHaveLength(1);
    expect(hechos[0]).toMatchObject({ estado: 'verificado', origen: 'programado', error: null });
    expect(hechos[0]!.programado_para).toEqual(new Date('2026-11-24T07:00:00Z'));
    expect(readdirSync(dir)).toHaveLength(1);

    // Later the same day, and the next day before 02:00: nothing more.
    reloj.avanzar(60 * 60_000);
    expect(await a.services.respaldos.revisar()).toBeNull();
    reloj.avanzar(22 * 60 * 60_000 - 1);
    expect(await b.services.respaldos.revisar()).toBeNull();
    expect(readdirSync(dir)).toHaveLength(1);

    // 02:00 of the next two days: one each; the first day's file goes (RESPALDO_CONSERVAR=2).
    for (const dia of ['2026-11-25T07:00:00Z', '2026-11-26T07:00:00Z']) {
      reloj.avanzar(new Date(dia).getTime() - reloj.now().getTime());
      const [x, y] = await Promise.all([a.services.respaldos.revisar(), b.services.respaldos.revisar()]);
      expect([x, y].filter((r) => r !== null).map((r) => r!.programado_para)).toEqual([new Date(dia)]);
    }
    const lista = await a.services.respaldos.listar();
    expect(lista.items.map((i) => [i.estado, i.eliminado])).toEqual([
      ['verificado', false],
      ['verificado', false],
      ['verificado', true],
    ]);
    expect(readdirSync(dir).sort()).toEqual(
      lista.items
        .slice(0, 2)
        .map((i) => i.archivo)
        .sort(),
    );
    expect(existsSync(path.join(dir, lista.items[2]!.archivo!))).toBe(false);
    expect(lista.alerta).toBeNull();
    // 27 hours without a new one: the warning.
    reloj.avanzar(27 * 60 * 60_000);
    expect((await a.services.respaldos.listar()).alerta?.tipo).toBe('antiguo');
  }, 120_000);

  it('a failure is recorded and told to every active administrator, in the app and by e-mail', async () => {
    const database = await base();
    const admin = await crearUsuario(database, 'administrador');
    const reloj = crearReloj(new Date('2026-11-24T08:00:00Z'));
    const noExiste = path.join(directorioTemporal('respaldos-fallo'), 'disco-desmontado');
    const app = await appSobre(database, { respaldoDir: noExiste }, reloj.now);

    const fila = await app.services.respaldos.revisar();
    expect(fila).toMatchObject({ estado: 'fallido', archivo: null });
    expect(fila!.error).toMatch(/^La carpeta de respaldos .* no existe/);
    expect(existsSync(noExiste)).toBe(false);

    const avisos = await app.services.notificaciones.historial({ id: admin.id, rol: 'administrador' }, admin.id);
    expect(avisos).toEqual([
      expect.objectContaining({
        tipo: 'respaldo_fallido',
        ruta: '/respaldos',
        mensaje: expect.stringContaining(fila!.error!),
      }),
    ]);
    // The e-mail is an outbox row to the administrator's address.
    const bandeja = await database.db.execute(
      sql`select carga->>'para' as para, carga->>'asunto' as asunto from bandeja_salida where tipo = 'correo'`,
    );
    const filas = (bandeja as unknown as { rows: { para: string; asunto: string }[] }).rows;
    const [correo] = (
      (await database.db.execute(sql`select correo from usuarios where id = ${admin.id}`)) as unknown as {
        rows: { correo: string }[];
      }
    ).rows;
    expect(filas).toHaveLength(1);
    expect(filas[0]!.para).toBe(correo!.correo);
    expect(filas[0]!.asunto).toBe('El respaldo de Clínica Aurora Estética falló');
    expect((await app.services.respaldos.listar()).alerta).toMatchObject({ tipo: 'fallido' });
  });

  it('production without RESPALDO_CLAVE records a failed backup and warns on the screen', async () => {
    const database = await base();
    const reloj = crearReloj(new Date('2026-11-24T08:00:00Z'));
    const app = await appSobre(
      database,
      { env: 'production', respaldoClave: undefined, respaldoDir: directorioTemporal('respaldos-prod') },
      reloj.now,
    );
    const fila = await app.services.respaldos.revisar();
    expect(fila).toMatchObject({ estado: 'fallido', error: MENSAJE_FALTA_CLAVE_PRODUCCION });
    expect((await app.services.respaldos.listar()).alerta?.tipo).toBe('sin_clave');
  });
});

describe('/apirespaldos', () => {
  let app: FastifyInstance;
  let database: BaseDePrueba;
  let actores: UsuariosPorRol;
  let dir: string;

  beforeAll(async () => {
    database = await base();
    dir = directorioTemporal('respaldos-api');
    app = await appSobre(database, { respaldoDir: dir }, () => new Date());
    actores = await crearUsuariosPorRol(database);
  });

  it('is for administrators only', async () => {
    for (const quien of QUIENES) {
      const lista = await app.inject({ method: 'GET', url: respaldosPaths.listar, headers: headersDe(actores, quien) });
      const ahora = await app.inject({
        method: 'POST',
        url: respaldosPaths.respaldar,
        headers: headersDe(actores, quien),
      });
      const esperado = quien === 'anonimo' ? 401 : quien === 'administrador' ? [200, 202] : 403;
      if (Array.isArray(esperado)) {
        expect(lista.statusCode).toBe(200);
        expect(ahora.statusCode).toBe(202);
      } else {
        expect([quien, lista.statusCode, ahora.statusCode]).toEqual([quien, esperado, esperado]);
      }
    }
    // Let the administrator's backup end before the next test.
    await esperarFin();
  });

  async function esperarFin() {
    for (let i = 0; i < 300; i++) {
      const r = await app.inject({ method: 'GET', url: respaldosPaths.listar, headers: actores.administrador.headers });
      if (!r.json<{ items: { estado: string }[] }>().items.some((x) => x.estado === 'en_curso')) return;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error('el respaldo no terminó en 30 s');
  }

  it('backs up now: 202 with the running row, then the list shows it verified with its size; one at a time', async () => {
    const r = await app.inject({
      method: 'POST',
      url: respaldosPaths.respaldar,
      headers: actores.administrador.headers,
    });
    expect(r.statusCode).toBe(202);
    expect(r.json()).toMatchObject({ origen: 'manual', estado: 'en_curso', archivo: null });
    await esperarFin();
    // While one runs (another instance's row here), another one is refused.
    await database.db.execute(sql`insert into respaldos (origen, iniciado_en) values ('comando', now())`);
    const otra = await app.inject({
      method: 'POST',
      url: respaldosPaths.respaldar,
      headers: actores.administrador.headers,
    });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).toEqual({
      error: 'Ya hay un respaldo en curso. Espera a que termine.',
      code: 'RESPALDO_EN_CURSO',
    });
    await database.db.execute(sql`delete from respaldos where origen = 'comando'`);
    const lista = await app.inject({
      method: 'GET',
      url: respaldosPaths.listar,
      headers: actores.administrador.headers,
    });
    expect(lista.headers['cache-control']).toBe('no-store');
    const cuerpo = lista.json<{
      items: { id: number; estado: string; archivo: string; tamano: number; filas: number }[];
      alerta: unknown;
      programacion: Record<string, unknown>;
    }>();
    const hecho = cuerpo.items.find((i) => i.id === r.json<{ id: number }>().id)!;
    expect(hecho).toMatchObject({ estado: 'verificado' });
    expect(hecho.tamano).toBeGreaterThan(0);
    expect(hecho.filas).toBeGreaterThan(0);
    expect(readdirSync(dir)).toContain(hecho.archivo);
    expect(cuerpo.alerta).toBeNull();
    expect(cuerpo.programacion).toEqual({
      hora: '02:00',
      zona: 'America/Bogota',
      conservar: 14,
      directorio: dir,
      cifrado: 'clave',
    });
  }, 60_000);
});
