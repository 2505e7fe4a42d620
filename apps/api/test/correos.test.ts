// The administrators' view of outgoing e-mail (issue 10.6): administrators only; newest first, paginated, with the
// delivery state; a recovery e-mail shows its placeholder, never the link or the token.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correosPaths } from '@clinica/contracts/correos';
import { recuperacionPaths } from '@clinica/contracts/recuperacion';
import { enmascarar } from '../src/features/correos/correos.service.ts';
import { MARCA_ENLACE_RECUPERACION } from '../src/features/usuarios/recuperacion.service.ts';
import { crearUsuariosPorRol, headersDe, QUIENES, type UsuariosPorRol, SOLO_ADMINISTRADOR } from './auth-helpers.ts';
import { correoDePrueba, createTestApp, type BaseDePrueba } from './helpers.ts';
import { crearReloj, crearUsuario } from './usuarios-fixtures.ts';

const reloj = crearReloj(new Date(Date.now() + 60 * 60 * 1000));
const correo = correoDePrueba();
const { enviados } = correo;
let database: BaseDePrueba;
let app: FastifyInstance;
let actores: UsuariosPorRol;

beforeAll(async () => {
  ({ app, database } = await createTestApp({ now: reloj.now, intervaloBandejaMs: 0, mailer: correo.mailer }));
  // Sessions opened on the app's clock (an hour ahead, so outbox rows written now are due).
  actores = await crearUsuariosPorRol(database, { now: reloj.now() });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const bandeja = (quien: (typeof QUIENES)[number], query = '') =>
  app.inject({ method: 'GET', url: `${correosPaths.bandeja}${query}`, headers: headersDe(actores, quien) });

const encolar = (para: string, asunto: string, texto: string) =>
  app.services.transaccion((tx) => tx.encolar('correo', { para, asunto, texto }));

describe('GET /apicorreos/bandeja', () => {
  it.each(SOLO_ADMINISTRADOR)('as %s -> %i', async (quien, esperado) => {
    const res = await bandeja(quien);
    expect(res.statusCode).toBe(esperado);
    if (esperado === 403)
      expect(res.json()).toEqual({ error: 'No tienes permiso para hacer esto.', code: 'PROHIBIDO' });
    if (esperado === 200) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists e-mails newest first with state, attempts, preview; recovery links masked; paginated', async () => {
    await encolar('ana@prueba.test', 'Tu cita quedó agendada', 'Hola, Ana:\n\nTu cita de evaluación quedó agendada.');
    await app.services.despachador.despachar();

    const u = await crearUsuario(database);
    await app.inject({
      method: 'POST',
      url: recuperacionPaths.solicitar,
      payload: { correo: u.correo },
      remoteAddress: '203.0.113.9',
    });
    await app.services.despachador.despachar();
    const token = /#token=(\S+)/.exec(enviados.at(-1)?.texto ?? '')?.[1];
    expect(token).toBeTruthy();

    correo.fallos = 1;
    await encolar('luis@prueba.test', 'Recordatorio de tu cita', 'Mañana tienes tu cita.');
    await app.services.despachador.despachar();
    // Not due yet: stays pending.
    await app.services.transaccion((tx) =>
      tx.encolar(
        'correo',
        { para: 'eva@prueba.test', asunto: 'Más tarde', texto: 'Luego.' },
        { disponibleEn: new Date(reloj.now().getTime() + 60 * 60_000) },
      ),
    );

    const res = await bandeja('administrador');
    expect(res.statusCode).toBe(200);
    const cuerpo = res.json();
    expect(cuerpo).toMatchObject({ total: 4, pagina: 1, porPagina: 20, modo: 'archivo' });
    expect(cuerpo.items.map((c: { para: string }) => c.para)).toEqual([
      'eva@prueba.test',
      'luis@prueba.test',
      u.correo,
      'ana@prueba.test',
    ]);
    const [pendiente, fallido, recuperacion, enviado] = cuerpo.items;
    expect(pendiente).toMatchObject({ estado: 'pendiente', intentos: 0, enviado_en: null, ultimo_error: null });
    expect(fallido).toMatchObject({ estado: 'fallido', intentos: 1, enviado_en: null });
    expect(fallido.ultimo_error).toMatch(/SMTP no disponible/);
    expect(enviado).toMatchObject({
      estado: 'enviado',
      intentos: 1,
      asunto: 'Tu cita quedó agendada',
      vista_previa: 'Hola, Ana:\n\nTu cita de evaluación quedó agendada.',
    });
    expect(new Date(enviado.enviado_en).getTime()).toBe(reloj.now().getTime());
    expect(recuperacion).toMatchObject({
      estado: 'enviado',
      asunto: expect.stringMatching(/Restablece tu contraseña/),
    });
    expect(recuperacion.vista_previa).toContain(MARCA_ENLACE_RECUPERACION);
    expect(res.body).not.toContain(token!);
    expect(res.body).not.toContain('#token=');
    expect(res.body).not.toContain('restablecercontrasena');
    expect(res.body).not.toContain('enlaceRecuperacion');

    const pagina2 = (await bandeja('administrador', '?pagina=2&porPagina=3')).json();
    expect(pagina2).toMatchObject({ total: 4, pagina: 2, porPagina: 3 });
    expect(pagina2.items.map((c: { para: string }) => c.para)).toEqual(['ana@prueba.test']);
  });

  it('masks anything that looks like a recovery link or token in older rows', () => {
    const texto =
      'Abre https://citas.test/restablecercontrasena#token=r1.5.1790000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ o usa r1.5.1790000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    expect(enmascarar(texto)).toBe('Abre [enlace oculto] o usa [enlace oculto]');
    expect(enmascarar('https://x.test/a?token=abc y más')).toBe('[enlace oculto] y más');
    expect(enmascarar('Tu cita es mañana.')).toBe('Tu cita es mañana.');
  });

  it('refuses page sizes above 100', async () => {
    expect((await bandeja('administrador', '?porPagina=500')).statusCode).toBe(400);
  });
});
