// Units of work and the outbox (issue 7, item 2): a multi-write service call commits whole or not at all,
// audit rows included; effects leave only after commit, are retried until delivered, and an outbox row of a
// rolled-back transaction is never delivered.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usuariosPaths as rutas } from '@clinica/contracts/usuarios';
import { INTENTOS_TRANSITORIOS, conReintentos } from '../src/db/transacciones.ts';
import { bandejaSalida, sesiones, usuarios } from '../src/db/schema/index.ts';
import { createBandejaRepository, type BandejaRepository } from '../src/platform/bandeja.repository.ts';
import {
  createDespachador,
  esperaReintento,
  PLAZO_RECLAMO_MS,
  RETENCION_ENTREGADAS_MS,
  type Despachador,
  type Manejadores,
} from '../src/platform/bandeja.service.ts';
import { correoDePrueba, createTestApp, type BaseDePrueba } from './helpers.ts';
import { bearer, CLAVE, crearReloj, crearUsuario, sesionPara } from './usuarios-fixtures.ts';

let database: BaseDePrueba;
let app: FastifyInstance;
const reloj = crearReloj(new Date('2026-11-23T15:00:00Z'));
const correo = correoDePrueba();
const { enviados } = correo;

beforeAll(async () => {
  ({ app, database } = await createTestApp({ now: reloj.now, intervaloBandejaMs: 0, mailer: correo.mailer }));
});
afterAll(async () => {
  await app.close();
  await database.drop();
});
beforeEach(async () => {
  enviados.length = 0;
  correo.fallos = 0;
  await app.services.despachador.despachar();
  await database.db.execute(sql`drop trigger if exists falla_auditoria on auditoria`);
});

/** Makes the audit insert of one action fail: the last write of the service call under test. */
async function fallarAuditoriaDe(accion: string) {
  await database.db.execute(
    sql.raw(`create or replace function falla_auditoria() returns trigger language plpgsql as $$
      begin
        if new.accion = '${accion}' and new.resultado = 'exito' then raise exception 'auditoría caída'; end if;
        return new;
      end $$`),
  );
  await database.db.execute(
    sql`create trigger falla_auditoria before insert on auditoria for each row execute function falla_auditoria()`,
  );
}

const filasBandeja = () => database.db.select().from(bandejaSalida).orderBy(bandejaSalida.id);
const hashDe = async (id: number) =>
  (await database.db.select({ h: usuarios.contrasena_hash }).from(usuarios).where(eq(usuarios.id, id)))[0]!.h;
const perfil = (token: string) => app.inject({ method: 'GET', url: rutas.perfil, headers: bearer(token) });
const cambiarContrasena = (token: string) =>
  app.inject({
    method: 'PATCH',
    url: rutas.perfilContrasena,
    headers: bearer(token),
    payload: { contrasena_actual: CLAVE, contrasena_nueva: 'otra frase larga y distinta' },
  });

describe('a multi-write service call is all or nothing', () => {
  it('password change: when the audit write fails, the hash, the sessions and the outbox are untouched', async () => {
    const u = await crearUsuario(database);
    const actual = await sesionPara(database, u, reloj.now());
    const otra = await sesionPara(database, u, reloj.now());
    const antes = await hashDe(u.id);
    const bandejaAntes = (await filasBandeja()).length;
    await fallarAuditoriaDe('perfil.contrasena');

    const res = await cambiarContrasena(actual.token);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'ERROR_INTERNO' });
    expect(await hashDe(u.id)).toBe(antes);
    expect((await perfil(otra.token)).statusCode).toBe(200);
    expect(await filasBandeja()).toHaveLength(bandejaAntes);
    await app.services.despachador.despachar();
    expect(enviados).toEqual([]);
  });

  it('deactivation: when the audit write fails, the user stays active with every session', async () => {
    const admin = await crearUsuario(database, { rol: 'administrador' });
    const { token } = await sesionPara(database, admin, reloj.now());
    const u = await crearUsuario(database);
    const suya = await sesionPara(database, u, reloj.now());
    const bandejaAntes = (await filasBandeja()).length;
    await fallarAuditoriaDe('usuarios.estado');

    const res = await app.inject({
      method: 'PATCH',
      url: rutas.editarEstado(u.id),
      headers: bearer(token),
      payload: { estado: false },
    });
    expect(res.statusCode).toBe(500);
    const [fila] = await database.db.select({ estado: usuarios.estado }).from(usuarios).where(eq(usuarios.id, u.id));
    expect(fila?.estado).toBe(true);
    const abiertas = await database.db.select().from(sesiones).where(eq(sesiones.usuario_id, u.id));
    expect(abiertas.every((s) => s.revocada_en === null)).toBe(true);
    expect((await perfil(suya.token)).statusCode).toBe(200);
    expect(await filasBandeja()).toHaveLength(bandejaAntes);
  });

  it('password change that succeeds: new hash, other sessions revoked, e-mail and revocation delivered after commit', async () => {
    const u = await crearUsuario(database);
    const actual = await sesionPara(database, u, reloj.now());
    const otra = await sesionPara(database, u, reloj.now());
    const revocadas: unknown[] = [];
    const dejar = app.services.enVivo.suscribir('sesiones.revocadas', (c) => revocadas.push(c));

    const res = await cambiarContrasena(actual.token);
    expect(res.statusCode).toBe(200);
    expect((await perfil(otra.token)).statusCode).toBe(401);
    expect((await perfil(actual.token)).statusCode).toBe(200);
    await app.services.despachador.despachar();
    dejar();

    expect(revocadas).toEqual([{ usuarioId: u.id, exceptoSid: actual.sid, motivo: 'contrasena' }]);
    expect(enviados).toHaveLength(1);
    expect(enviados[0]).toMatchObject({ para: u.correo, asunto: expect.stringContaining('contraseña') });
    expect(enviados[0]!.texto).not.toContain('otra frase larga');
    const filas = (await filasBandeja()).slice(-2);
    expect(filas.map((f) => f.tipo)).toEqual(['sesiones.revocadas', 'correo']);
    expect(filas.every((f) => f.entregada_en !== null && f.intentos === 1)).toBe(true);
  });
});

describe('conReintentos: a write PostgreSQL aborted for another one runs again', () => {
  /** What drizzle throws for a driver error: the PostgreSQL code sits on the cause. */
  const errorPg = (code: string) => Object.assign(new Error('Failed query: insert ...'), { cause: { code } });

  it.each(['40P01', '40001'])('%s (deadlock, serialization) is tried again until it goes through', async (code) => {
    let intentos = 0;
    const r = await conReintentos(async () => {
      if (++intentos < 3) throw errorPg(code);
      return 'hecho';
    });
    expect([r, intentos]).toEqual(['hecho', 3]);
  });

  it('any other error (an exclusion violation: the slot is taken) is not: it goes to the caller at once', async () => {
    let intentos = 0;
    const fallo = conReintentos(() => {
      intentos++;
      return Promise.reject(errorPg('23P01'));
    });
    await expect(fallo).rejects.toMatchObject({ cause: { code: '23P01' } });
    expect(intentos).toBe(1);
  });

  it(`gives up after ${INTENTOS_TRANSITORIOS} tries with the last error`, async () => {
    let intentos = 0;
    const fallo = conReintentos(() => {
      intentos++;
      return Promise.reject(errorPg('40P01'));
    });
    await expect(fallo).rejects.toMatchObject({ cause: { code: '40P01' } });
    expect(intentos).toBe(INTENTOS_TRANSITORIOS);
  });
});

describe('the outbox', () => {
  it('never delivers a row written in a transaction that rolled back', async () => {
    const antes = (await filasBandeja()).length;
    await expect(
      app.services.transaccion(async (tx) => {
        await tx.encolar('correo', { para: 'nadie@demo.test', asunto: 'No debe salir', texto: '...' });
        throw new Error('falla la última escritura');
      }),
    ).rejects.toThrow('falla la última escritura');
    await app.services.despachador.despachar();
    expect(enviados).toEqual([]);
    expect(await filasBandeja()).toHaveLength(antes);
  });

  it('retries a failed delivery after a growing wait, then marks it delivered', async () => {
    correo.fallos = 2;
    await app.services.transaccion((tx) =>
      tx.encolar('correo', { para: 'reintento@demo.test', asunto: 'Reintento', texto: 'Hola' }),
    );
    await app.services.despachador.despachar();
    let [fila] = (await filasBandeja()).slice(-1);
    expect(fila).toMatchObject({ intentos: 1, entregada_en: null, ultimo_error: 'SMTP no disponible' });
    expect(fila!.disponible_en.getTime()).toBe(reloj.now().getTime() + esperaReintento(1));

    // Not due yet: nothing happens.
    expect(await app.services.despachador.despachar()).toBe(0);
    reloj.avanzar(esperaReintento(1));
    await app.services.despachador.despachar();
    [fila] = (await filasBandeja()).slice(-1);
    expect(fila).toMatchObject({ intentos: 2, entregada_en: null });
    expect(fila!.disponible_en.getTime()).toBe(reloj.now().getTime() + esperaReintento(2));

    reloj.avanzar(esperaReintento(2));
    await app.services.despachador.despachar();
    [fila] = (await filasBandeja()).slice(-1);
    expect(fila).toMatchObject({ intentos: 3, ultimo_error: null });
    expect(fila!.entregada_en).not.toBeNull();
    expect(enviados.map((c) => c.para)).toEqual(['reintento@demo.test']);
  });

  it('two dispatchers at once deliver each row exactly once', async () => {
    for (let i = 0; i < 12; i++) {
      await app.services.transaccion((tx) =>
        tx.encolar('correo', { para: `lote${i}@demo.test`, asunto: 'Lote', texto: String(i) }),
      );
    }
    await Promise.all([app.services.despachador.despachar(), app.services.despachador.despachar()]);
    expect(enviados.map((c) => c.para).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `lote${i}@demo.test`).sort(),
    );
  });

  it('delivers what a transaction enqueued right after its commit, without claiming it again', async () => {
    await app.services.transaccion((tx) =>
      tx.encolar('correo', { para: 'inmediato@demo.test', asunto: 'Ya', texto: 'Hola' }),
    );
    // No dispatcher run was asked for: the commit itself handed the row over (despachar() only waits for it).
    await app.services.despachador.despachar();
    expect(enviados.map((c) => c.para)).toEqual(['inmediato@demo.test']);
    const [fila] = (await filasBandeja()).slice(-1);
    expect(fila).toMatchObject({ intentos: 1, reclamada_hasta: null, ultimo_error: null });
    expect(fila!.entregada_en).not.toBeNull();
  });

  it('rows born claimed by an instance that died are left alone until the claim lapses, then delivered', async () => {
    // As if another instance committed them and stopped before delivering.
    const hasta = new Date(reloj.now().getTime() + PLAZO_RECLAMO_MS);
    await createBandejaRepository(database.db).agregarVarias(
      [{ tipo: 'correo', carga: { para: 'huerfano@demo.test', asunto: 'Huérfano', texto: '...' } }],
      reloj.now(),
      hasta,
    );
    expect(await app.services.despachador.despachar()).toBe(0);
    expect(enviados).toEqual([]);
    reloj.avanzar(PLAZO_RECLAMO_MS + 1);
    expect(await app.services.despachador.despachar()).toBe(1);
    expect(enviados.map((c) => c.para)).toEqual(['huerfano@demo.test']);
  });

  it('delivers a backlog larger than one batch; a failure in the middle delays only its own row', async () => {
    // 130 rows left unclaimed (a crashed instance's, or older than this version): two claims of at most 100.
    // The third delivery fails once (the mailer counts attempts in the order the handlers start).
    const para = Array.from({ length: 130 }, (_, i) => `atraso${i}@demo.test`);
    await createBandejaRepository(database.db).agregarVarias(
      para.map((p) => ({ tipo: 'correo', carga: { para: p, asunto: 'Atraso', texto: p } })),
      reloj.now(),
    );
    correo.fallos = 1;
    expect(await app.services.despachador.despachar()).toBe(130);
    const filas = (await filasBandeja()).slice(-130);
    const pendientes = filas.filter((f) => f.entregada_en === null);
    expect(pendientes).toHaveLength(1);
    expect(pendientes[0]).toMatchObject({ intentos: 1, ultimo_error: 'SMTP no disponible' });
    expect(enviados).toHaveLength(129);

    reloj.avanzar(esperaReintento(1));
    expect(await app.services.despachador.despachar()).toBe(1);
    expect(enviados.map((c) => c.para).sort()).toEqual([...para].sort());
    expect((await filasBandeja()).slice(-130).every((f) => f.entregada_en !== null)).toBe(true);
  });

  it('rows delivered in the same turn are marked in one statement', async () => {
    const marcadas: number[][] = [];
    const fila = (id: number) =>
      ({ id, tipo: 'notificacion', carga: {}, intentos: 1 }) as unknown as Parameters<
        Despachador['entregarPropias']
      >[0][number];
    const d = createDespachador({
      repo: {
        marcarEntregadas: async (ids: readonly number[]) => void marcadas.push([...ids]),
      } as unknown as BandejaRepository,
      enTransaccion: async () => [] as never,
      manejadores: { notificacion: async () => {} } as unknown as Manejadores,
      now: reloj.now,
      log: { warn() {}, error() {} },
      intervaloMs: 0,
    });
    // Three bookings commit in the same turn; each hands its rows over.
    d.entregarPropias([fila(1), fila(2)]);
    d.entregarPropias([fila(3)]);
    d.entregarPropias([fila(4), fila(5)]);
    await d.despachar();
    expect(marcadas).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('past topePropias rows in delivery, new ones wait for their claim to lapse (no unbounded queue, no resend)', async () => {
    const fila = (id: number) =>
      ({ id, tipo: 'correo', carga: {}, intentos: 1 }) as unknown as Parameters<
        Despachador['entregarPropias']
      >[0][number];
    const empezadas: number[] = [];
    const liberar: (() => void)[] = [];
    const avisos: string[] = [];
    const d = createDespachador({
      repo: { marcarEntregadas: async () => {} } as unknown as BandejaRepository,
      enTransaccion: async () => [] as never,
      manejadores: {
        correo: (c: { id: number }) => {
          empezadas.push(c.id);
          return new Promise<void>((listo) => liberar.push(listo));
        },
      } as unknown as Manejadores,
      now: reloj.now,
      log: { warn: (_o: object, m: string) => void avisos.push(m), error() {} },
      intervaloMs: 0,
      topePropias: 3,
    });
    const conCarga = (id: number) => ({ ...fila(id), carga: { id } });
    d.entregarPropias([conCarga(1), conCarga(2)]);
    d.entregarPropias([conCarga(3)]);
    d.entregarPropias([conCarga(4)]); // a fourth row in flight would pass the limit: left to its claim
    await new Promise((r) => setImmediate(r));
    expect(empezadas).toEqual([1, 2, 3]);
    expect(avisos).toEqual(['bandeja de salida saturada: se entregará al vencer el reclamo']);
    liberar.forEach((l) => l());
    await d.despachar();
    // Room again: the next commit's rows are delivered at once.
    d.entregarPropias([conCarga(5)]);
    await new Promise((r) => setImmediate(r));
    expect(empezadas).toEqual([1, 2, 3, 5]);
    liberar.at(-1)!();
    await d.despachar();
  });

  it('purges delivered rows past the retention, never e-mails nor pending rows', async () => {
    const viejo = new Date(reloj.now().getTime() - RETENCION_ENTREGADAS_MS - 60_000);
    const [entregada, correo, pendiente, reciente] = await database.db
      .insert(bandejaSalida)
      .values([
        { tipo: 'notificacion', carga: {}, entregada_en: viejo },
        { tipo: 'correo', carga: {}, entregada_en: viejo },
        { tipo: 'notificacion', carga: {}, disponible_en: new Date(reloj.now().getTime() + 86_400_000) },
        { tipo: 'notificacion', carga: {}, entregada_en: reloj.now() },
      ])
      .returning({ id: bandejaSalida.id });
    const borradas = await createBandejaRepository(database.db).purgarEntregadas(
      new Date(reloj.now().getTime() - RETENCION_ENTREGADAS_MS),
    );
    expect(borradas).toBeGreaterThanOrEqual(1);
    const quedan = new Set((await filasBandeja()).map((f) => f.id));
    expect(quedan.has(entregada!.id)).toBe(false);
    expect([correo!.id, pendiente!.id, reciente!.id].every((id) => quedan.has(id))).toBe(true);
    await database.db.delete(bandejaSalida).where(eq(bandejaSalida.id, pendiente!.id));
  });

  it('waits grow from 1 s and are capped at 10 minutes', () => {
    expect([1, 2, 3, 4].map(esperaReintento)).toEqual([1000, 2000, 4000, 8000]);
    expect(esperaReintento(40)).toBe(600_000);
  });
});
