// Authorization matrix (issue 8, item 5): every /apicitas route (the reminder's links too, and the doctors' picker) x anonymous and the
// four roles. The role check is the server's (config.auth from the contract); ownership is the service's and
// is tested in citas.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths as rutas } from '@clinica/contracts/citas';
import { enlacesCitaPaths } from '@clinica/contracts/enlaces-cita';
import { createTestApp, type TestContext } from './helpers.ts';
import { crearUsuariosPorRol, QUIENES, type UsuariosPorRol } from './auth-helpers.ts';

type Quien = (typeof QUIENES)[number];
type Caso = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  ruta: string;
  url: () => string;
  payload?: object;
  esperado: Partial<Record<Quien, number>>;
};

let t: TestContext;
let u: UsuariosPorRol;
const dia = '2026-12-01';

/** Staff-only routes: patients 403; anonymous 401. */
const soloPersonal = (ok: number) => ({ anonimo: 401, paciente: 403, asistente: ok, doctor: ok, administrador: ok });

const MATRIZ: Caso[] = [
  {
    method: 'GET',
    ruta: rutas.citasUsuario(':usuarioId'),
    url: () => rutas.citasUsuario(u.paciente.id),
    esperado: { anonimo: 401, paciente: 200, asistente: 200, doctor: 403, administrador: 200 },
  },
  {
    method: 'GET',
    ruta: rutas.misCitas,
    url: () => rutas.misCitas,
    esperado: { anonimo: 401, paciente: 200, asistente: 200, doctor: 200, administrador: 200 },
  },
  { method: 'GET', ruta: rutas.listar, url: () => rutas.listar, esperado: soloPersonal(200) },
  {
    method: 'GET',
    ruta: rutas.buscar(':id'),
    url: () => rutas.buscar(999_999),
    esperado: { anonimo: 401, paciente: 404, asistente: 404, doctor: 404, administrador: 404 },
  },
  {
    method: 'GET',
    ruta: rutas.pacientesDoctor,
    url: () => rutas.pacientesDoctor,
    esperado: { anonimo: 401, paciente: 403, asistente: 403, doctor: 200, administrador: 403 },
  },
  {
    method: 'GET',
    ruta: rutas.disponibilidad,
    url: () => `${rutas.disponibilidad}?desde=${dia}&hasta=${dia}`,
    esperado: { anonimo: 200, paciente: 200, asistente: 200, doctor: 200, administrador: 200 },
  },
  // A body that fails validation: the role check comes first, so 400 means "let through".
  {
    method: 'POST',
    ruta: rutas.crear,
    url: () => rutas.crear,
    payload: {},
    esperado: { anonimo: 401, paciente: 400, asistente: 400, doctor: 400, administrador: 400 },
  },
  {
    method: 'PATCH',
    ruta: rutas.editar(':id'),
    url: () => rutas.editar(999_999),
    payload: {},
    esperado: soloPersonal(404),
  },
  {
    method: 'PATCH',
    ruta: rutas.reagendar(':id'),
    url: () => rutas.reagendar(999_999),
    payload: { inicio: '2026-12-01T09:00:00-05:00' },
    esperado: { anonimo: 401, paciente: 404, asistente: 404, doctor: 404, administrador: 404 },
  },
  {
    method: 'PATCH',
    ruta: rutas.cancelar(':id'),
    url: () => rutas.cancelar(999_999),
    payload: { motivo: 'Prueba' },
    esperado: { anonimo: 401, paciente: 404, asistente: 404, doctor: 404, administrador: 404 },
  },
  {
    method: 'PATCH',
    ruta: rutas.editarEstado(':id'),
    url: () => rutas.editarEstado(999_999),
    payload: { estado: 'confirmada' },
    esperado: soloPersonal(404),
  },
  {
    method: 'PATCH',
    ruta: rutas.inasistencia(':id'),
    url: () => rutas.inasistencia(999_999),
    payload: {},
    esperado: soloPersonal(404),
  },
  // A doctor manages their own agenda only: another doctor's is 403.
  {
    method: 'GET',
    ruta: rutas.horarios(':doctorId'),
    url: () => rutas.horarios(u.doctor.id),
    esperado: soloPersonal(200),
  },
  {
    method: 'PUT',
    ruta: rutas.horarios(':doctorId'),
    url: () => rutas.horarios(u.doctor.id),
    payload: { horarios: [] },
    esperado: soloPersonal(200),
  },
  {
    method: 'GET',
    ruta: rutas.bloqueos(':doctorId'),
    url: () => `${rutas.bloqueos(u.doctor.id)}?desde=${dia}&hasta=${dia}`,
    esperado: soloPersonal(200),
  },
  {
    method: 'POST',
    ruta: rutas.bloqueos(':doctorId'),
    url: () => rutas.bloqueos(u.doctor.id),
    payload: {},
    esperado: soloPersonal(400),
  },
  {
    method: 'DELETE',
    ruta: rutas.bloqueo(':doctorId', ':id'),
    url: () => rutas.bloqueo(u.doctor.id, 999_999),
    esperado: soloPersonal(404),
  },
  {
    method: 'GET',
    ruta: rutas.doctores,
    url: () => rutas.doctores,
    esperado: { anonimo: 200, paciente: 200, asistente: 200, doctor: 200, administrador: 200 },
  },
  // The clinic's cancellation and hold policy is public: the service page states it before sign-in.
  {
    method: 'GET',
    ruta: rutas.politica,
    url: () => rutas.politica,
    esperado: { anonimo: 200, paciente: 200, asistente: 200, doctor: 200, administrador: 200 },
  },
  // Issue 25.3: the reminder's links are public (the signed link is the credential; enlaces-cita.test.ts checks that a
  // good link answers everyone alike). A body without a token: 400 for everyone, nothing counted against the address.
  {
    method: 'POST',
    ruta: enlacesCitaPaths.ver,
    url: () => enlacesCitaPaths.ver,
    payload: { token: '' },
    esperado: { anonimo: 400, paciente: 400, asistente: 400, doctor: 400, administrador: 400 },
  },
  {
    method: 'POST',
    ruta: enlacesCitaPaths.usar,
    url: () => enlacesCitaPaths.usar,
    payload: { token: '' },
    esperado: { anonimo: 400, paciente: 400, asistente: 400, doctor: 400, administrador: 400 },
  },
];

beforeAll(async () => {
  t = await createTestApp();
  u = await crearUsuariosPorRol(t.database);
});
afterAll(() => t.close());

describe('authorization matrix: every /apicitas route x anonymous and the four roles', () => {
  it('covers every appointments route that is registered', () => {
    const registradas = new Set<string>();
    for (const r of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      if (/\/apicitas|\/apiusuarios\/doctores/.test(r)) registradas.add(r);
    }
    const enMatriz = new Set(MATRIZ.map((c) => c.ruta));
    for (const c of Object.values(rutas)) {
      const ruta = typeof c === 'function' ? (c as (...a: string[]) => string)(':doctorId', ':id') : c;
      if (ruta.startsWith('/apicitas/bloqueos/:doctorId/')) continue;
      expect(
        [...enMatriz].some((m) => m.split('/')[2] === ruta.split('/')[2]),
        ruta,
      ).toBe(true);
    }
    expect(registradas.size).toBeGreaterThan(0);
  });

  const celdas = MATRIZ.flatMap((c) => QUIENES.map((q) => [`${c.method} ${c.ruta}`, q, c.esperado[q]!, c] as const));
  it.each(celdas)('%s as %s -> %i', async (_n, quien, esperado, caso) => {
    const res = await t.app.inject({
      method: caso.method,
      url: caso.url(),
      headers: quien === 'anonimo' ? {} : u[quien].headers,
      ...(caso.payload ? { payload: caso.payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(esperado);
  });

  it("a doctor cannot read or change another doctor's agenda", async () => {
    const otro = u.doctor;
    const yo = await (await import('./auth-helpers.ts')).crearUsuario(t.database, 'doctor');
    expect((await t.app.inject({ method: 'GET', url: rutas.horarios(otro.id), headers: yo.headers })).statusCode).toBe(
      403,
    );
    const cambio = await t.app.inject({
      method: 'PUT',
      url: rutas.horarios(otro.id),
      headers: yo.headers,
      payload: { horarios: [] },
    });
    expect(cambio.statusCode).toBe(403);
  });

  it('the doctors picker shows active doctors with public fields only', async () => {
    const res = await t.app.inject({ method: 'GET', url: rutas.doctores });
    const lista = res.json() as Record<string, unknown>[];
    expect(lista.some((d) => d.id === u.doctor.id)).toBe(true);
    for (const d of lista) expect(Object.keys(d).sort()).toEqual(['id', 'nombre']);
  });
});
