// Procedure categories: role matrix, visibility, accent-insensitive search and uniqueness, deletion rules.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriasPaths, type CategoriaWire } from '@clinica/contracts/catalogo';
import { QUIENES, headersDe, type Quien, PERSONAL } from './auth-helpers.ts';
import { appConRoles, type AppConRoles, crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { inyectar } from './helpers.ts';

// Set in beforeAll (appConRoles).
let { t, u, admin } = {} as AppConRoles;

beforeAll(async () => {
  ({ t, u, admin } = await appConRoles());
});
afterAll(() => t.close());

const personal = PERSONAL;

describe('role matrix for /apicategoriaprocedimientos', () => {
  const rutas: { nombre: string; llamar: (q: Quien, i: number) => Promise<number>; abierta: boolean }[] = [
    {
      nombre: 'GET listarcategorias',
      abierta: true,
      llamar: async (q) => (await inyectar(t.app, 'GET', categoriasPaths.listar, headersDe(u, q))).statusCode,
    },
    {
      nombre: 'GET buscarcategoria/:id',
      abierta: true,
      llamar: async (q) => {
        const c = await crearCategoria(t.app, admin);
        return (await inyectar(t.app, 'GET', categoriasPaths.buscar(c.id), headersDe(u, q))).statusCode;
      },
    },
    {
      nombre: 'POST crearcategoria',
      abierta: false,
      llamar: async (q, i) =>
        (await inyectar(t.app, 'POST', categoriasPaths.crear, headersDe(u, q), { nombre: `Matriz ${q} ${i}` }))
          .statusCode,
    },
    {
      nombre: 'PATCH editarcategoria/:id',
      abierta: false,
      llamar: async (q) => {
        const c = await crearCategoria(t.app, admin);
        return (await inyectar(t.app, 'PATCH', categoriasPaths.editar(c.id), headersDe(u, q), { descripcion: 'Nueva' }))
          .statusCode;
      },
    },
    {
      nombre: 'DELETE eliminarcategoria/:id',
      abierta: false,
      llamar: async (q) => {
        const c = await crearCategoria(t.app, admin);
        return (await inyectar(t.app, 'DELETE', categoriasPaths.eliminar(c.id), headersDe(u, q))).statusCode;
      },
    },
  ];

  for (const ruta of rutas) {
    it(`${ruta.nombre}: ${ruta.abierta ? 'everyone' : 'staff only'}`, async () => {
      const obtenido: Record<string, number> = {};
      for (const [i, q] of QUIENES.entries()) obtenido[q] = await ruta.llamar(q, i);
      const esperado = Object.fromEntries(
        QUIENES.map((q) => [
          q,
          ruta.abierta || personal.includes(q)
            ? ruta.nombre.startsWith('POST')
              ? 201
              : 200
            : q === 'anonimo'
              ? 401
              : 403,
        ]),
      );
      expect(obtenido).toEqual(esperado);
    });
  }

  it('an invalid token on a staff route is 401 with the Spanish envelope', async () => {
    const res = await inyectar(
      t.app,
      'POST',
      categoriasPaths.crear,
      { authorization: 'Bearer a.b.c' },
      { nombre: 'X' },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'NO_AUTENTICADO' });
  });

  it('a patient denial is audited', async () => {
    await inyectar(t.app, 'POST', categoriasPaths.crear, u.paciente.headers, { nombre: 'Nop' });
    const filas = await t.database.db.execute(
      sql`select resultado from auditoria where usuario_id = ${u.paciente.id} and resultado = 'denegado'`,
    );
    expect(filas.rows.length).toBeGreaterThan(0);
  });
});

describe('visibility and search', () => {
  let activa: CategoriaWire;
  let inactiva: CategoriaWire;
  beforeAll(async () => {
    activa = await crearCategoria(t.app, admin, { nombre: 'Depilación Láser' });
    inactiva = await crearCategoria(t.app, admin, { nombre: 'Tratamientos Ocultos', activa: false });
    await crearProcedimiento(t.app, admin, activa.id);
    await crearProcedimiento(t.app, admin, activa.id, { activo: false });
  });

  it('the public lists only active categories, counting only active procedures', async () => {
    for (const q of ['anonimo', 'paciente'] as const) {
      const lista: CategoriaWire[] = (await inyectar(t.app, 'GET', categoriasPaths.listar, headersDe(u, q))).json();
      expect(lista.every((c) => c.activa)).toBe(true);
      expect(lista.find((c) => c.id === inactiva.id)).toBeUndefined();
      expect(lista.find((c) => c.id === activa.id)?.total_procedimientos).toBe(1);
    }
  });

  it('staff list every category and count every procedure', async () => {
    for (const q of personal) {
      const lista: CategoriaWire[] = (await inyectar(t.app, 'GET', categoriasPaths.listar, headersDe(u, q))).json();
      expect(lista.find((c) => c.id === inactiva.id)?.activa).toBe(false);
      expect(lista.find((c) => c.id === activa.id)?.total_procedimientos).toBe(2);
    }
  });

  it('an invalid token on the list is treated as anonymous', async () => {
    const res = await inyectar(t.app, 'GET', categoriasPaths.listar, { authorization: 'Bearer x.y.z' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as CategoriaWire[]).some((c) => !c.activa)).toBe(false);
  });

  it('an inactive category by id is 404 for the public and visible to staff', async () => {
    for (const q of ['anonimo', 'paciente'] as const) {
      const res = await inyectar(t.app, 'GET', categoriasPaths.buscar(inactiva.id), headersDe(u, q));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'La categoría no existe.', code: 'NO_ENCONTRADO' });
    }
    const res = await inyectar(t.app, 'GET', categoriasPaths.buscar(inactiva.id), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: inactiva.id, activa: false, nombre: 'Tratamientos Ocultos' });
  });

  it('search ignores accents and case', async () => {
    for (const q of ['depilacion', 'LÁSER', 'pilaci']) {
      const lista: CategoriaWire[] = (
        await t.app.inject({ method: 'GET', url: categoriasPaths.listar, query: { q } })
      ).json();
      expect(lista.map((c) => c.id)).toEqual([activa.id]);
    }
  });

  it('LIKE wildcards in the search are literal', async () => {
    const lista: CategoriaWire[] = (
      await t.app.inject({ method: 'GET', url: categoriasPaths.listar, query: { q: '%' } })
    ).json();
    expect(lista).toEqual([]);
  });

  it('wire shape: ISO timestamps and no extra fields', async () => {
    const c: CategoriaWire = (await inyectar(t.app, 'GET', categoriasPaths.buscar(activa.id))).json();
    expect(Object.keys(c).sort()).toEqual(
      ['activa', 'actualizada_en', 'creada_en', 'descripcion', 'id', 'nombre', 'total_procedimientos'].sort(),
    );
    expect(c.creada_en).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('bad ids are 400, not 500', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const res = await inyectar(t.app, 'GET', categoriasPaths.buscar(id));
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe('VALIDACION');
    }
  });
});

describe('unique names', () => {
  it('10 concurrent creates of one name in different spellings: one 201, the rest 409, one row', async () => {
    const variantes = ['Faciales', ' faciales ', 'FACIALES', 'Fáciales', 'faciales'];
    const respuestas = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: categoriasPaths.crear,
          headers: [u.asistente, u.doctor, u.administrador][i % 3]!.headers,
          payload: { nombre: variantes[i % variantes.length] },
        }),
      ),
    );
    const codigos = respuestas.map((r) => r.statusCode).sort();
    expect(codigos).toEqual([201, ...Array(9).fill(409)]);
    for (const r of respuestas.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ error: 'Ya existe una categoría con ese nombre', code: 'CATEGORIA_DUPLICADA' });
    }
    const filas = await t.database.db.execute(
      sql`select count(*)::int as n from categorias_procedimiento where f_unaccent(lower(btrim(nombre))) = 'faciales'`,
    );
    expect(filas.rows[0]).toMatchObject({ n: 1 });
  });

  it('the stored name is trimmed', async () => {
    const c = await crearCategoria(t.app, admin, { nombre: '  Corporal  ' });
    expect(c.nombre).toBe('Corporal');
  });

  it('renaming onto an existing name is 409 too', async () => {
    const a = await crearCategoria(t.app, admin, { nombre: 'Capilar' });
    const b = await crearCategoria(t.app, admin, { nombre: 'Bienestar' });
    const res = await inyectar(t.app, 'PATCH', categoriasPaths.editar(b.id), admin, { nombre: 'CAPILAR ' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Ya existe una categoría con ese nombre');
    // Renaming to itself with another spelling is fine.
    const propio = await inyectar(t.app, 'PATCH', categoriasPaths.editar(a.id), admin, { nombre: 'capilar' });
    expect(propio.statusCode).toBe(200);
    expect(propio.json().nombre).toBe('capilar');
  });
});

describe('validation and edits', () => {
  it('missing or short names get Spanish messages', async () => {
    const sinNombre = await inyectar(t.app, 'POST', categoriasPaths.crear, admin, {});
    expect(sinNombre.statusCode).toBe(400);
    expect(sinNombre.json()).toMatchObject({
      code: 'VALIDACION',
      issues: [{ campo: 'nombre', mensaje: 'Escribe el nombre de la categoría' }],
    });
    const corto = await inyectar(t.app, 'POST', categoriasPaths.crear, admin, { nombre: ' a ' });
    expect(corto.json().issues).toEqual([{ campo: 'nombre', mensaje: 'Mínimo 2 caracteres' }]);
  });

  it('edits refuse unknown fields', async () => {
    const c = await crearCategoria(t.app, admin);
    const res = await inyectar(t.app, 'PATCH', categoriasPaths.editar(c.id), admin, {
      id: 999,
      total_procedimientos: 5,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Campo no permitido');
  });

  it('deactivating and clearing the description', async () => {
    const c = await crearCategoria(t.app, admin, { descripcion: 'Algo' });
    const res = await inyectar(t.app, 'PATCH', categoriasPaths.editar(c.id), u.asistente.headers, {
      activa: false,
      descripcion: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ activa: false, descripcion: null });
  });

  it('editing a missing category is 404', async () => {
    const res = await inyectar(t.app, 'PATCH', categoriasPaths.editar(999999), admin, { activa: true });
    expect(res.statusCode).toBe(404);
  });
});

describe('deletion', () => {
  it('a category with procedures cannot be deleted; the message says how many', async () => {
    const c = await crearCategoria(t.app, admin);
    for (let i = 0; i < 3; i++) await crearProcedimiento(t.app, admin, c.id, { activo: i !== 0 });
    const res = await inyectar(t.app, 'DELETE', categoriasPaths.eliminar(c.id), admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'No se puede eliminar: la categoría tiene 3 procedimientos. Puedes desactivarla.',
      code: 'CATEGORIA_CON_PROCEDIMIENTOS',
    });
    expect((await inyectar(t.app, 'GET', categoriasPaths.buscar(c.id), admin)).statusCode).toBe(200);
  });

  it('singular message for one procedure', async () => {
    const c = await crearCategoria(t.app, admin);
    await crearProcedimiento(t.app, admin, c.id);
    const res = await inyectar(t.app, 'DELETE', categoriasPaths.eliminar(c.id), admin);
    expect(res.json().error).toBe('No se puede eliminar: la categoría tiene 1 procedimiento. Puedes desactivarla.');
  });

  it('an empty category is deleted; deleting it again is 404', async () => {
    const c = await crearCategoria(t.app, admin);
    const res = await inyectar(t.app, 'DELETE', categoriasPaths.eliminar(c.id), u.doctor.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Categoría eliminada.' });
    const otra = await inyectar(t.app, 'DELETE', categoriasPaths.eliminar(c.id), admin);
    expect(otra.statusCode).toBe(404);
  });
});
