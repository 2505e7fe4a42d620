// Walk-in patients (issue 27.8; decision 0048): the desk registers a patient with name, document and phone, no
// password and the e-mail optional. She cannot sign in until she chooses a password from the invitation that goes to
// her e-mail (the recovery link, 7 days); without an e-mail the desk may add one later (then she is invited), and it
// may send the invitation again (earlier links stop working). Booking for her without an e-mail queues no e-mail.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths } from '@clinica/contracts/citas';
import { recuperacionPaths } from '@clinica/contracts/recuperacion';
import { usuariosPaths as rutas } from '@clinica/contracts/usuarios';
import { auditoria, bandejaSalida, notificaciones, usuarios } from '../src/db/schema/index.ts';
import { MENSAJES_RECUPERACION } from '../src/features/usuarios/recuperacion.service.ts';
import { MENSAJES } from '../src/features/usuarios/usuarios.reglas.ts';
import { PREFIJO_SIN_CONTRASENA } from '../src/lib/passwords.ts';
import { carpetaCorreos, mensajesMbox } from '../src/platform/correo.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';
import { bearer, crearReloj, crearUsuario, sesionPara, siguiente } from './usuarios-fixtures.ts';

const reloj = crearReloj(new Date('2026-11-23T12:00:00Z')); // lunes 07:00 en Bogotá
const dataDir = directorioTemporal('clinica-sin-cuenta');
const NUEVA = 'un colibrí en la ventana del consultorio';
let t: TestContext;
let asistente: string;
let admin: string;
let doctor: { id: number; token: string };
let paciente: string;

beforeAll(async () => {
  t = await createTestApp({
    now: reloj.now,
    intervaloBandejaMs: 0,
    config: { dataDir, urlPublica: 'https://citas.clinica.test' },
  });
  asistente = (await sesionPara(t.database, await crearUsuario(t.database, { rol: 'asistente' }))).token;
  admin = (await sesionPara(t.database, await crearUsuario(t.database, { rol: 'administrador' }))).token;
  const d = await crearUsuario(t.database, { rol: 'doctor' });
  doctor = { id: d.id, token: (await sesionPara(t.database, d)).token };
  paciente = (await sesionPara(t.database, await crearUsuario(t.database))).token;
});
afterAll(() => t.close());

let ip = 0;
const ipNueva = () => `198.51.100.${++ip}`;
const crear = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: rutas.crearPaciente, headers: bearer(token), payload });
const invitar = (token: string, id: number) =>
  t.app.inject({ method: 'POST', url: rutas.invitar(id), headers: bearer(token) });
const iniciar = (correo: string, contrasena: string) =>
  t.app.inject({
    method: 'POST',
    url: rutas.iniciarSesion,
    payload: { correo, contrasena },
    remoteAddress: ipNueva(),
  });
const restablecer = (token: string, contrasena: string) =>
  t.app.inject({
    method: 'POST',
    url: recuperacionPaths.restablecer,
    payload: { token, contrasena },
    remoteAddress: ipNueva(),
  });
const despachar = () => t.app.services.despachador.despachar();

/** A walk-in's data: unique document, phone; e-mail when given. */
function datos(over: Record<string, unknown> = {}) {
  const n = siguiente();
  return { nombre: `Marleny Ocampo ${n}`, tipodocumento: 'CC', numerodocumento: n, telefono: '3104445566', ...over };
}
const filaDe = async (id: number) => (await t.database.db.select().from(usuarios).where(eq(usuarios.id, id)))[0]!;
const contarUsuarios = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(usuarios))[0]!.n;

/** The messages of the local mailbox (DATA_DIR/correos/<day>.mbox) addressed to `para`, decoded. */
async function buzonDe(para: string): Promise<string[]> {
  const carpeta = carpetaCorreos(dataDir);
  const buzones = await readdir(carpeta).catch(() => [] as string[]);
  const mensajes = (await Promise.all(buzones.map((b) => readFile(path.join(carpeta, b), 'utf8')))).flatMap(
    mensajesMbox,
  );
  return mensajes.filter((m) => m.includes(`To: ${para}`)).map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}
/** The link token of the last invitation in `para`'s mailbox. */
async function tokenInvitacion(para: string): Promise<string> {
  const ultimo = (await buzonDe(para)).filter((m) => m.includes('Elige tu contrase')).at(-1) ?? '';
  const m = /https:\/\/citas\.clinica\.test\/restablecercontrasena#token=([A-Za-z0-9._-]+)/.exec(ultimo);
  if (!m?.[1]) throw new Error(`sin invitación para ${para}`);
  return m[1];
}

describe('POST /apiusuarios/crearpaciente', () => {
  it('with an e-mail: no password, the invitation in her mailbox sets it, and only then she signs in', async () => {
    const correo = `marleny.${siguiente()}@prueba.test`;
    const res = await crear(asistente, datos({ correo: correo.toUpperCase(), autorizacion_datos: true }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      usuario: { correo, rol: 'paciente', telefono: '3104445566', genero: null, fecha_nacimiento: null },
      invitacion_enviada: true,
      mensaje: MENSAJES.invitacionEnviada(correo),
    });
    expect(body.usuario.autorizacion_datos_en).not.toBeNull();
    expect(JSON.stringify(body)).not.toContain('contrasena');
    const id: number = body.usuario.id;
    expect((await filaDe(id)).contrasena_hash.startsWith(PREFIJO_SIN_CONTRASENA)).toBe(true);
    const [fila] = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'usuarios.crear'), eq(auditoria.recurso_id, String(id))));
    expect(fila?.detalle).toBe(
      'rol=paciente; sin contraseña; invitacion enviada; autorizacion_datos=recepcion; version_terminos=2026-11',
    );

    // Before she chooses one, no password opens the account, and the answer is the one of a wrong password.
    for (const intento of ['', ' ', PREFIJO_SIN_CONTRASENA, (await filaDe(id)).contrasena_hash, NUEVA]) {
      const r = await iniciar(correo, intento || 'x');
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: MENSAJES.credencialesInvalidas, code: 'CREDENCIALES_INVALIDAS' });
    }

    await despachar();
    const [mensaje] = await buzonDe(correo);
    expect(mensaje).toContain('Subject: =?UTF-8?');
    expect(mensaje).toMatch(/vence en 7 d/);
    const token = await tokenInvitacion(correo);
    // The outbox keeps the placeholder, never the link.
    expect(JSON.stringify(await t.database.db.select().from(bandejaSalida))).not.toContain(token);

    const puesta = await restablecer(token, NUEVA);
    expect(puesta.statusCode, puesta.body).toBe(200);
    expect(puesta.json()).toEqual({ mensaje: MENSAJES_RECUPERACION.cuentaLista });
    const entra = await iniciar(correo, NUEVA);
    expect(entra.statusCode, entra.body).toBe(200);
    expect(entra.json().usuario).toMatchObject({ id, correo, rol: 'paciente' });
    // Single use.
    expect((await restablecer(token, `${NUEVA} otra`)).json()).toMatchObject({ code: 'ENLACE_INVALIDO' });
    // A password now: the desk cannot invite her again, nor (decision 0037) move her account.
    const otra = await invitar(asistente, id);
    expect(otra.statusCode).toBe(422);
    expect(otra.json()).toMatchObject({ code: 'REGLA_NEGOCIO', error: MENSAJES.invitacionYaTieneContrasena });
    const mover = await t.app.inject({
      method: 'PATCH',
      url: rutas.editar(id),
      headers: bearer(asistente),
      payload: { correo: `otra.${id}@prueba.test` },
    });
    expect(mover.statusCode).toBe(422);
    await despachar();
    expect((await buzonDe(correo)).some((m) => m.includes('Tu cuenta est'))).toBe(true);
  });

  it('without an e-mail: two such walk-ins coexist, found by name, with no invitation', async () => {
    const antes = await contarUsuarios();
    const a = await crear(admin, datos({ correo: null }));
    const b = await crear(asistente, datos());
    for (const r of [a, b]) {
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toMatchObject({
        usuario: { correo: null, rol: 'paciente' },
        invitacion_enviada: false,
        mensaje: MENSAJES.pacienteSinCorreo,
      });
      expect(r.json().usuario.autorizacion_datos_en).toBeNull();
    }
    expect(await contarUsuarios()).toBe(antes + 2);
    const nombre = a.json().usuario.nombre as string;
    const lista = await t.app.inject({
      method: 'GET',
      url: `${rutas.listar}?q=${encodeURIComponent(nombre.replace('Ocampo', 'ocampo'))}`,
      headers: bearer(asistente),
    });
    expect(lista.statusCode).toBe(200);
    expect(lista.json().items).toEqual([expect.objectContaining({ id: a.json().usuario.id, correo: null })]);
    // The document finds her too (the stored search text treats the missing e-mail as empty).
    const porDoc = await t.app.inject({
      method: 'GET',
      url: `${rutas.listar}?q=${b.json().usuario.numerodocumento}`,
      headers: bearer(admin),
    });
    expect(porDoc.json().items.map((u: { id: number }) => u.id)).toEqual([b.json().usuario.id]);
    const detalle = await t.app.inject({
      method: 'GET',
      url: rutas.buscar(a.json().usuario.id),
      headers: bearer(doctor.token),
    });
    expect(detalle.json()).toMatchObject({ correo: null, telefono: '3104445566' });

    const sinCorreo = await invitar(asistente, a.json().usuario.id);
    expect(sinCorreo.statusCode).toBe(422);
    expect(sinCorreo.json()).toMatchObject({ code: 'REGLA_NEGOCIO', error: MENSAJES.invitacionSinCorreo });
  });

  it.each([
    ['a patient', () => paciente],
    ['a doctor', () => doctor.token],
  ])('%s is refused: 403, nothing written', async (_quien, token) => {
    const antes = await contarUsuarios();
    const d = datos({ correo: `nadie.${siguiente()}@prueba.test` });
    const res = await crear(token(), d);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PROHIBIDO' });
    expect(await contarUsuarios()).toBe(antes);
    expect((await invitar(token(), 1)).statusCode).toBe(403);
  });

  it('bad input: Spanish messages per field, nothing written', async () => {
    const antes = await contarUsuarios();
    const casos: [Record<string, unknown>, string, string][] = [
      [{ telefono: undefined }, 'telefono', 'Escribe un teléfono de contacto'],
      [{ telefono: '  ' }, 'telefono', 'Escribe un teléfono de contacto'],
      [{ telefono: '12ab' }, 'telefono', 'Escribe un teléfono válido (7 a 15 dígitos)'],
      [{ numerodocumento: '' }, 'numerodocumento', 'Escribe el número de documento'],
      [{ numerodocumento: '12' }, 'numerodocumento', 'La cédula de ciudadanía debe tener entre 5 y 10 dígitos'],
      [{ nombre: 'A' }, 'nombre', 'Escribe tu nombre completo (mínimo 3 caracteres)'],
      [{ correo: 'no-es-correo' }, 'correo', 'Escribe un correo electrónico válido'],
    ];
    for (const [over, campo, mensaje] of casos) {
      const res = await crear(asistente, datos(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().code).toBe('VALIDACION');
      expect(res.json().issues).toContainEqual({ campo, mensaje });
    }
    // The same document twice: 409 in Spanish.
    const d = datos();
    expect((await crear(asistente, d)).statusCode).toBe(201);
    const repetido = await crear(asistente, { ...d, nombre: 'Otra persona' });
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json()).toEqual({ error: MENSAJES.documentoDuplicado, code: 'DOCUMENTO_DUPLICADO' });
    expect(await contarUsuarios()).toBe(antes + 1);
  });
});

describe('inviting her later', () => {
  it('an e-mail added at the desk brings the invitation; sending it again voids the earlier link', async () => {
    const creada = await crear(asistente, datos());
    const id: number = creada.json().usuario.id;
    const correo = `tarde.${id}@prueba.test`;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: rutas.editar(id),
      headers: bearer(asistente),
      payload: { correo },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ correo });
    await despachar();
    const primero = await tokenInvitacion(correo);

    const otra = await invitar(asistente, id);
    expect(otra.statusCode, otra.body).toBe(200);
    expect(otra.json()).toEqual({ mensaje: MENSAJES.invitacionEnviada(correo) });
    await despachar();
    const segundo = await tokenInvitacion(correo);
    expect(segundo).not.toBe(primero);

    // A mistyped address corrected before she used it: the link sent to the wrong one stops working. (Corrected
    // first: a refused link is audited under her account, which then counts as used, decision 0037.)
    const corregido = `corregido.${id}@prueba.test`;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: rutas.editar(id),
          headers: bearer(admin),
          payload: { correo: corregido },
        })
      ).statusCode,
    ).toBe(200);
    await despachar();
    for (const viejo of [primero, segundo])
      expect((await restablecer(viejo, NUEVA)).json()).toMatchObject({ code: 'ENLACE_INVALIDO' });
    expect((await restablecer(await tokenInvitacion(corregido), NUEVA)).statusCode).toBe(200);
    expect((await iniciar(corregido, NUEVA)).statusCode).toBe(200);
    const filas = await t.database.db
      .select({ accion: auditoria.accion, detalle: auditoria.detalle })
      .from(auditoria)
      .where(eq(auditoria.recurso_id, String(id)));
    expect(filas).toEqual(
      expect.arrayContaining([
        { accion: 'usuarios.editar', detalle: 'campos=correo; correo de cuenta sin usar agregado; invitacion enviada' },
        { accion: 'usuarios.invitar', detalle: 'invitacion enviada de nuevo; enlaces anteriores anulados' },
        {
          accion: 'usuarios.editar',
          detalle: 'campos=correo; correo de cuenta sin usar corregido; invitacion enviada',
        },
      ]),
    );
  });

  it('an expired invitation says how to get another one', async () => {
    const correo = `vence.${siguiente()}@prueba.test`;
    await crear(asistente, datos({ correo }));
    await despachar();
    const token = await tokenInvitacion(correo);
    reloj.avanzar(7 * 24 * 60 * 60 * 1000 + 1000);
    const res = await restablecer(token, NUEVA);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MENSAJES_RECUPERACION.invitacionVencida, code: 'ENLACE_VENCIDO' });
  });
});

describe('booking for a walk-in without an e-mail', () => {
  it('the appointment is created, she has her in-app notification and no e-mail is queued', async () => {
    // A session of now (the clock moved on in the tests above).
    const asistente = (await sesionPara(t.database, await crearUsuario(t.database, { rol: 'asistente' }), reloj.now()))
      .token;
    const horarios = [1, 2, 3, 4, 5, 6].map((d) => ({ dia_semana: d, hora_inicio: '08:00', hora_fin: '12:00' }));
    const h = await t.app.inject({
      method: 'PUT',
      url: citasPaths.horarios(doctor.id),
      headers: bearer(asistente),
      payload: { horarios },
    });
    expect(h.statusCode, h.body).toBe(200);
    const creada = await crear(asistente, datos({ autorizacion_datos: true }));
    const id: number = creada.json().usuario.id;
    const correosAntes = (await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo')))
      .length;
    const cita = await t.app.inject({
      method: 'POST',
      url: citasPaths.crear,
      headers: bearer(asistente),
      payload: { paciente_id: id, doctor_id: doctor.id, inicio: '2026-12-02T09:00:00-05:00' },
    });
    expect(cita.statusCode, cita.body).toBe(201);
    expect(cita.json().usuario).toMatchObject({ id, correo: null });
    await despachar();
    const correos = await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo'));
    expect(correos).toHaveLength(correosAntes);
    expect(correos.every((c) => (c.carga as { para: unknown }).para)).toBe(true);
    const avisos = await t.database.db.select().from(notificaciones).where(eq(notificaciones.usuario_id, id));
    expect(avisos).toHaveLength(1);
    // Moved and cancelled: still no e-mail, nothing stuck in the outbox.
    const citaId: number = cita.json().id;
    const cancelar = await t.app.inject({
      method: 'PATCH',
      url: citasPaths.cancelar(citaId),
      headers: bearer(asistente),
      payload: { motivo: 'La paciente llamó a cancelar' },
    });
    expect(cancelar.statusCode, cancelar.body).toBe(200);
    await despachar();
    const pendientes = await t.database.db
      .select()
      .from(bandejaSalida)
      .where(sql`${bandejaSalida.entregada_en} is null and ${bandejaSalida.disponible_en} <= now()`);
    expect(pendientes.filter((p) => p.tipo === 'correo')).toEqual([]);
  });
});
