// Authorization matrix over every /apiusuarios route, IDOR, mass assignment, listing/search and the
// administration of users (DOMAIN.md "People and roles").
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rolesUsuarios, usuariosPaths as rutas, type Rol } from '@clinica/contracts/usuarios';
import { auditoria, sesiones, usuarios } from '../src/db/schema/index.ts';
import type { UsuarioPublico } from '../src/features/usuarios/usuarios.repository.ts';
import { createTestApp, PREFIJO_HASH_PRUEBAS, type TestContext, inyectar } from './helpers.ts';
import { bearer, CLAVE, crearUsuario, registro, sesionPara, sinSecretos } from './usuarios-fixtures.ts';

type Quien = 'anonimo' | Rol;
const QUIENES: Quien[] = ['anonimo', 'paciente', 'asistente', 'doctor', 'administrador'];

let t: TestContext;
const actores = {} as Record<Rol, UsuarioPublico>;
let otroPaciente: UsuarioPublico;
let otroDoctor: UsuarioPublico;

beforeAll(async () => {
  t = await createTestApp();
  for (const rol of ['paciente', 'asistente', 'doctor', 'administrador'] as const) {
    actores[rol] = await crearUsuario(t.database, { rol, nombre: `Actor ${rol}` });
  }
  otroPaciente = await crearUsuario(t.database, { nombre: 'Otro Paciente' });
  otroDoctor = await crearUsuario(t.database, { rol: 'doctor', nombre: 'Otro Doctor' });
});
afterAll(() => t.close());

/** A fresh session per request: cerrarsesion in one cell must not spoil the next. */
async function headersDe(quien: Quien): Promise<Record<string, string>> {
  if (quien === 'anonimo') return {};
  return bearer((await sesionPara(t.database, actores[quien])).token);
}

/** A user an administrator creates (a doctor): a registration's data without the sign-up consents. */
function nuevoUsuarioAdmin() {
  const { terminos_condiciones: _terminos, politica_datos: _politica, ...datos } = registro();
  // Not a Muñoz: the searches below count those.
  return { ...datos, nombre: 'Nueva Persona', rol: 'doctor' };
}

type Caso = {
  method: 'GET' | 'POST' | 'PATCH';
  ruta: string;
  url: () => string;
  payload?: () => object;
  nota: string;
  esperado: Record<Quien, number>;
};
const todos = (n: number, anonimo = 401): Record<Quien, number> => ({
  anonimo,
  paciente: n,
  asistente: n,
  doctor: n,
  administrador: n,
});
const soloStaff = (n: number): Record<Quien, number> => ({
  anonimo: 401,
  paciente: 403,
  asistente: n,
  doctor: n,
  administrador: n,
});
const soloAdmin = (n: number): Record<Quien, number> => ({
  anonimo: 401,
  paciente: 403,
  asistente: 403,
  doctor: 403,
  administrador: n,
});

// Public routes get an empty body: 400 proves the request passed the auth layer.
const MATRIZ: Caso[] = [
  {
    method: 'POST',
    ruta: rutas.registrar,
    url: () => rutas.registrar,
    payload: () => ({}),
    nota: 'empty body',
    esperado: todos(400, 400),
  },
  {
    method: 'POST',
    ruta: rutas.iniciarSesion,
    url: () => rutas.iniciarSesion,
    payload: () => ({}),
    nota: 'empty body',
    esperado: todos(400, 400),
  },
  { method: 'POST', ruta: rutas.renovarSesion, url: () => rutas.renovarSesion, nota: '', esperado: todos(200) },
  { method: 'POST', ruta: rutas.cerrarSesion, url: () => rutas.cerrarSesion, nota: '', esperado: todos(200) },
  { method: 'GET', ruta: rutas.perfil, url: () => rutas.perfil, nota: '', esperado: todos(200) },
  {
    method: 'PATCH',
    ruta: rutas.perfil,
    url: () => rutas.perfil,
    payload: () => ({ ocupacion: 'Prueba' }),
    nota: '',
    esperado: todos(200),
  },
  {
    method: 'PATCH',
    ruta: rutas.perfilContrasena,
    url: () => rutas.perfilContrasena,
    payload: () => ({ contrasena_actual: 'no es la actual', contrasena_nueva: 'un barco chiquitico navegaba' }),
    nota: 'wrong current password',
    esperado: todos(400),
  },
  {
    method: 'POST',
    ruta: rutas.perfilCorreo,
    url: () => rutas.perfilCorreo,
    payload: () => ({ correo_nuevo: 'otro.correo@prueba.test', contrasena_actual: 'no es la actual' }),
    nota: 'wrong current password',
    esperado: todos(400),
  },
  {
    method: 'POST',
    ruta: rutas.perfilAutorizacion,
    url: () => rutas.perfilAutorizacion,
    payload: () => ({ terminos_condiciones: true, politica_datos: true }),
    nota: "the patient's own acceptance",
    esperado: { anonimo: 401, paciente: 200, asistente: 403, doctor: 403, administrador: 403 },
  },
  {
    method: 'POST',
    ruta: rutas.autorizacion(':id'),
    url: () => rutas.autorizacion(otroPaciente.id),
    payload: () => ({ terminos_condiciones: true, politica_datos: true }),
    nota: 'the desk records it',
    esperado: { anonimo: 401, paciente: 403, asistente: 200, doctor: 403, administrador: 200 },
  },
  {
    method: 'POST',
    ruta: rutas.confirmarCorreo,
    url: () => rutas.confirmarCorreo,
    payload: () => ({ token: 'c1.1.1.eEB5.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
    nota: 'invalid link (public)',
    esperado: todos(400, 400),
  },
  { method: 'GET', ruta: rutas.listar, url: () => rutas.listar, nota: '', esperado: soloStaff(200) },
  {
    method: 'GET',
    ruta: rutas.bloqueosRecientes,
    url: () => rutas.bloqueosRecientes,
    nota: '',
    esperado: soloAdmin(200),
  },
  {
    method: 'GET',
    ruta: rutas.buscar(':id'),
    url: () => rutas.buscar(otroPaciente.id),
    nota: 'a patient',
    esperado: soloStaff(200),
  },
  {
    method: 'GET',
    ruta: rutas.buscar(':id'),
    url: () => rutas.buscar(otroDoctor.id),
    nota: 'a doctor',
    esperado: { anonimo: 401, paciente: 403, asistente: 404, doctor: 404, administrador: 200 },
  },
  {
    method: 'POST',
    ruta: rutas.crearAdmin,
    url: () => rutas.crearAdmin,
    payload: () => ({ ...nuevoUsuarioAdmin(), rol: 'paciente' }),
    nota: 'a patient',
    esperado: { anonimo: 401, paciente: 403, asistente: 201, doctor: 403, administrador: 201 },
  },
  {
    method: 'POST',
    ruta: rutas.crearAdmin,
    url: () => rutas.crearAdmin,
    payload: nuevoUsuarioAdmin,
    nota: 'staff',
    esperado: soloAdmin(201),
  },
  {
    method: 'POST',
    ruta: rutas.crearPaciente,
    url: () => rutas.crearPaciente,
    payload: () => ({}),
    nota: 'walk-in patient, empty body',
    esperado: { anonimo: 401, paciente: 403, asistente: 400, doctor: 403, administrador: 400 },
  },
  {
    method: 'POST',
    ruta: rutas.invitar(':id'),
    url: () => rutas.invitar(otroPaciente.id),
    nota: 'she already has a password',
    esperado: { anonimo: 401, paciente: 403, asistente: 422, doctor: 403, administrador: 422 },
  },
  {
    method: 'PATCH',
    ruta: rutas.editar(':id'),
    url: () => rutas.editar(otroPaciente.id),
    payload: () => ({ telefono: '3009998877' }),
    nota: "a patient's contact data",
    esperado: { anonimo: 401, paciente: 403, asistente: 200, doctor: 403, administrador: 200 },
  },
  {
    method: 'PATCH',
    ruta: rutas.editar(':id'),
    url: () => rutas.editar(otroPaciente.id),
    payload: () => ({ ocupacion: 'Editada' }),
    nota: 'other data',
    esperado: soloAdmin(200),
  },
  {
    method: 'PATCH',
    ruta: rutas.editarEstado(':id'),
    url: () => rutas.editarEstado(otroPaciente.id),
    payload: () => ({ estado: true }),
    nota: '',
    esperado: soloAdmin(200),
  },
];

/** Full paths and methods of the /apiusuarios routes, read from Fastify's route tree. */
function rutasRegistradas(arbol: string): string[] {
  const pila: string[] = [];
  const salida: string[] = [];
  for (const linea of arbol.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(linea);
    if (!m) continue;
    const nivel = (m[1] ?? '').length / 4;
    pila.length = nivel;
    const ruta = (pila[nivel - 1] ?? '') + (m[2] ?? '');
    pila[nivel] = ruta;
    for (const metodo of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) salida.push(`${metodo} ${ruta}`);
  }
  // The doctors' picker (GET /apiusuarios/doctores) belongs to the appointments area and is tested there.
  return salida.filter((r) => r.includes(' /apiusuarios/') && !/\/apiusuarios\/(notificaciones|doctores)/.test(r));
}

describe('authorization matrix: every /apiusuarios route x anonymous and the four roles', () => {
  it('covers every identity route that is registered and every path in the contract', () => {
    const enMatriz = new Set(MATRIZ.map((c) => `${c.method} ${c.ruta}`));
    expect(new Set(rutasRegistradas(t.app.printRoutes({ commonPrefix: false })))).toEqual(enMatriz);
    const contrato = Object.values(rutas).map((r) => (typeof r === 'function' ? r(':id') : r));
    for (const ruta of contrato)
      expect(
        [...enMatriz].some((c) => c.endsWith(` ${ruta}`)),
        ruta,
      ).toBe(true);
  });

  it('the role lists published in the contract match what the server enforces', () => {
    const permitidos = (e: Record<Quien, number>) => QUIENES.filter((q) => q !== 'anonimo' && e[q] !== 403);
    const porRuta = (ruta: string) => MATRIZ.find((c) => c.ruta === ruta && c.nota !== 'a doctor')!.esperado;
    expect(permitidos(porRuta(rutas.listar)).sort()).toEqual([...rolesUsuarios.listar].sort());
    expect(permitidos(porRuta(rutas.buscar(':id'))).sort()).toEqual([...rolesUsuarios.buscar].sort());
    expect(permitidos(porRuta(rutas.crearAdmin)).sort()).toEqual([...rolesUsuarios.crearAdmin].sort());
    expect(permitidos(porRuta(rutas.editar(':id'))).sort()).toEqual([...rolesUsuarios.editar].sort());
    expect(permitidos(porRuta(rutas.editarEstado(':id')))).toEqual([...rolesUsuarios.editarEstado]);
  });

  const celdas = MATRIZ.flatMap((c) =>
    QUIENES.map((q) => [`${c.method} ${c.ruta} ${c.nota}`.trim(), q, c.esperado[q], c] as const),
  );
  it.each(celdas)('%s as %s -> %i', async (_nombre, quien, esperado, caso) => {
    const res = await t.app.inject({
      method: caso.method,
      url: caso.url(),
      headers: await headersDe(quien),
      ...(caso.payload ? { payload: caso.payload() } : {}),
    });
    expect(res.statusCode, res.body).toBe(esperado);
    expect(sinSecretos(res.body)).toBe(true);
    if (esperado === 401) expect(res.json().code).toBe('NO_AUTENTICADO');
    if (esperado === 403) {
      // The front desk's limits are the service's, with a message that says what it may do instead.
      const delServicio = quien === 'asistente' && (caso.nota === 'staff' || caso.nota === 'other data');
      expect(res.json()).toEqual({
        error: delServicio
          ? caso.nota === 'staff'
            ? 'Solo puedes registrar pacientes. Para crear personal, pídeselo a un administrador.'
            : 'Solo puedes cambiar los datos de contacto de una paciente: teléfono, dirección y correo. Para lo demás, pídeselo a un administrador.'
          : 'No tienes permiso para hacer esto.',
        code: 'PROHIBIDO',
      });
    }
  });

  it('denials are audited', async () => {
    await inyectar(t.app, 'GET', rutas.listar, await headersDe('paciente'));
    const filas = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.usuario_id, actores.paciente.id), eq(auditoria.resultado, 'denegado')));
    expect(filas.length).toBeGreaterThan(0);
  });
});

describe('IDOR and mass assignment', () => {
  it('a patient cannot read, edit or deactivate another user by id', async () => {
    const h = await headersDe('paciente');
    const intentos = [
      inyectar(t.app, 'GET', rutas.buscar(otroPaciente.id), h),
      inyectar(t.app, 'PATCH', rutas.editar(otroPaciente.id), h, { nombre: 'Hackeado' }),
      inyectar(t.app, 'PATCH', rutas.editarEstado(otroPaciente.id), h, { estado: false }),
      inyectar(t.app, 'PATCH', rutas.perfil, h, { id: otroPaciente.id, nombre: 'Hackeado' }),
    ];
    const res = await Promise.all(intentos);
    expect(res.map((r) => r.statusCode)).toEqual([403, 403, 403, 400]);
    const [fila] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, otroPaciente.id));
    expect(fila?.nombre).toBe('Otro Paciente');
    expect(fila?.estado).toBe(true);
  });

  it.each(['asistente', 'doctor'] as const)('a %s cannot see staff nor change roles or state', async (rol) => {
    const h = await headersDe(rol);
    expect((await inyectar(t.app, 'GET', rutas.buscar(actores.administrador.id), h)).statusCode).toBe(404);
    const auditado = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.usuario_id, actores[rol].id), eq(auditoria.accion, 'usuarios.buscar')));
    expect(auditado.map((a) => a.resultado)).toContain('denegado');
    expect(
      (await inyectar(t.app, 'PATCH', rutas.editar(actores[rol].id), h, { rol: 'administrador' })).statusCode,
    ).toBe(403);
    expect((await inyectar(t.app, 'PATCH', rutas.perfil, h, { rol: 'administrador' })).statusCode).toBe(400);
    expect((await inyectar(t.app, 'PATCH', rutas.perfil, h, { estado: false })).statusCode).toBe(400);
    const [fila] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, actores[rol].id));
    expect(fila?.rol).toBe(rol);
  });

  it('the admin edit schema is strict too: estado and id go through their own route only', async () => {
    const h = await headersDe('administrador');
    for (const payload of [{ estado: false }, { id: 1 }, { contrasena_hash: 'x' }]) {
      const res = await inyectar(t.app, 'PATCH', rutas.editar(otroPaciente.id), h, payload);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('GET /apiusuarios/listarusuarios', () => {
  beforeAll(async () => {
    await crearUsuario(t.database, {
      nombre: 'Carlos Andrés Muñoz',
      correo: 'carlos.munoz@prueba.test',
      numerodocumento: '79876543',
    });
    await crearUsuario(t.database, { nombre: 'Lucía López', correo: 'lucia@prueba.test' });
    await crearUsuario(t.database, { nombre: 'Inés Muñoz Rivas', estado: false });
    await crearUsuario(t.database, { nombre: 'Dr. Pedro Muñoz', rol: 'doctor' });
    await crearUsuario(t.database, { nombre: 'Porcentaje 100% Real' });
    await crearUsuario(t.database, { nombre: 'ÑUSTA ÁLVAREZ', correo: 'nusta@prueba.test' });
  });

  const listar = async (quien: Quien, query: Record<string, string | number> = {}) =>
    t.app.inject({
      method: 'GET',
      url: rutas.listar,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: await headersDe(quien),
    });
  const nombres = (res: { json(): { items: { nombre: string }[] } }) => res.json().items.map((i) => i.nombre);

  it('searches accent- and case-insensitively over name, e-mail and document', async () => {
    expect(nombres(await listar('administrador', { q: 'munoz' }))).toEqual([
      'Carlos Andrés Muñoz',
      'Dr. Pedro Muñoz',
      'Inés Muñoz Rivas',
    ]);
    expect(nombres(await listar('administrador', { q: 'LOPEZ' }))).toEqual(['Lucía López']);
    expect(nombres(await listar('administrador', { q: 'lucia' }))).toEqual(['Lucía López']);
    expect(nombres(await listar('administrador', { q: 'MUÑOZ' })).length).toBe(3);
    expect(nombres(await listar('administrador', { q: '9876543' }))).toEqual(['Carlos Andrés Muñoz']);
    expect(nombres(await listar('administrador', { q: 'carlos.munoz@' }))).toEqual(['Carlos Andrés Muñoz']);
    expect(nombres(await listar('administrador', { q: 'andres munoz' }))).toEqual(['Carlos Andrés Muñoz']);
    // A name written in capitals with accents, searched in lower case with or without them.
    expect(nombres(await listar('administrador', { q: 'ñusta álvarez' }))).toEqual(['ÑUSTA ÁLVAREZ']);
    expect(nombres(await listar('administrador', { q: 'nusta alvarez' }))).toEqual(['ÑUSTA ÁLVAREZ']);
  });

  it('treats % and _ in the search literally', async () => {
    expect(nombres(await listar('administrador', { q: '%' }))).toEqual(['Porcentaje 100% Real']);
    expect(nombres(await listar('administrador', { q: '_' }))).toEqual([]);
  });

  it('assistants and doctors get patients only, whatever they ask', async () => {
    for (const quien of ['asistente', 'doctor'] as const) {
      const res = await listar(quien, { q: 'munoz' });
      expect(res.statusCode).toBe(200);
      expect(nombres(res)).toEqual(['Carlos Andrés Muñoz', 'Inés Muñoz Rivas']);
      const todosLosDeEste = await listar(quien, { porPagina: 100 });
      expect(todosLosDeEste.json().items.every((u: { rol: string }) => u.rol === 'paciente')).toBe(true);
      const staff = await listar(quien, { rol: 'doctor' });
      expect(staff.statusCode).toBe(200);
      expect(staff.json()).toEqual({ items: [], total: 0, pagina: 1, porPagina: 20 });
    }
  });

  it('filters by role and state and paginates with the total, ordered by name', async () => {
    const doctores = await listar('administrador', { rol: 'doctor', porPagina: 100 });
    expect(doctores.json().items.every((u: { rol: string }) => u.rol === 'doctor')).toBe(true);
    const enBase = await t.database.db.select().from(usuarios).where(eq(usuarios.rol, 'doctor'));
    expect(doctores.json().total).toBe(enBase.length);
    expect(doctores.json().total).toBeGreaterThanOrEqual(3);
    const inactivos = await listar('administrador', { estado: 'false' });
    expect(nombres(inactivos)).toEqual(['Inés Muñoz Rivas']);

    const pagina1 = await listar('administrador', { porPagina: 3, pagina: 1 });
    const pagina2 = await listar('administrador', { porPagina: 3, pagina: 2 });
    const todo = await listar('administrador', { porPagina: 100 });
    expect(pagina1.json()).toMatchObject({ pagina: 1, porPagina: 3, total: todo.json().total });
    expect(pagina1.json().items).toHaveLength(3);
    expect([...nombres(pagina1), ...nombres(pagina2)]).toEqual(nombres(todo).slice(0, 6));
    const ordenados = [...nombres(todo)];
    expect(nombres(todo)).toEqual(ordenados.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(sinSecretos(todo.body)).toBe(true);
  });

  it('refuses invalid query values with 400', async () => {
    expect((await listar('administrador', { porPagina: 101 })).statusCode).toBe(400);
    expect((await listar('administrador', { pagina: 0 })).statusCode).toBe(400);
    expect((await listar('administrador', { rol: 'superusuario' })).statusCode).toBe(400);
    expect((await listar('administrador', { estado: 'quizas' })).statusCode).toBe(400);
  });
});

describe('administration of users', () => {
  const admin = () => headersDe('administrador');

  it('creates a user of any role (201, audited), with the password rules and 409s', async () => {
    const body = { ...nuevoUsuarioAdmin(), rol: 'asistente', estado: false, id: 424242 };
    const res = await inyectar(t.app, 'POST', rutas.crearAdmin, await admin(), body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rol: 'asistente', estado: true, correo: body.correo });
    expect(res.json().id).not.toBe(424242);
    expect(sinSecretos(res.body)).toBe(true);
    const [fila] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, res.json().id));
    expect(fila?.contrasena_hash.startsWith(PREFIJO_HASH_PRUEBAS)).toBe(true);
    const audit = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'usuarios.crear'), eq(auditoria.recurso_id, String(res.json().id))));
    expect(audit[0]).toMatchObject({ usuario_id: actores.administrador.id, resultado: 'exito' });

    const duplicado = await inyectar(t.app, 'POST', rutas.crearAdmin, await admin(), {
      ...nuevoUsuarioAdmin(),
      correo: body.correo,
    });
    expect(duplicado.json()).toEqual({
      error: 'Ya existe una cuenta con ese correo electrónico.',
      code: 'CORREO_DUPLICADO',
    });
    const documento = await inyectar(t.app, 'POST', rutas.crearAdmin, await admin(), {
      ...nuevoUsuarioAdmin(),
      numerodocumento: body.numerodocumento,
    });
    expect(documento.statusCode).toBe(409);
    expect(documento.json().code).toBe('DOCUMENTO_DUPLICADO');
    const comun = await inyectar(t.app, 'POST', rutas.crearAdmin, await admin(), {
      ...nuevoUsuarioAdmin(),
      contrasena: 'bogota2024',
    });
    expect(comun.statusCode).toBe(400);
    expect(comun.json().issues[0].campo).toBe('contrasena');
  });

  it('edits a user, including the role, which takes effect on the open session at once', async () => {
    const u = await crearUsuario(t.database);
    const { token } = await sesionPara(t.database, u);
    expect((await inyectar(t.app, 'GET', rutas.listar, bearer(token))).statusCode).toBe(403);
    const cambios = { rol: 'asistente', nombre: 'Nombre Editado', direccion: 'Cra 1 # 1-1' };
    const res = await inyectar(t.app, 'PATCH', rutas.editar(u.id), await admin(), cambios);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, ...cambios });
    expect((await inyectar(t.app, 'GET', rutas.listar, bearer(token))).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'usuarios.editar'), eq(auditoria.recurso_id, String(u.id))));
    expect(audit[0]?.detalle).toContain('paciente->asistente');
  });

  it("sets a doctor's professional registration number: validated, audited, doctors only, administrators only (issue 27.16)", async () => {
    const doctora = await crearUsuario(t.database, { rol: 'doctor', nombre: 'Dra. Registro' });
    const editar = async (payload: object, headers?: Record<string, string>, id = doctora.id) =>
      inyectar(t.app, 'PATCH', rutas.editar(id), headers ?? (await admin()), payload);
    const fila = async (id = doctora.id) =>
      (await t.database.db.select().from(usuarios).where(eq(usuarios.id, id)))[0]!.registro_profesional;

    const res = await editar({ registro_profesional: '  RM 52-12345 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().registro_profesional).toBe('RM 52-12345');
    expect(await fila()).toBe('RM 52-12345');
    const audit = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'usuarios.editar'), eq(auditoria.recurso_id, String(doctora.id))));
    expect(audit.at(-1)).toMatchObject({ usuario_id: actores.administrador.id, resultado: 'exito' });
    expect(audit.at(-1)?.detalle).toContain('registro_profesional -->RM 52-12345');

    for (const [valor, mensaje] of [
      ['RM', 'El registro profesional debe tener al menos 3 caracteres'],
      ['1'.repeat(31), 'El registro profesional puede tener máximo 30 caracteres'],
      ['RM <b>1</b>', 'Escribe el registro profesional con letras, números, espacios, puntos, guiones o barras'],
    ]) {
      const mal = await editar({ registro_profesional: valor });
      expect(mal.statusCode, valor).toBe(400);
      expect(mal.json().issues).toEqual([{ campo: 'registro_profesional', mensaje }]);
    }
    expect(await fila()).toBe('RM 52-12345');

    // Only doctors carry one; only administrators set it (the front desk edits contact data alone).
    const paciente = await crearUsuario(t.database);
    const noDoctor = await editar({ registro_profesional: 'RM 777' }, undefined, paciente.id);
    expect(noDoctor.statusCode).toBe(422);
    expect(noDoctor.json()).toMatchObject({ error: 'El registro profesional es solo para doctores.' });
    expect(await fila(paciente.id)).toBeNull();
    expect((await editar({ registro_profesional: 'RM 1' }, await headersDe('asistente'))).statusCode).toBe(403);
    expect((await editar({ registro_profesional: 'RM 1' }, await headersDe('doctor'))).statusCode).toBe(403);
    expect(await fila()).toBe('RM 52-12345');

    const borrado = await editar({ registro_profesional: null });
    expect(borrado.statusCode).toBe(200);
    expect(await fila()).toBeNull();
  });

  it('edit: 404 unknown, 400 bad id, 409 duplicates, document re-validated against its type, 422 own role', async () => {
    const h = await admin();
    expect((await inyectar(t.app, 'PATCH', rutas.editar(999999), h, { nombre: 'Nadie Nadie' })).statusCode).toBe(404);
    expect((await inyectar(t.app, 'PATCH', rutas.editar('abc'), h, {})).statusCode).toBe(400);
    const a = await crearUsuario(t.database);
    const b = await crearUsuario(t.database, { tipodocumento: 'PA', numerodocumento: 'AB12345' });
    const dup = await inyectar(t.app, 'PATCH', rutas.editar(b.id), h, { correo: a.correo });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('CORREO_DUPLICADO');
    const tipo = await inyectar(t.app, 'PATCH', rutas.editar(b.id), h, { tipodocumento: 'CC' });
    expect(tipo.statusCode).toBe(400);
    expect(tipo.json().issues[0].campo).toBe('numerodocumento');
    const propio = await inyectar(t.app, 'PATCH', rutas.editar(actores.administrador.id), h, { rol: 'doctor' });
    expect(propio.statusCode).toBe(422);
    expect(propio.json()).toEqual({ error: 'No puedes cambiar tu propio rol.', code: 'REGLA_NEGOCIO' });
  });

  it('deactivating a user revokes all of their sessions immediately; reactivating does not revive them', async () => {
    const u = await crearUsuario(t.database, { rol: 'doctor' });
    const s1 = await sesionPara(t.database, u);
    const s2 = await sesionPara(t.database, u);
    const res = await inyectar(t.app, 'PATCH', rutas.editarEstado(u.id), await admin(), { estado: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, estado: false });
    for (const s of [s1, s2])
      expect((await inyectar(t.app, 'GET', rutas.perfil, bearer(s.token))).statusCode).toBe(401);
    const vivas = await t.database.db
      .select()
      .from(sesiones)
      .where(and(eq(sesiones.usuario_id, u.id), isNull(sesiones.revocada_en)));
    expect(vivas).toHaveLength(0);
    const inactivo = await t.app.inject({
      method: 'POST',
      url: rutas.iniciarSesion,
      payload: { correo: u.correo, contrasena: CLAVE },
      remoteAddress: '10.3.0.1',
    });
    expect(inactivo.statusCode).toBe(403);

    const activar = await inyectar(t.app, 'PATCH', rutas.editarEstado(u.id), await admin(), { estado: true });
    expect(activar.json().estado).toBe(true);
    expect((await inyectar(t.app, 'GET', rutas.perfil, bearer(s1.token))).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: rutas.iniciarSesion,
      payload: { correo: u.correo, contrasena: CLAVE },
      remoteAddress: '10.3.0.1',
    });
    expect(login.statusCode).toBe(200);

    const audit = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'usuarios.estado'), eq(auditoria.recurso_id, String(u.id))));
    expect(audit.map((a) => a.detalle)).toEqual(['desactivado; sesiones revocadas', 'activado']);
  });

  it('an administrator cannot deactivate himself (422); unknown id is 404', async () => {
    const h = await admin();
    const res = await inyectar(t.app, 'PATCH', rutas.editarEstado(actores.administrador.id), h, { estado: false });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'No puedes desactivar tu propia cuenta.', code: 'REGLA_NEGOCIO' });
    expect((await inyectar(t.app, 'PATCH', rutas.editarEstado(999999), h, { estado: false })).statusCode).toBe(404);
    expect((await inyectar(t.app, 'PATCH', rutas.editarEstado(otroPaciente.id), h, { estado: 'no' })).statusCode).toBe(
      400,
    );
  });

  it('a user registered through the public form is visible to staff', async () => {
    const body = registro({ nombre: 'Registrada Por Formulario' });
    const reg = await t.app.inject({ method: 'POST', url: rutas.registrar, payload: body, remoteAddress: '10.3.0.2' });
    expect(reg.statusCode).toBe(201);
    const res = await inyectar(t.app, 'GET', rutas.buscar(reg.json().id), await headersDe('asistente'));
    expect(res.json()).toMatchObject({ nombre: 'Registrada Por Formulario', rol: 'paciente' });
  });

  it('a birth date after today in Bogotá is refused (400), also from 7 p. m. when UTC is already on that day', async () => {
    // 27/11/2026, 9:00 p. m. in Bogotá: 28/11 is tomorrow there, though already today in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T02:00:00Z'));
    try {
      const body = registro({ fecha_nacimiento: '2026-11-28' });
      const res = await t.app.inject({
        method: 'POST',
        url: rutas.registrar,
        payload: body,
        remoteAddress: '10.3.0.3',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain('La fecha de nacimiento no es válida');
      expect(await t.database.db.select().from(usuarios).where(eq(usuarios.correo, body.correo))).toEqual([]);
      const hoy = await t.app.inject({
        method: 'POST',
        url: rutas.registrar,
        payload: registro({ fecha_nacimiento: '2026-11-27' }),
        remoteAddress: '10.3.0.3',
      });
      expect(hoy.statusCode, hoy.body).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });
});
