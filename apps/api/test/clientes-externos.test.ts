// The spec's calls exactly as an outside client sends them (issue 27, items 1 and 3): SPEC 7 says PATCH calls also
// send a JSON content type, and "mark all read" and "archive read" send no body; the original system's client reads
// a notification's time from `fecha`. Every call of both notification feeds and of the cart, with the headers the
// spec names and an empty body where it sends none.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carritoPaths } from '@clinica/contracts/carrito';
import { notificacionesDoctorPaths, notificacionesUsuarioPaths } from '@clinica/contracts/notificaciones';
import { notificaciones } from '../src/db/schema/index.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
let doctor: UsuarioDePrueba;
let paciente: UsuarioDePrueba;
let procedimientoId: number;

/**
 * As the original system's client sends every call: bearer token and a JSON content type, body or not (an object,
 * or text sent as it is).
 */
const llamar = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  quien: UsuarioDePrueba,
  body?: object | string,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...quien.headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

beforeAll(async () => {
  t = await createTestApp();
  doctor = await crearUsuario(t.database, 'doctor');
  paciente = await crearUsuario(t.database, 'paciente');
  const admin = await crearUsuario(t.database, 'administrador');
  const categoria = await crearCategoria(t.app, admin.headers);
  procedimientoId = (await crearProcedimiento(t.app, admin.headers, categoria.id)).id;
  for (const u of [doctor, paciente]) {
    await t.database.db.insert(notificaciones).values([
      { usuario_id: u.id, tipo: 'cita.nueva', mensaje: 'Tienes una cita nueva' },
      { usuario_id: u.id, tipo: 'cita.cancelada', mensaje: 'Una cita fue cancelada' },
    ]);
  }
});
afterAll(() => t.close());

describe.each([
  ['doctor', notificacionesDoctorPaths, () => doctor],
  ['patient', notificacionesUsuarioPaths, () => paciente],
] as const)('the %s notification feed, five calls', (_feed, rutas, quien) => {
  it('lists with `fecha` (the creation time) beside `creada_en`', async () => {
    const res = await llamar('GET', rutas.listar(quien().id), quien());
    expect(res.statusCode).toBe(200);
    const [n] = res.json() as { fecha: string; creada_en: string }[];
    expect(n!.fecha).toBe(n!.creada_en);
    expect(new Date(n!.fecha).toISOString()).toBe(n!.fecha);
  });

  it('marks one read with its body', async () => {
    const [n] = await t.database.db.select().from(notificaciones).where(eq(notificaciones.usuario_id, quien().id));
    const res = await llamar('PATCH', rutas.marcarLeida(quien().id), quien(), { notificacionId: n!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: n!.id, leida: true });
  });

  it('marks all read and archives the read ones with a JSON content type and no body', async () => {
    const todas = await llamar('PATCH', rutas.marcarTodasLeidas(quien().id), quien());
    expect(todas.statusCode, todas.body).toBe(200);
    expect(todas.json()).toEqual({ actualizadas: 1 });
    const archivar = await llamar('PATCH', rutas.archivarLeidas(quien().id), quien());
    expect(archivar.statusCode, archivar.body).toBe(200);
    expect(archivar.json()).toEqual({ archivadas: 2 });
  });

  it('reads the history', async () => {
    const res = await llamar('GET', rutas.historial(quien().id), quien());
    expect(res.statusCode).toBe(200);
    expect((res.json() as { fecha: string }[]).every((n) => typeof n.fecha === 'string')).toBe(true);
  });
});

describe('the cart, four calls', () => {
  it('adds with a body; lists, removes one and empties with a JSON content type and no body', async () => {
    const agregar = await llamar('POST', carritoPaths.agregar, paciente, { id_procedimiento: procedimientoId });
    expect(agregar.statusCode, agregar.body).toBe(201);
    const lista = await llamar('GET', carritoPaths.listar, paciente);
    expect(lista.statusCode).toBe(200);
    const item = (lista.json() as { id: number }[])[0]!;
    const quitar = await llamar('DELETE', carritoPaths.eliminar(item.id), paciente);
    expect(quitar.statusCode, quitar.body).toBe(200);
    await llamar('POST', carritoPaths.agregar, paciente, { id_procedimiento: procedimientoId });
    const vaciar = await llamar('DELETE', carritoPaths.limpiar, paciente);
    expect(vaciar.statusCode, vaciar.body).toBe(200);
  });
});

describe('an empty body where one is required', () => {
  it('is still a Spanish 400 that names the field, never accepted', async () => {
    const res = await llamar('POST', carritoPaths.agregar, paciente);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDACION' });
    const malo = await llamar('POST', carritoPaths.agregar, paciente, '{"id_procedimiento":');
    expect(malo.statusCode).toBe(400);
    expect(malo.json().error).toBe('El cuerpo de la solicitud no es un JSON válido.');
    const veneno = await llamar('POST', carritoPaths.agregar, paciente, '{"__proto__":{"x":1},"id_procedimiento":1}');
    expect(veneno.statusCode).toBe(400);
  });
});
