// WhatsApp and the patient's channels (issue 25, items 2 and 4; docs/mensajeria.md; decision 0069-whatsapp), against a
// local fake of Meta's Cloud API (test/whatsapp-falso.ts; nothing leaves the machine): the number verified by a code
// (wrong, expired, attempts, rate limit; the code never stored), the opt-in and opt-out records (append-only), the
// reminder with its quick replies, statuses from the signed webhook (sent, delivered, read, failed; forged refused,
// duplicates ignored, the handshake), button replies and «BAJA», the pair rate limit, retries on 5xx and no loop on a
// 4xx, WhatsApp only replacing the reminder's e-mail, never the recovery link, the channel off without its settings,
// and the authorization matrix of every route.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJES_MENSAJERIA as M,
  TEXTO_AUTORIZACION_WHATSAPP,
  TEXTO_BAJA_PERFIL,
  type PreferenciasWire,
} from '@clinica/contracts/mensajeria';
import { mensajeriaPaths as rutas } from '@clinica/contracts/mensajeria-rutas';
import { citasPaths, recuperacionPaths } from '@clinica/contracts/rutas';
import { loadConfig } from '../src/config.ts';
import {
  autorizacionesWhatsapp,
  bandejaSalida,
  citas,
  codigosWhatsapp,
  preferenciasContacto,
  usuarios,
  webhooksWhatsapp,
} from '../src/db/schema/index.ts';
import { crearUsuario, QUIENES, type UsuarioDePrueba } from './auth-helpers.ts';
import {
  agendarEnRecepcion,
  bogota,
  crearPersonas,
  insertarCita,
  pedidor,
  porQuien,
  SEMANA_PARTIDA,
  type Personas,
} from './clinica-fixtures.ts';
import { correoDePrueba, createTestApp } from './helpers.ts';
import { crearReloj } from './usuarios-fixtures.ts';
import {
  boton,
  estado,
  firmado,
  iniciarWhatsappFalso,
  notificacion,
  texto,
  type WhatsappFalso,
} from './whatsapp-falso.ts';

// Monday 23 November 2026, 07:00 in Bogotá.
const reloj = crearReloj(new Date('2026-11-23T12:00:00Z'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let wa: WhatsappFalso;
const correo = correoDePrueba();
let personas: Personas;
const pedir = pedidor(() => t.app);
const despachar = () => t.app.services.despachador.despachar();

let numeros = 0;
/** A Colombian mobile of its own per patient, as she types it and as the API stores it. */
const nuevoNumero = () => {
  const local = `300${String(10_000_000 + ++numeros).slice(1)}`;
  return { local: `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`, e164: `57${local}` };
};
/** The code the fake received for this number (body parameter of the authentication template). */
const codigoEnviadoA = (e164: string) => {
  const envio = wa.envios
    .filter((e) => e.cuerpo.to === e164 && e.cuerpo.template.name === 'codigo_verificacion')
    .at(-1);
  return envio?.cuerpo.template.components[0]?.parameters[0]?.text;
};
const filasWhatsapp = async () =>
  (await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'whatsapp'))).sort(
    (a, b) => a.id - b.id,
  );
const autorizaciones = (usuarioId: number) =>
  t.database.db
    .select()
    .from(autorizacionesWhatsapp)
    .where(eq(autorizacionesWhatsapp.usuario_id, usuarioId))
    .orderBy(autorizacionesWhatsapp.id);

/** A patient with her number verified and WhatsApp authorised (through the API, as she does it). */
async function pacienteConWhatsapp() {
  const p = await crearUsuario(t.database, 'paciente');
  const n = nuevoNumero();
  expect((await pedir('POST', rutas.numero, p, { numero: n.local, acepta: true })).statusCode).toBe(202);
  await despachar();
  const r = await pedir('POST', rutas.codigo, p, { codigo: codigoEnviadoA(n.e164) });
  expect(r.statusCode, r.body).toBe(200);
  // Past the pair rate limit of the code's message.
  reloj.avanzar(10_000);
  return { p, n };
}

/** A confirmed appointment 24 h and a bit away, and its reminder run by the outbox handler. */
let minutos = 0;
async function recordar(p: UsuarioDePrueba, estado: 'pendiente' | 'confirmada' = 'confirmada') {
  const inicio = new Date(reloj.now().getTime() + 24 * 3_600_000 + ++minutos * 60 * 60_000);
  const citaId = await insertarCita(t.database, { pacienteId: p.id, doctorId: personas.doctor.id, inicio, estado });
  await t.app.services.citas.recordar({ citaId, inicio: inicio.toISOString() });
  return citaId;
}

const webhook = (cuerpo: object, forjada = false) => {
  const { texto: payload, firma } = firmado(cuerpo, forjada);
  return t.app.inject({
    method: 'POST',
    url: rutas.webhook,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': firma },
    payload,
  });
};

beforeAll(async () => {
  wa = await iniciarWhatsappFalso();
  t = await createTestApp({
    now: reloj.now,
    mailer: correo.mailer,
    intervaloBandejaMs: 0,
    config: { whatsapp: loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(48), ...wa.env() }).whatsapp },
  });
  personas = await crearPersonas(t.database);
});
afterAll(async () => {
  await t?.close();
  await wa?.cerrar();
});

describe('her number, verified by a code', () => {
  it('starts on e-mail only, with WhatsApp offered', async () => {
    const r = await pedir('GET', rutas.preferencias, personas.paciente);
    expect(r.statusCode).toBe(200);
    expect(r.json<PreferenciasWire>()).toEqual({
      whatsapp_disponible: true,
      canal: 'correo',
      whatsapp_numero: null,
      whatsapp_verificado_en: null,
      whatsapp_autorizado: false,
      numero_pendiente: null,
    });
  });

  it('refuses WhatsApp as a channel before the number is verified, and changes nothing', async () => {
    const p = await crearUsuario(t.database, 'paciente');
    const r = await pedir('PUT', rutas.preferencias, p, { canal: 'ambos' });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ error: M.sinNumeroVerificado });
    expect((await pedir('GET', rutas.preferencias, p)).json<PreferenciasWire>().canal).toBe('correo');
  });

  it('asks for the authorisation and a valid number', async () => {
    const p = await crearUsuario(t.database, 'paciente');
    const sinAcepta = await pedir('POST', rutas.numero, p, { numero: '300 123 4567' });
    expect(sinAcepta.statusCode).toBe(400);
    const malo = await pedir('POST', rutas.numero, p, { numero: '1234567', acepta: true });
    expect(malo.statusCode).toBe(422);
    expect(malo.json()).toMatchObject({ error: M.numeroInvalido });
    expect(await t.database.db.select().from(codigosWhatsapp).where(eq(codigosWhatsapp.usuario_id, p.id))).toEqual([]);
  });

  it('sends a 6-digit code by the authentication template; only its hash is kept; the right code verifies and records the opt-in', async () => {
    const p = await crearUsuario(t.database, 'paciente');
    const n = nuevoNumero();
    const r = await pedir('POST', rutas.numero, p, { numero: n.local, acepta: true });
    expect(r.statusCode, r.body).toBe(202);
    expect(r.json()).toMatchObject({ numero: n.e164 });
    await despachar();
    const codigo = codigoEnviadoA(n.e164)!;
    expect(codigo).toMatch(/^\d{6}$/);
    const envio = wa.envios.at(-1)!;
    expect(envio.autorizacion).toBe(`Bearer ${wa.env().WHATSAPP_TOKEN}`);
    expect(envio.ruta).toBe(`/v21.0/${wa.env().WHATSAPP_PHONE_NUMBER_ID}/messages`);
    expect(envio.cuerpo).toMatchObject({ messaging_product: 'whatsapp', to: n.e164, type: 'template' });
    expect(envio.cuerpo.template.components[1]).toEqual({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: codigo }],
    });
    // Neither the code's row nor the outbox holds the code.
    const [fila] = await t.database.db.select().from(codigosWhatsapp).where(eq(codigosWhatsapp.usuario_id, p.id));
    expect(JSON.stringify(fila)).not.toContain(codigo);
    expect(JSON.stringify(await filasWhatsapp())).not.toContain(codigo);
    // Nothing verified yet.
    const antes = (await pedir('GET', rutas.preferencias, p)).json<PreferenciasWire>();
    expect(antes).toMatchObject({ whatsapp_numero: null, whatsapp_autorizado: false, numero_pendiente: n.e164 });
    expect(await autorizaciones(p.id)).toEqual([]);

    const otro = codigo === '000000' ? '111111' : '000000';
    const mal = await pedir('POST', rutas.codigo, p, { codigo: otro });
    expect(mal.statusCode).toBe(422);
    expect(mal.json()).toMatchObject({ error: M.codigoIncorrecto });

    const bien = await pedir('POST', rutas.codigo, p, { codigo });
    expect(bien.statusCode, bien.body).toBe(200);
    expect(bien.json<PreferenciasWire>()).toMatchObject({
      canal: 'ambos',
      whatsapp_numero: n.e164,
      whatsapp_autorizado: true,
      numero_pendiente: null,
    });
    expect(await autorizaciones(p.id)).toMatchObject([
      { numero: n.e164, accion: 'alta', medio: 'perfil', texto: TEXTO_AUTORIZACION_WHATSAPP, registrada_por: null },
    ]);
    // Used once.
    expect((await pedir('POST', rutas.codigo, p, { codigo })).json()).toMatchObject({ error: M.sinCodigo });
  });

  it('a code dies after 5 wrong attempts', async () => {
    const p = await crearUsuario(t.database, 'paciente');
    const n = nuevoNumero();
    await pedir('POST', rutas.numero, p, { numero: n.local, acepta: true });
    await despachar();
    const codigo = codigoEnviadoA(n.e164)!;
    const otro = codigo === '000000' ? '111111' : '000000';
    const respuestas = [];
    for (let i = 0; i < 5; i++) respuestas.push((await pedir('POST', rutas.codigo, p, { codigo: otro })).json().error);
    expect(respuestas).toEqual([...Array(4).fill(M.codigoIncorrecto), M.codigoAgotado]);
    const r = await pedir('POST', rutas.codigo, p, { codigo });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ error: M.codigoAgotado });
    expect(await autorizaciones(p.id)).toEqual([]);
  });

  it('a code expires after 10 minutes', async () => {
    const p = await crearUsuario(t.database, 'paciente');
    const n = nuevoNumero();
    await pedir('POST', rutas.numero, p, { numero: n.local, acepta: true });
    await despachar();
    const codigo = codigoEnviadoA(n.e164)!;
    reloj.avanzar(10 * 60_000 + 1);
    const r = await pedir('POST', rutas.codigo, p, { codigo });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ error: M.codigoVencido });
    expect((await pedir('GET', rutas.preferencias, p)).json<PreferenciasWire>().whatsapp_autorizado).toBe(false);
  });

  it('at most 3 codes an hour', async () => {
    const p = await crearUsuario(t.database, 'paciente');
    for (let i = 0; i < 3; i++)
      expect((await pedir('POST', rutas.numero, p, { numero: nuevoNumero().local, acepta: true })).statusCode).toBe(
        202,
      );
    const r = await pedir('POST', rutas.numero, p, { numero: nuevoNumero().local, acepta: true });
    expect(r.statusCode).toBe(429);
    expect(r.json()).toMatchObject({ error: M.demasiadosCodigos });
    await despachar();
  });
});

describe('the reminder by WhatsApp and its statuses', () => {
  it('goes as the reminder template with Confirmar/Cancelar quick replies; the message id lands on the row', async () => {
    const { p, n } = await pacienteConWhatsapp();
    const enviados = correo.enviados.length;
    const citaId = await recordar(p);
    await despachar();
    const envio = wa.envios.at(-1)!;
    expect(envio.cuerpo.to).toBe(n.e164);
    expect(envio.cuerpo.template.name).toBe('recordatorio_cita');
    expect(envio.cuerpo.template.language).toEqual({ code: 'es' });
    const [cuerpo, confirmar, cancelar] = envio.cuerpo.template.components;
    expect(cuerpo!.parameters.map((x) => x.text)).toEqual([
      expect.stringMatching(/^Prueba$/),
      expect.stringMatching(/^Recordatorio: mañana a las .* tienes tu cita de /),
    ]);
    expect(confirmar).toEqual({
      type: 'button',
      sub_type: 'quick_reply',
      index: '0',
      parameters: [{ type: 'payload', payload: `cita:${citaId}:confirmar` }],
    });
    expect(cancelar).toMatchObject({ index: '1', parameters: [{ payload: `cita:${citaId}:cancelar` }] });
    const fila = (await filasWhatsapp()).at(-1)!;
    expect(fila).toMatchObject({ externo_id: wa.ultimoId(), entrega: null });
    expect(fila.entregada_en).not.toBeNull();
    // Both channels: the e-mail went too.
    expect(correo.enviados.length).toBe(enviados + 1);
  });

  it('records sent, delivered and read from signed webhooks; never backwards; failed', async () => {
    const { p, n } = await pacienteConWhatsapp();
    await recordar(p);
    await despachar();
    const id = wa.ultimoId();
    const fila = async () =>
      (await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.externo_id, id)))[0]!;
    for (const [status, entrega, ts] of [
      ['sent', 'enviado', 1_790_000_001],
      ['delivered', 'entregado', 1_790_000_002],
      ['read', 'leido', 1_790_000_003],
    ] as const) {
      const r = await webhook(notificacion({ statuses: [estado(id, status, n.e164, ts)] }));
      expect(r.statusCode, r.body).toBe(200);
      expect(await fila()).toMatchObject({ entrega, entrega_en: new Date(ts * 1000) });
    }
    // A late "delivered" (Meta does not promise the order) does not undo "read".
    const x = estado(id, 'delivered', n.e164, 1_790_000_009);
    await webhook(notificacion({ statuses: [{ ...x, id }] }));
    expect((await fila()).entrega).toBe('leido');

    const otra = await pacienteConWhatsapp();
    await recordar(otra.p);
    await despachar();
    const id2 = wa.ultimoId();
    await webhook(notificacion({ statuses: [estado(id2, 'failed', otra.n.e164)] }));
    const [f2] = await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.externo_id, id2));
    expect(f2!.entrega).toBe('fallido');
  });

  it('refuses a forged or missing signature (401) and changes nothing', async () => {
    const { p, n } = await pacienteConWhatsapp();
    await recordar(p);
    await despachar();
    const id = wa.ultimoId();
    const cuerpo = notificacion({ statuses: [estado(id, 'delivered', n.e164)] });
    const forjada = await webhook(cuerpo, true);
    expect(forjada.statusCode).toBe(401);
    expect(forjada.json()).toMatchObject({ error: M.firmaInvalida });
    const sinFirma = await t.app.inject({
      method: 'POST',
      url: rutas.webhook,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(cuerpo),
    });
    expect(sinFirma.statusCode).toBe(401);
    // A body changed after signing.
    const { firma } = firmado(cuerpo);
    const cambiado = await t.app.inject({
      method: 'POST',
      url: rutas.webhook,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': firma },
      payload: JSON.stringify(notificacion({ statuses: [estado(id, 'read', n.e164)] })),
    });
    expect(cambiado.statusCode).toBe(401);
    const [f] = await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.externo_id, id));
    expect(f!.entrega).toBeNull();
    expect(
      await t.database.db
        .select()
        .from(webhooksWhatsapp)
        .where(eq(webhooksWhatsapp.clave, `estado:${id}:delivered`)),
    ).toEqual([]);
  });

  it('ignores a repeated delivery of the same notification', async () => {
    const { p, n } = await pacienteConWhatsapp();
    await recordar(p);
    await despachar();
    const id = wa.ultimoId();
    const cuerpo = notificacion({ statuses: [estado(id, 'sent', n.e164)] });
    expect((await webhook(cuerpo)).statusCode).toBe(200);
    // Forget what it did: only the webhook key remembers the delivery.
    await t.database.db
      .update(bandejaSalida)
      .set({ entrega: null, entrega_en: null })
      .where(eq(bandejaSalida.externo_id, id));
    const otra = await webhook(cuerpo);
    expect(otra.statusCode).toBe(200);
    const [f] = await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.externo_id, id));
    expect(f!.entrega).toBeNull();
  });

  it('answers the verification handshake only with the verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `${rutas.webhook}?hub.mode=subscribe&hub.verify_token=${wa.env().WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const mal = await t.app.inject({
      method: 'GET',
      url: `${rutas.webhook}?hub.mode=subscribe&hub.verify_token=otro-token-cualquiera&hub.challenge=1158201444`,
    });
    expect(mal.statusCode).toBe(403);
    expect(mal.body).not.toContain('1158201444');
  });
});

describe('her replies', () => {
  it('«Cancelar» from her verified number cancels her appointment; from another number nothing happens', async () => {
    const { p, n } = await pacienteConWhatsapp();
    const citaId = await recordar(p);
    const ajeno = await webhook(
      notificacion({ messages: [boton('573009999999', `cita:${citaId}:cancelar`, 'Cancelar')] }),
    );
    expect(ajeno.statusCode).toBe(200);
    const estadoCita = async () => (await t.database.db.select().from(citas).where(eq(citas.id, citaId)))[0]!.estado;
    expect(await estadoCita()).toBe('confirmada');
    // Another patient's appointment, from her number: nothing either.
    const suya = await recordar(personas.otraPaciente);
    await webhook(notificacion({ messages: [boton(n.e164, `cita:${suya}:cancelar`, 'Cancelar')] }));
    expect((await t.database.db.select().from(citas).where(eq(citas.id, suya)))[0]!.estado).toBe('confirmada');

    const r = await webhook(notificacion({ messages: [boton(n.e164, `cita:${citaId}:cancelar`, 'Cancelar')] }));
    expect(r.statusCode).toBe(200);
    expect(await estadoCita()).toBe('cancelada');
    await despachar();
  });

  it('«Confirmar» from her verified number confirms her appointment, via whatsapp; a repeated delivery changes nothing', async () => {
    const { p, n } = await pacienteConWhatsapp();
    const citaId = await recordar(p, 'pendiente');
    const cuerpo = notificacion({ messages: [boton(n.e164, `cita:${citaId}:confirmar`, 'Confirmar')] });
    expect((await webhook(cuerpo)).statusCode).toBe(200);
    const [c] = await t.database.db.select().from(citas).where(eq(citas.id, citaId));
    expect(c).toMatchObject({ estado: 'confirmada', confirmada_via: 'whatsapp' });
    expect(c!.confirmada_en).not.toBeNull();
    expect((await webhook(cuerpo)).statusCode).toBe(200);
    const [otra] = await t.database.db.select().from(citas).where(eq(citas.id, citaId));
    expect(otra!.confirmada_en).toEqual(c!.confirmada_en);
    await despachar();
  });

  it('«BAJA» records her opt-out (by reply, with the text received) and her channels go back to e-mail', async () => {
    const { p, n } = await pacienteConWhatsapp();
    const r = await webhook(notificacion({ messages: [texto(n.e164, 'Baja')] }));
    expect(r.statusCode).toBe(200);
    expect(await autorizaciones(p.id)).toMatchObject([
      { accion: 'alta', medio: 'perfil', texto: TEXTO_AUTORIZACION_WHATSAPP },
      { accion: 'baja', medio: 'respuesta', texto: 'Baja', numero: n.e164 },
    ]);
    expect((await pedir('GET', rutas.preferencias, p)).json<PreferenciasWire>()).toMatchObject({
      canal: 'correo',
      whatsapp_autorizado: false,
    });
    const antes = (await filasWhatsapp()).length;
    await recordar(p);
    expect((await filasWhatsapp()).length).toBe(antes);
  });

  it('opt-out from her profile: appended, never rewritten; a second one is refused', async () => {
    const { p, n } = await pacienteConWhatsapp();
    const [alta] = await autorizaciones(p.id);
    const r = await pedir('POST', rutas.baja, p);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<PreferenciasWire>()).toMatchObject({ canal: 'correo', whatsapp_autorizado: false });
    const filas = await autorizaciones(p.id);
    expect(filas).toMatchObject([alta!, { accion: 'baja', medio: 'perfil', texto: TEXTO_BAJA_PERFIL, numero: n.e164 }]);
    const otra = await pedir('POST', rutas.baja, p);
    expect(otra.statusCode).toBe(422);
    expect(otra.json()).toMatchObject({ error: M.sinAutorizacion });
    expect(await autorizaciones(p.id)).toHaveLength(2);
  });
});

describe('sending', () => {
  it('one message every 6 s per number: a second one waits for its retry', async () => {
    const { p } = await pacienteConWhatsapp();
    const antes = wa.envios.length;
    await recordar(p);
    await recordar(p);
    await despachar();
    expect(wa.envios.length).toBe(antes + 1);
    const [, segunda] = (await filasWhatsapp()).slice(-2);
    expect(segunda).toMatchObject({
      entregada_en: null,
      externo_id: null,
      ultimo_error: expect.stringContaining('límite'),
    });
    reloj.avanzar(6_000);
    await despachar();
    expect(wa.envios.length).toBe(antes + 2);
    expect((await filasWhatsapp()).at(-1)!.externo_id).toBe(wa.ultimoId());
  });

  it('retries a 5xx and a 429 with backoff until it goes', async () => {
    const { p } = await pacienteConWhatsapp();
    wa.fallar(503, { code: 2, message: 'Service temporarily unavailable' });
    await recordar(p);
    await despachar();
    let fila = (await filasWhatsapp()).at(-1)!;
    expect(fila).toMatchObject({ entregada_en: null, intentos: 1, ultimo_error: expect.stringContaining('503') });
    expect(fila.disponible_en.getTime()).toBeGreaterThan(reloj.now().getTime());
    reloj.avanzar(6_000);
    wa.fallar(429, { code: 130429, message: 'Rate limit hit' });
    await despachar();
    fila = (await filasWhatsapp()).at(-1)!;
    expect(fila).toMatchObject({ entregada_en: null, intentos: 2, ultimo_error: expect.stringContaining('429') });
    reloj.avanzar(6_000);
    await despachar();
    fila = (await filasWhatsapp()).at(-1)!;
    expect(fila).toMatchObject({ intentos: 3, externo_id: wa.ultimoId(), ultimo_error: null });
  });

  it('a permanent 4xx closes the row as failed, without retrying', async () => {
    const { p } = await pacienteConWhatsapp();
    wa.fallar(400, { code: 131026, message: 'Message undeliverable' });
    await recordar(p);
    await despachar();
    const fila = (await filasWhatsapp()).at(-1)!;
    expect(fila).toMatchObject({
      entrega: 'fallido',
      externo_id: null,
      ultimo_error: expect.stringContaining('131026'),
    });
    expect(fila.entregada_en).not.toBeNull();
    const enviados = wa.envios.length;
    reloj.avanzar(3_600_000);
    await despachar();
    expect(wa.envios.length).toBe(enviados);
  });

  it('WhatsApp only: the reminder goes by WhatsApp and not by e-mail', async () => {
    const { p } = await pacienteConWhatsapp();
    expect((await pedir('PUT', rutas.preferencias, p, { canal: 'whatsapp' })).statusCode).toBe(200);
    const correos = correo.enviados.length;
    const envios = wa.envios.length;
    await recordar(p);
    await despachar();
    expect(wa.envios.length).toBe(envios + 1);
    expect(correo.enviados.length).toBe(correos);
  });

  it('WhatsApp only: a reminder WhatsApp refuses for good, or reports failed later, goes by e-mail after all', async () => {
    // The failure queues the reminder again, which queues its e-mail: three passes of the outbox.
    const hastaElCorreo = async () => {
      for (let i = 0; i < 3; i++) await despachar();
    };
    const recordatorios = async (p: { id: number }) => {
      const [u] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, p.id));
      return correo.enviados.filter((c) => c.para === u!.correo && /recordatorio/i.test(c.asunto)).length;
    };
    // Refused when sent (a permanent 4xx).
    const a = await pacienteConWhatsapp();
    expect((await pedir('PUT', rutas.preferencias, a.p, { canal: 'whatsapp' })).statusCode).toBe(200);
    wa.fallar(400, { code: 131026, message: 'Message undeliverable' });
    await recordar(a.p);
    await hastaElCorreo();
    expect((await filasWhatsapp()).at(-1)!.entrega).toBe('fallido');
    expect(await recordatorios(a.p)).toBe(1);

    // Accepted, then reported failed by the webhook; a repeated report sends nothing more.
    reloj.avanzar(10_000);
    const b = await pacienteConWhatsapp();
    expect((await pedir('PUT', rutas.preferencias, b.p, { canal: 'whatsapp' })).statusCode).toBe(200);
    await recordar(b.p);
    await despachar();
    expect(await recordatorios(b.p)).toBe(0);
    const id = wa.ultimoId();
    for (let i = 0; i < 2; i++) {
      expect((await webhook(notificacion({ statuses: [estado(id, 'failed', b.n.e164)] }))).statusCode).toBe(200);
      await hastaElCorreo();
    }
    expect(await recordatorios(b.p)).toBe(1);

    // On e-mail and WhatsApp, the e-mail went already: a failed WhatsApp adds none.
    reloj.avanzar(10_000);
    const c = await pacienteConWhatsapp();
    await recordar(c.p);
    await hastaElCorreo();
    expect(await recordatorios(c.p)).toBe(1);
    await webhook(notificacion({ statuses: [estado(wa.ultimoId(), 'failed', c.n.e164)] }));
    await hastaElCorreo();
    expect(await recordatorios(c.p)).toBe(1);
  });

  it('never sends the password-recovery link by WhatsApp', async () => {
    const { p } = await pacienteConWhatsapp();
    const [u] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, p.id));
    const envios = wa.envios.length;
    const filas = (await filasWhatsapp()).length;
    const r = await pedir('POST', recuperacionPaths.solicitar, undefined, { correo: u!.correo });
    expect(r.statusCode).toBe(202);
    await despachar();
    expect(wa.envios.length).toBe(envios);
    expect((await filasWhatsapp()).length).toBe(filas);
    expect(correo.enviados.at(-1)!.para).toBe(u!.correo);
  });

  it('a booking sends its confirmation template to a patient with WhatsApp (checked when it is sent)', async () => {
    const { p, n } = await pacienteConWhatsapp();
    expect(
      (await pedir('PUT', citasPaths.horarios(personas.doctor.id), personas.asistente, { horarios: SEMANA_PARTIDA }))
        .statusCode,
    ).toBe(200);
    const envios = wa.envios.length;
    await agendarEnRecepcion(t.app, personas.asistente, {
      doctor_id: personas.doctor.id,
      paciente_id: p.id,
      inicio: bogota('2026-12-02', '09:00'),
    });
    await despachar();
    const nuevos = wa.envios.slice(envios);
    expect(nuevos.map((e) => [e.cuerpo.to, e.cuerpo.template.name])).toEqual([[n.e164, 'cita_agendada']]);
    expect(nuevos[0]!.cuerpo.template.components[0]!.parameters[1]!.text).toMatch(/^Tu cita de .* quedó /);
    // The doctor's own notification of the booking sends nothing: she is no patient with WhatsApp.
    expect((await filasWhatsapp()).filter((f) => f.externo_id === null && f.entregada_en === null)).toEqual([]);
  });

  it('a patient on e-mail only gets no WhatsApp row', async () => {
    const p = await crearUsuario(t.database, 'paciente');
    const filas = (await filasWhatsapp()).length;
    await recordar(p);
    expect((await filasWhatsapp()).length).toBe(filas);
  });
});

describe('without the WhatsApp settings', () => {
  let apagada: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    apagada = await createTestApp({ now: reloj.now, mailer: correoDePrueba().mailer, intervaloBandejaMs: 0 });
  });
  afterAll(() => apagada?.close());

  it('the channel is off: shown unavailable, refused, the webhook absent, no WhatsApp rows', async () => {
    const p = await crearUsuario(apagada.database, 'paciente');
    const h = p.headers;
    const get = await apagada.app.inject({ method: 'GET', url: rutas.preferencias, headers: h });
    expect(get.json<PreferenciasWire>()).toMatchObject({ whatsapp_disponible: false, canal: 'correo' });
    const put = await apagada.app.inject({
      method: 'PUT',
      url: rutas.preferencias,
      headers: h,
      payload: { canal: 'ambos' },
    });
    expect(put.statusCode).toBe(422);
    expect(put.json()).toMatchObject({ error: M.canalApagado });
    const num = await apagada.app.inject({
      method: 'POST',
      url: rutas.numero,
      headers: h,
      payload: { numero: '3001234567', acepta: true },
    });
    expect(num.statusCode).toBe(422);
    expect((await apagada.app.inject({ method: 'GET', url: `${rutas.webhook}?hub.mode=subscribe` })).statusCode).toBe(
      404,
    );
    // What she chose while it was on does not count while it is off.
    await apagada.database.db.insert(preferenciasContacto).values({
      usuario_id: p.id,
      canal: 'whatsapp',
      whatsapp_numero: '573001112233',
      whatsapp_verificado_en: reloj.now(),
    });
    const despues = await apagada.app.inject({ method: 'GET', url: rutas.preferencias, headers: h });
    expect(despues.json<PreferenciasWire>()).toMatchObject({ whatsapp_disponible: false, canal: 'correo' });
    const d = await crearUsuario(apagada.database, 'doctor');
    const inicio = new Date(reloj.now().getTime() + 30 * 3_600_000);
    const citaId = await insertarCita(apagada.database, { pacienteId: p.id, doctorId: d.id, inicio });
    await apagada.app.services.citas.recordar({ citaId, inicio: inicio.toISOString() });
    expect(await apagada.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'whatsapp'))).toEqual(
      [],
    );
  });
});

describe('who may call each route', () => {
  const soloPaciente = (ok: number) => porQuien(401, ok, 403, 403, 403);
  const casos = [
    { method: 'GET', url: rutas.preferencias, esperado: soloPaciente(200) },
    { method: 'PUT', url: rutas.preferencias, payload: { canal: 'correo' }, esperado: soloPaciente(200) },
    { method: 'POST', url: rutas.numero, payload: { numero: 'x' }, esperado: soloPaciente(400) },
    { method: 'POST', url: rutas.codigo, payload: { codigo: '1' }, esperado: soloPaciente(400) },
    { method: 'POST', url: rutas.baja, esperado: soloPaciente(422) },
    // Public: the verify token and the signature are their authentication.
    {
      method: 'GET',
      url: `${rutas.webhook}?hub.mode=subscribe&hub.verify_token=no`,
      esperado: porQuien(403, 403, 403, 403, 403),
    },
    {
      method: 'POST',
      url: rutas.webhook,
      payload: { object: 'whatsapp_business_account' },
      esperado: porQuien(401, 401, 401, 401, 401),
    },
  ] as const;
  for (const c of casos) {
    it(`${c.method} ${c.url}`, async () => {
      const u = {
        paciente: personas.paciente,
        asistente: personas.asistente,
        doctor: personas.doctor,
        administrador: personas.admin,
      };
      for (const quien of QUIENES) {
        const payload = 'payload' in c ? c.payload : undefined;
        const res = await pedir(c.method, c.url, quien === 'anonimo' ? undefined : u[quien], payload);
        expect(res.statusCode, `${quien}: ${res.body}`).toBe(c.esperado[quien]);
        if (res.statusCode >= 400)
          expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
      }
    });
  }

  it('nobody reads or changes another patient’s channels: the routes only know the signed-in patient', async () => {
    const { p } = await pacienteConWhatsapp();
    const otra = (await pedir('GET', rutas.preferencias, personas.otraPaciente)).json<PreferenciasWire>();
    expect(otra.whatsapp_numero).toBeNull();
    // Her opt-out cannot be sent for someone else: the body takes no user.
    const r = await pedir('PUT', rutas.preferencias, personas.otraPaciente, { canal: 'correo', usuario_id: p.id });
    expect(r.statusCode).toBe(400);
    expect((await pedir('GET', rutas.preferencias, p)).json<PreferenciasWire>().canal).toBe('ambos');
    const filas = await t.database.db
      .select()
      .from(autorizacionesWhatsapp)
      .where(and(eq(autorizacionesWhatsapp.usuario_id, p.id), eq(autorizacionesWhatsapp.accion, 'baja')));
    expect(filas).toEqual([]);
  });
});
