// An account's e-mail never changes hands without its owner (issue 21, item 1; decision 0037). Staff (assistants
// and administrators) could set another address on a patient's or a doctor's account and then receive its
// password-recovery link. Now: staff correct only accounts nobody has used yet (both addresses told); a used
// account moves only when its owner asks with her password and confirms from the new address, which revokes every
// session and tells the old address. Every path is audited.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuariosPaths as rutas } from '@clinica/contracts/usuarios';
import { auditoria, bandejaSalida, sesiones, usuarios } from '../src/db/schema/index.ts';
import { MENSAJES } from '../src/features/usuarios/usuarios.reglas.ts';
import type { UsuarioPublico } from '../src/features/usuarios/usuarios.repository.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { bearer, CLAVE, crearReloj, crearUsuario, registro, sesionPara } from './usuarios-fixtures.ts';

const reloj = crearReloj();
let t: TestContext;
let admin: { token: string };
let asistente: { token: string };

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now, intervaloBandejaMs: 0 });
  admin = await sesionPara(t.database, await crearUsuario(t.database, { rol: 'administrador' }));
  asistente = await sesionPara(t.database, await crearUsuario(t.database, { rol: 'asistente' }));
});
afterAll(() => t.close());

const editar = (token: string, id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: rutas.editar(id), headers: bearer(token), payload });
const pedir = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: rutas.perfilCorreo, headers: bearer(token), payload });
const confirmar = (token: string) => t.app.inject({ method: 'POST', url: rutas.confirmarCorreo, payload: { token } });
const perfil = (token: string) => t.app.inject({ method: 'GET', url: rutas.perfil, headers: bearer(token) });

/** The e-mails queued for an address, oldest first. */
async function correosPara(para: string) {
  const filas = await t.database.db
    .select({ carga: bandejaSalida.carga })
    .from(bandejaSalida)
    .where(and(eq(bandejaSalida.tipo, 'correo'), sql`${bandejaSalida.carga}->>'para' = ${para}`))
    .orderBy(bandejaSalida.id);
  return filas.map((f) => f.carga as { para: string; asunto: string; texto: string });
}
const correoDe = async (id: number) =>
  (await t.database.db.select({ correo: usuarios.correo }).from(usuarios).where(eq(usuarios.id, id)))[0]!.correo;
const auditoriaDe = (accion: string, recursoId: number) =>
  t.database.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.accion, accion), eq(auditoria.recurso_id, String(recursoId))));
function enlaceEn(texto: string): string {
  const m = /\/confirmarcorreo#token=(\S+)/.exec(texto);
  if (!m?.[1]) throw new Error('sin enlace');
  return m[1];
}
const nuevoCorreo = (u: UsuarioPublico, sufijo: string) => `nuevo.${u.id}.${sufijo}@prueba.test`;

describe('staff changing another person’s e-mail', () => {
  it.each([
    ['an assistant', 'paciente'],
    ['an administrator', 'paciente'],
    ['an administrator', 'doctor'],
    ['an administrator', 'asistente'],
  ] as const)('%s cannot move a used %s account to another address: 422, nothing written', async (quien, rol) => {
    const persona = await crearUsuario(t.database, { rol });
    await sesionPara(t.database, persona);
    const token = quien === 'an assistant' ? asistente.token : admin.token;
    const res = await editar(token, persona.id, { correo: nuevoCorreo(persona, 'staff'), telefono: '3009998877' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'REGLA_NEGOCIO',
      error: MENSAJES.correoDeCuentaEnUso,
      issues: [{ campo: 'correo', mensaje: MENSAJES.correoDeCuentaEnUso }],
    });
    // Nothing of the request applied, no e-mail to anyone.
    const [fila] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, persona.id));
    expect(fila).toMatchObject({ correo: persona.correo, telefono: null });
    expect(await correosPara(nuevoCorreo(persona, 'staff'))).toEqual([]);
    expect(await auditoriaDe('usuarios.editar', persona.id)).toEqual([]);
  });

  it('a self-registered patient who never signed in is hers too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: rutas.registrar,
      payload: registro({
        nombre: 'Valentina Ríos',
        numerodocumento: '1020304050',
        correo: 'valentina.rios@prueba.test',
      }),
    });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { id: number }).id;
    expect((await editar(asistente.token, id, { correo: 'otra@prueba.test' })).statusCode).toBe(422);
    expect(await correoDe(id)).toBe('valentina.rios@prueba.test');
  });

  it('the administrator cannot move her own account through the staff form either', async () => {
    const yo = await crearUsuario(t.database, { rol: 'administrador' });
    const sesion = await sesionPara(t.database, yo);
    expect((await editar(sesion.token, yo.id, { correo: nuevoCorreo(yo, 'propio') })).statusCode).toBe(422);
  });

  it('the same address in other capitals, with other fields, is not a change', async () => {
    const persona = await crearUsuario(t.database);
    await sesionPara(t.database, persona);
    const res = await editar(asistente.token, persona.id, {
      correo: persona.correo.toUpperCase(),
      telefono: '3001112233',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ telefono: '3001112233' });
  });

  it('an account nobody has used yet is corrected at once, audited, and both addresses are told', async () => {
    const persona = await crearUsuario(t.database);
    const destino = nuevoCorreo(persona, 'corregido');
    const res = await editar(asistente.token, persona.id, { correo: destino });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ correo: destino });
    expect(await correoDe(persona.id)).toBe(destino);
    const [viejo] = await correosPara(persona.correo);
    expect(viejo?.texto).toContain(`ahora es ${destino}`);
    const [nuevo] = await correosPara(destino);
    expect(nuevo?.asunto).toMatch(/usa este correo/);
    const [fila] = await auditoriaDe('usuarios.editar', persona.id);
    expect(fila?.detalle).toContain('correo de cuenta sin usar corregido');
  });
});

describe('the owner changes her own e-mail', () => {
  it('asks with her password, confirms from the new address: moved, every session revoked, old address told', async () => {
    const yo = await crearUsuario(t.database);
    const [movil, portatil] = [await sesionPara(t.database, yo), await sesionPara(t.database, yo)];
    const destino = nuevoCorreo(yo, 'propio');

    const pedido = await pedir(movil.token, { correo_nuevo: destino.toUpperCase(), contrasena_actual: CLAVE });
    expect(pedido.statusCode).toBe(200);
    expect(pedido.json()).toEqual({ mensaje: MENSAJES.enlaceCorreoEnviado(destino) });
    // Nothing changed yet; the current address is told, the new one gets the link.
    expect(await correoDe(yo.id)).toBe(yo.correo);
    expect((await perfil(portatil.token)).statusCode).toBe(200);
    const [aviso] = await correosPara(yo.correo);
    expect(aviso?.texto).toContain(destino);
    expect(aviso?.texto).not.toContain('#token=');
    const [conEnlace] = await correosPara(destino);
    const token = enlaceEn(conEnlace!.texto);
    expect(await auditoriaDe('perfil.correo', yo.id)).toHaveLength(1);

    const hecho = await confirmar(token);
    expect(hecho.statusCode).toBe(200);
    expect(hecho.json()).toEqual({ mensaje: MENSAJES.correoCambiado(destino) });
    expect(await correoDe(yo.id)).toBe(destino);
    for (const s of [movil, portatil]) expect((await perfil(s.token)).statusCode).toBe(401);
    const vivas = await t.database.db
      .select()
      .from(sesiones)
      .where(and(eq(sesiones.usuario_id, yo.id), sql`${sesiones.revocada_en} is null`));
    expect(vivas).toEqual([]);
    const avisos = await correosPara(yo.correo);
    expect(avisos.at(-1)?.asunto).toMatch(/cambió/);
    expect(await auditoriaDe('perfil.correo.confirmar', yo.id)).toHaveLength(1);

    // The link works once.
    const otraVez = await confirmar(token);
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json()).toMatchObject({ code: 'ENLACE_INVALIDO', error: MENSAJES.enlaceCorreoInvalido });
  });

  it('a wrong password changes nothing, sends nothing and counts as a failed attempt', async () => {
    const yo = await crearUsuario(t.database);
    const s = await sesionPara(t.database, yo);
    const destino = nuevoCorreo(yo, 'clave');
    const res = await pedir(s.token, { correo_nuevo: destino, contrasena_actual: 'no es mi contraseña' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ campo: 'contrasena_actual', mensaje: MENSAJES.contrasenaActualIncorrecta }]);
    expect(await correosPara(destino)).toEqual([]);
    expect(await correosPara(yo.correo)).toEqual([]);
    const [fallo] = await auditoriaDe('perfil.correo', yo.id);
    expect(fallo?.resultado).toBe('fallo');
  });

  it('refuses an address another account uses, and her own', async () => {
    const yo = await crearUsuario(t.database);
    const otra = await crearUsuario(t.database);
    const s = await sesionPara(t.database, yo);
    const dup = await pedir(s.token, { correo_nuevo: otra.correo, contrasena_actual: CLAVE });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CORREO_DUPLICADO' });
    const mismo = await pedir(s.token, { correo_nuevo: yo.correo, contrasena_actual: CLAVE });
    expect(mismo.statusCode).toBe(400);
    expect(mismo.json().issues).toEqual([{ campo: 'correo_nuevo', mensaje: MENSAJES.mismoCorreo }]);
  });

  it('a link stops working when it expires, when it is altered, or when the password changed meanwhile', async () => {
    const yo = await crearUsuario(t.database);
    const s = await sesionPara(t.database, yo);
    const destino = nuevoCorreo(yo, 'vence');
    expect((await pedir(s.token, { correo_nuevo: destino, contrasena_actual: CLAVE })).statusCode).toBe(200);
    const token = enlaceEn((await correosPara(destino))[0]!.texto);

    // Another address in the same token: the signature no longer matches.
    const [v, id, exp, , firma] = token.split('.');
    const otro = [v, id, exp, Buffer.from('intruso@prueba.test').toString('base64url'), firma].join('.');
    expect((await confirmar(otro)).json()).toMatchObject({ code: 'ENLACE_INVALIDO' });
    expect((await confirmar('basura')).statusCode).toBe(400);

    reloj.avanzar(25 * 3_600_000);
    try {
      const vencido = await confirmar(token);
      expect(vencido.statusCode).toBe(400);
      expect(vencido.json()).toMatchObject({ code: 'ENLACE_VENCIDO', error: MENSAJES.enlaceCorreoVencido });
    } finally {
      reloj.avanzar(-25 * 3_600_000);
    }

    await t.database.db.update(usuarios).set({ contrasena_hash: 'otro' }).where(eq(usuarios.id, yo.id));
    expect((await confirmar(token)).json()).toMatchObject({ code: 'ENLACE_INVALIDO' });
    expect(await correoDe(yo.id)).toBe(yo.correo);
  });

  it('needs a session to ask', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: rutas.perfilCorreo,
      payload: { correo_nuevo: 'x@prueba.test', contrasena_actual: CLAVE },
    });
    expect(res.statusCode).toBe(401);
  });
});
