// Recent sign-in lockouts for administrators (issue 11.1): administrators only; a pair lockout and the attempts
// refused during it show up newest first with the address, the kind and the account's e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuariosPaths as rutas } from '@clinica/contracts/usuarios';
import { correoDeDetalle, tipoDeBloqueo } from '../src/features/usuarios/sesion.service.ts';
import {
  crearUsuario as crearActor,
  crearUsuariosPorRol,
  headersDe,
  QUIENES,
  type UsuariosPorRol,
  SOLO_ADMINISTRADOR,
} from './auth-helpers.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { crearReloj, crearUsuario } from './usuarios-fixtures.ts';

const reloj = crearReloj(new Date());
let t: TestContext;
let actores: UsuariosPorRol;

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now });
  actores = await crearUsuariosPorRol(t.database);
});
afterAll(() => t.close());

const bloqueos = (quien: (typeof QUIENES)[number]) =>
  t.app.inject({ method: 'GET', url: rutas.bloqueosRecientes, headers: headersDe(actores, quien) });
const iniciar = (correo: string, contrasena: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: rutas.iniciarSesion, payload: { correo, contrasena }, remoteAddress });

type Item = { cuando: string; ip: string | null; tipo: string; correo: string | null; detalle: string | null };

describe('GET /apiusuarios/bloqueosrecientes', () => {
  it.each(SOLO_ADMINISTRADOR)('as %s -> %i', async (quien, esperado) => {
    const res = await bloqueos(quien);
    expect(res.statusCode).toBe(esperado);
    if (esperado === 403)
      expect(res.json()).toEqual({ error: 'No tienes permiso para hacer esto.', code: 'PROHIBIDO' });
  });

  it('shows a lockout of one account from one address, and the attempt refused during it, newest first', async () => {
    const u = await crearUsuario(t.database);
    const ip = '10.9.8.7';
    for (let i = 0; i < 4; i++) expect((await iniciar(u.correo, `equivocada ${i}`, ip)).statusCode).toBe(401);
    expect((await iniciar(u.correo, 'equivocada 5', ip)).statusCode).toBe(429);
    expect((await iniciar(u.correo, 'equivocada 6', ip)).statusCode).toBe(429);

    const res = await bloqueos('administrador');
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: Item[] }).items;
    const deEste = items.filter((i) => i.ip === ip);
    expect(deEste.map((i) => i.tipo)).toEqual(['intento_bloqueado', 'bloqueo']);
    for (const i of deEste) {
      expect(i.correo).toBe(u.correo);
      expect(i.cuando).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    }
    expect(deEste[1]?.detalle).toMatch(/^bloqueo de 1 min; clave=par:/);
    expect(+new Date(deEste[0]!.cuando)).toBeGreaterThanOrEqual(+new Date(deEste[1]!.cuando));
    expect(JSON.stringify(items)).not.toContain('equivocada');
  });

  it('leaves out rows older than 7 days (the window follows the app clock)', async () => {
    reloj.avanzar(7 * 24 * 60 * 60 * 1000 + 60_000);
    try {
      // A session opened at the later time (the earlier ones are idle by then).
      const admin = await crearActor(t.database, 'administrador', { now: reloj.now() });
      const res = await t.app.inject({ method: 'GET', url: rutas.bloqueosRecientes, headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [] });
    } finally {
      reloj.avanzar(-(7 * 24 * 60 * 60 * 1000 + 60_000));
    }
  });
});

describe('kind and e-mail from the audit detail', () => {
  it.each([
    ['bloqueo de 15 min; clave=par:ana@x.co|1.2.3.4', 'bloqueo', 'ana@x.co'],
    ['bloqueo de 1 min; clave=ip:1.2.3.4', 'bloqueo', null],
    ['ráfaga: 10 fallos recientes desde varias direcciones; intentos ralentizados; correo=b@x.co', 'rafaga', 'b@x.co'],
    ['intento durante bloqueo; correo=c@x.co', 'intento_bloqueado', 'c@x.co'],
  ] as const)('%s', (detalle, tipo, correo) => {
    expect(tipoDeBloqueo(detalle)).toBe(tipo);
    expect(correoDeDetalle(detalle)).toBe(correo);
  });
});
