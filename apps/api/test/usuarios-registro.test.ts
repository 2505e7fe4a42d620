// POST /apiusuarios/registrar: public registration of patients (issue 3, Ley 1581 acceptance record).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuariosPaths, VERSION_TERMINOS } from '@clinica/contracts/usuarios';
import { auditoria, usuarios } from '../src/db/schema/index.ts';
import { createTestApp, PREFIJO_HASH_PRUEBAS, type TestContext } from './helpers.ts';
import { registro, sinSecretos } from './usuarios-fixtures.ts';

let ipSecuencia = 0;
/** Each request from its own address, so the per-IP registration limit only bites where tested. */
const ipNueva = () => `10.1.${Math.floor(++ipSecuencia / 250)}.${(ipSecuencia % 250) + 1}`;

describe('POST /apiusuarios/registrar', () => {
  let t: TestContext;
  // The default global limit (600/min) gives the registration route its production limit of 10/min.
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitMax: 600 } });
  });
  afterAll(() => t.close());

  const registrar = (body: unknown, remoteAddress = ipNueva()) =>
    t.app.inject({ method: 'POST', url: usuariosPaths.registrar, payload: body as object, remoteAddress });

  it('creates a paciente, returns the public user and records the terms acceptance', async () => {
    const body = registro();
    const res = await registrar(body, '203.0.113.7');
    expect(res.statusCode).toBe(201);
    expect(sinSecretos(res.body)).toBe(true);
    const u = res.json();
    expect(u).toMatchObject({
      nombre: body.nombre,
      correo: body.correo,
      rol: 'paciente',
      estado: true,
      tipodocumento: 'CC',
      numerodocumento: body.numerodocumento,
      telefono: body.telefono,
      genero: 'femenino',
      fecha_nacimiento: '1990-05-20',
    });
    expect(Object.keys(u).sort()).toEqual(
      [
        'id',
        'nombre',
        'correo',
        'rol',
        'estado',
        'tipodocumento',
        'numerodocumento',
        'telefono',
        'direccion',
        'genero',
        'fecha_nacimiento',
        'ocupacion',
        'estado_civil',
        'fecha_registro',
        'autorizacion_datos_en',
        'registro_profesional',
      ].sort(),
    );
    // A doctor's professional registration number (issue 27.16); a patient has none.
    expect(u.registro_profesional).toBeNull();
    // Registration records the authorisation of the data policy (Ley 1581).
    expect(typeof u.autorizacion_datos_en).toBe('string');
    expect(new Date(u.fecha_registro).toISOString()).toBe(u.fecha_registro);

    const [fila] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, u.id));
    expect(fila?.contrasena_hash.startsWith(PREFIJO_HASH_PRUEBAS)).toBe(true);
    expect(fila?.version_terminos).toBe(VERSION_TERMINOS);
    expect(fila?.ip_aceptacion).toBe('203.0.113.7');
    expect(fila?.terminos_aceptados_en).toBeInstanceOf(Date);

    const auditados = await t.database.db.select().from(auditoria).where(eq(auditoria.accion, 'usuarios.registrar'));
    expect(auditados.some((a) => a.recurso_id === String(u.id) && a.resultado === 'exito')).toBe(true);
    expect(JSON.stringify(auditados)).not.toContain(body.contrasena);
  });

  it('ignores rol, estado and id sent by the visitor (always an active paciente)', async () => {
    const res = await registrar(registro({ rol: 'administrador', estado: false, id: 999999, contrasena_hash: 'x' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rol: 'paciente', estado: true });
    expect(res.json().id).not.toBe(999999);
  });

  it('duplicate e-mail (any case) -> 409 CORREO_DUPLICADO', async () => {
    const primero = registro();
    expect((await registrar(primero)).statusCode).toBe(201);
    const res = await registrar(registro({ correo: primero.correo.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Ya existe una cuenta con ese correo electrónico.', code: 'CORREO_DUPLICADO' });
  });

  it('duplicate document -> 409 DOCUMENTO_DUPLICADO', async () => {
    const primero = registro();
    expect((await registrar(primero)).statusCode).toBe(201);
    const res = await registrar(registro({ numerodocumento: primero.numerodocumento }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Ya existe una cuenta con ese documento.', code: 'DOCUMENTO_DUPLICADO' });
  });

  it('dots, spaces and dashes in the document number are dropped before validation and storage', async () => {
    const res = await registrar(registro({ numerodocumento: ' 1.020.304-050 ' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().numerodocumento).toBe('1020304050');
    const [fila] = await t.database.db
      .select({ numero: usuarios.numerodocumento })
      .from(usuarios)
      .where(eq(usuarios.id, res.json().id));
    expect(fila?.numero).toBe('1020304050');
  });

  it('numeric documents compare without leading zeros: 080234567 and 80234567 are the same person', async () => {
    const conNumero = async (numeros: string[]) =>
      (
        await t.database.db
          .select({ tipo: usuarios.tipodocumento, numero: usuarios.numerodocumento })
          .from(usuarios)
          .where(inArray(usuarios.numerodocumento, numeros))
      ).sort((a, b) => a.numero.localeCompare(b.numero));
    expect((await registrar(registro({ numerodocumento: '080234568' }))).statusCode).toBe(201);
    const segunda = await registrar(registro({ numerodocumento: '80234568' }));
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json().code).toBe('DOCUMENTO_DUPLICADO');
    expect(await conNumero(['080234568', '80234568'])).toEqual([{ tipo: 'CC', numero: '080234568' }]);
    // A passport keeps its zeros: another type, another number.
    expect((await registrar(registro({ tipodocumento: 'PA', numerodocumento: '0AB12345' }))).statusCode).toBe(201);
    expect((await registrar(registro({ tipodocumento: 'PA', numerodocumento: 'AB12345' }))).statusCode).toBe(201);
    expect(await conNumero(['0AB12345', 'AB12345'])).toEqual([
      { tipo: 'PA', numero: '0AB12345' },
      { tipo: 'PA', numero: 'AB12345' },
    ]);
  });

  it('two simultaneous registrations with one e-mail: one 201, one 409 (unique index, no race)', async () => {
    const a = registro();
    const b = registro({ correo: a.correo });
    const res = await Promise.all([registrar(a), registrar(b)]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['CC', 'ABC12345', 400],
    ['CC', '1234', 400],
    ['CC', '10203040', 201],
    ['CE', '1234567', 201],
    ['TI', '1002003004', 201],
    ['PA', 'AB123456', 201],
    ['PA', 'ab1_234', 400],
    ['PA', 'ab12-34', 201],
    ['PPT', 'PPT998877', 201],
  ])('document %s %j -> %i', async (tipodocumento, numero, esperado) => {
    // A unique suffix keeps valid numbers from clashing with other tests.
    const res = await registrar(registro({ tipodocumento, numerodocumento: numero }));
    expect(res.statusCode).toBe(esperado);
    if (esperado === 400) {
      expect(res.json().code).toBe('VALIDACION');
      expect(res.json().issues.map((i: { campo: string }) => i.campo)).toContain('numerodocumento');
    } else {
      expect(res.json().numerodocumento).toBe(numero.toUpperCase().replace('-', ''));
    }
  });

  it('terms and data policy must both be accepted', async () => {
    const sinTerminos = await registrar(registro({ terminos_condiciones: false }));
    expect(sinTerminos.statusCode).toBe(400);
    expect(sinTerminos.json().issues).toContainEqual({
      campo: 'terminos_condiciones',
      mensaje: 'Debes aceptar los términos y condiciones',
    });
    const sinPolitica = await registrar(registro({ politica_datos: undefined }));
    expect(sinPolitica.statusCode).toBe(400);
    expect(sinPolitica.json().issues.map((i: { campo: string }) => i.campo)).toContain('politica_datos');
  });

  it.each([
    ['7 characters', 'abcdefg'],
    ['129 characters', 'a'.repeat(100) + 'b'.repeat(29)],
    ['a common Spanish password', 'contrasena123'],
    ['another common Spanish one', 'teamo123'],
    ['the clinic name', 'Clínica Aurora Estética'],
    ['the clinic name with digits', 'ClinicaAurora2026'],
  ])('refuses a password of %s with 400 on campo contrasena', async (_caso, contrasena) => {
    const res = await registrar(registro({ contrasena }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDACION');
    expect(res.json().issues.map((i: { campo: string }) => i.campo)).toEqual(['contrasena']);
  });

  it("refuses a password containing the user's own e-mail or document", async () => {
    const a = registro({ correo: 'mariposa.azul@prueba.test', contrasena: 'mariposa.azul.2026' });
    const resA = await registrar(a);
    expect(resA.statusCode).toBe(400);
    expect(resA.json().error).toBe('La contraseña no puede contener tu correo electrónico.');
    const b = registro();
    const resB = await registrar({ ...b, contrasena: `mi-cedula-${b.numerodocumento}` });
    expect(resB.statusCode).toBe(400);
    expect(resB.json().error).toBe('La contraseña no puede contener tu número de documento.');
  });

  it('accepts a long passphrase, and it signs in', async () => {
    const contrasena = 'el río Magdalena cruza casi todo el país de sur a norte';
    const body = registro({ contrasena });
    expect((await registrar(body)).statusCode).toBe(201);
    const iniciar = (clave: string) =>
      t.app.inject({
        method: 'POST',
        url: usuariosPaths.iniciarSesion,
        payload: { correo: body.correo, contrasena: clave },
        remoteAddress: ipNueva(),
      });
    const sesion = await iniciar(contrasena);
    expect(sesion.statusCode, sesion.body).toBe(200);
    expect(sesion.json().usuario.correo).toBe(body.correo);
    // The whole phrase is the password, not a prefix of it.
    expect((await iniciar(contrasena.slice(0, 40))).statusCode).toBe(401);
  });

  it('refuses __proto__ in the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: usuariosPaths.registrar,
      headers: { 'content-type': 'application/json' },
      payload: `{"nombre":"Ana","__proto__":{"rol":"administrador"}}`,
      remoteAddress: ipNueva(),
    });
    expect(res.statusCode).toBe(400);
  });

  it('limits registrations per IP (10 per minute) with 429', async () => {
    const ip = '198.51.100.50';
    const estados: number[] = [];
    for (let i = 0; i < 11; i++) estados.push((await registrar({}, ip)).statusCode);
    expect(estados.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(estados[10]).toBe(429);
    const otra = await registrar({}, ip);
    expect(otra.json()).toMatchObject({ code: 'DEMASIADOS_INTENTOS' });
    // Another address is not affected.
    expect((await registrar({}, ipNueva())).statusCode).toBe(400);
  });
});
