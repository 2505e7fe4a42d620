// Real mail (issue 10.6): with SMTP_URL pointing at a local SMTP server, what the product sends arrives there as a
// MIME message with its plain-text part, its HTML part and, for appointments, the .ics; a password-recovery e-mail
// arrives with a working link the outbox never held; a refused delivery is retried with growing waits and
// delivered later, never lost, and the outbox row (and the administrators' view) shows each step.
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citasPaths } from '@clinica/contracts/citas';
import { correosPaths } from '@clinica/contracts/correos';
import { recuperacionPaths } from '@clinica/contracts/recuperacion';
import { bandejaSalida, usuarios } from '../src/db/schema/index.ts';
import { MARCA_ENLACE_RECUPERACION } from '../src/features/usuarios/usuarios-correos.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { createMailer } from '../src/platform/correo.ts';
import { iniciarSmtp, type ServidorSmtp } from './smtp-prueba.ts';
import { crearReloj } from './usuarios-fixtures.ts';

const reloj = crearReloj(new Date('2026-11-23T12:00:00Z')); // lunes 07:00 en Bogotá
const NOMBRE = 'Ana <script>alert(1)</script> Pérez';
let smtp: ServidorSmtp;
let t: TestContext;
let paciente: UsuarioDePrueba & { correo: string };
let doctor: UsuarioDePrueba;
let asistente: UsuarioDePrueba;
let admin: UsuarioDePrueba;
let citaId: number;

const pedir = (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, quien?: UsuarioDePrueba, payload?: object) =>
  t.app.inject({ method, url, headers: quien?.headers ?? {}, ...(payload ? { payload } : {}) });
const entregar = () => t.app.services.despachador.despachar();
const llano = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const calendarioDe = (m: ParsedMail) => {
  const adjunto = m.attachments.find((a) => a.filename === 'cita.ics');
  expect(adjunto, 'the message carries cita.ics').toBeTruthy();
  const contenido = adjunto!.content.toString('utf8');
  const cal = new ICAL.Component(ICAL.parse(contenido));
  return { adjunto: adjunto!, contenido, cal, evento: cal.getFirstSubcomponent('vevent')! };
};
const ultimoPara = (correo: string, asunto: RegExp) =>
  smtp.recibidos.filter((m) => m.to && 'text' in m.to && m.to.text === correo && asunto.test(m.subject ?? '')).at(-1);

beforeAll(async () => {
  smtp = await iniciarSmtp();
  t = await createTestApp({
    now: reloj.now,
    intervaloBandejaMs: 0,
    config: {
      smtpUrl: smtp.url,
      urlPublica: 'https://citas.aurora.test',
      clinicaDireccion: 'Calle 93 # 12-45, Bogotá',
      correoRemitente: 'Clínica Aurora Estética <no-responder@aurora.test>',
    },
  });
  const ahora = reloj.now();
  const p = await crearUsuario(t.database, 'paciente', { now: ahora });
  const [fila] = await t.database.db
    .update(usuarios)
    .set({ nombre: NOMBRE })
    .where(eq(usuarios.id, p.id))
    .returning({ correo: usuarios.correo });
  paciente = { ...p, correo: fila!.correo! };
  doctor = await crearUsuario(t.database, 'doctor', { now: ahora });
  asistente = await crearUsuario(t.database, 'asistente', { now: ahora });
  admin = await crearUsuario(t.database, 'administrador', { now: ahora });
  const horarios = [1, 2, 3, 4, 5, 6].map((d) => ({ dia_semana: d, hora_inicio: '08:00', hora_fin: '12:00' }));
  expect((await pedir('PUT', citasPaths.horarios(doctor.id), asistente, { horarios })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await smtp?.cerrar();
});

describe('appointment e-mails reach the SMTP server', () => {
  it('booking: the patient gets the HTML and text parts and an .ics REQUEST for the appointment', async () => {
    const res = await pedir('POST', citasPaths.crear, paciente, {
      doctor_id: doctor.id,
      inicio: '2026-11-25T09:00:00-05:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    citaId = res.json().id;
    await entregar();

    const m = ultimoPara(paciente.correo, /quedó agendada/)!;
    expect(m, 'received').toBeTruthy();
    expect(m.from?.text).toBe('"Clínica Aurora Estética" <no-responder@aurora.test>');
    expect(llano(m.subject!)).toBe(
      'Tu cita quedó agendada para el miércoles, 25 de noviembre de 2026 a las 9:00 a. m.',
    );
    // Plain text: the name as it is; HTML: the same name escaped, no script element anywhere.
    expect(m.text).toContain(`Hola, ${NOMBRE}:`);
    expect(llano(m.text!)).toContain('Hora: 9:00 a. m. a 9:30 a. m.');
    expect(m.text).toContain(`Ver mi cita:\nhttps://citas.aurora.test/detallescitas/${citaId}`);
    const html = String(m.html);
    expect(html).toContain('Hola, Ana &lt;script&gt;alert(1)&lt;/script&gt; Pérez:');
    expect(html).not.toContain('<script');
    expect(html).toContain('<html lang="es-CO"');
    expect(html).toContain(`href="https://citas.aurora.test/detallescitas/${citaId}"`);
    expect(html).toContain('alt="Logotipo de Clínica Aurora Estética"');

    const { adjunto, contenido, cal, evento } = calendarioDe(m);
    expect(adjunto.contentType).toBe('text/calendar');
    expect(contenido.split('\r\n').length).toBeGreaterThan(10);
    expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
    const e = new ICAL.Event(evento);
    expect(e.uid).toBe(`cita-${citaId}@citas.aurora.test`);
    expect(e.sequence).toBe(0);
    expect(e.startDate.toJSDate().toISOString()).toBe('2026-11-25T14:00:00.000Z');
    expect(e.endDate.toJSDate().toISOString()).toBe('2026-11-25T14:30:00.000Z');
    expect(e.summary).toBe('Cita de evaluación - Clínica Aurora Estética');
    expect(e.location).toBe('Clínica Aurora Estética, Calle 93 # 12-45, Bogotá');
    expect(evento.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(evento.getFirstPropertyValue('organizer')).toBe('mailto:no-responder@aurora.test');
    expect(evento.getFirstProperty('attendee')!.getParameter('cn')).toBe(NOMBRE);
  });

  it('rescheduling and cancelling: the same UID with a growing SEQUENCE; the cancellation is METHOD:CANCEL', async () => {
    const mover = await pedir('PATCH', citasPaths.reagendar(citaId), asistente, {
      inicio: '2026-11-26T10:00:00-05:00',
    });
    expect(mover.statusCode, mover.body).toBe(200);
    await entregar();
    const movida = ultimoPara(paciente.correo, /cambió/)!;
    expect(llano(movida.subject!)).toBe(
      'Tu cita cambió: ahora es el jueves, 26 de noviembre de 2026 a las 10:00 a. m.',
    );
    const m1 = calendarioDe(movida);
    expect(m1.cal.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(new ICAL.Event(m1.evento).uid).toBe(`cita-${citaId}@citas.aurora.test`);
    expect(new ICAL.Event(m1.evento).sequence).toBe(1);
    expect(new ICAL.Event(m1.evento).startDate.toJSDate().toISOString()).toBe('2026-11-26T15:00:00.000Z');

    const cancelar = await pedir('PATCH', citasPaths.cancelar(citaId), asistente, {
      motivo: 'Congreso, viaje; sin cupo',
    });
    expect(cancelar.statusCode, cancelar.body).toBe(200);
    await entregar();
    const cancelada = ultimoPara(paciente.correo, /fue cancelada/)!;
    expect(cancelada.text).toContain('Motivo: Congreso, viaje; sin cupo');
    const m2 = calendarioDe(cancelada);
    expect(m2.adjunto.contentType).toBe('text/calendar');
    expect(m2.contenido).toContain('METHOD:CANCEL');
    expect(m2.cal.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(m2.evento.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(m2.evento.getFirstPropertyValue('uid')).toBe(`cita-${citaId}@citas.aurora.test`);
    expect(m2.evento.getFirstPropertyValue('sequence')).toBe(2);
  });
});

describe('password recovery reaches the SMTP server', () => {
  it('with a working link in both parts, while the outbox row holds only the placeholder', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: recuperacionPaths.solicitar,
      payload: { correo: paciente.correo },
      remoteAddress: '203.0.113.40',
    });
    expect(res.statusCode).toBe(202);
    await entregar();
    const m = ultimoPara(paciente.correo, /Restablece tu contraseña/)!;
    expect(m.subject).toBe('Restablece tu contraseña de Clínica Aurora Estética');
    const enlace = /https:\/\/citas\.aurora\.test\/restablecercontrasena#token=(\S+)/.exec(m.text!);
    expect(enlace, m.text).toBeTruthy();
    expect(String(m.html)).toContain(`href="${enlace![0]}"`);
    expect(String(m.html)).not.toContain(MARCA_ENLACE_RECUPERACION);

    const filas = await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo'));
    const guardada = filas.find((f) => (f.carga as { asunto: string }).asunto.startsWith('Restablece'))!;
    const carga = guardada.carga as { texto: string; html: string };
    expect(carga.texto).toContain(MARCA_ENLACE_RECUPERACION);
    expect(carga.html).toContain(MARCA_ENLACE_RECUPERACION);
    expect(JSON.stringify(guardada.carga)).not.toContain('token=');

    const usar = await t.app.inject({
      method: 'POST',
      url: recuperacionPaths.restablecer,
      payload: { token: enlace![1], contrasena: 'otra frase larga y nueva 2026' },
      remoteAddress: '203.0.113.40',
    });
    expect(usar.statusCode, usar.body).toBe(200);
    await entregar();
    expect(ultimoPara(paciente.correo, /se cambió/)?.text).toContain('con un enlace de recuperación');
  });
});

describe('a refused delivery', () => {
  it('is retried after 1 s, then 2 s, and delivered once; the outbox row and the admin view show each state', async () => {
    const otra = await pedir('POST', citasPaths.crear, asistente, {
      doctor_id: doctor.id,
      paciente_id: paciente.id,
      inicio: '2026-11-27T08:00:00-05:00',
    });
    expect(otra.statusCode, otra.body).toBe(201);
    const id = otra.json().id as number;
    await entregar();
    smtp.rechazarSiguientes(2);
    expect((await pedir('PATCH', citasPaths.editarEstado(id), asistente, { estado: 'confirmada' })).statusCode).toBe(
      200,
    );
    const asunto = /^Tu cita del .* está confirmada$/;
    const fila = async () => {
      const filas = await t.database.db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo'));
      return filas.find((f) => asunto.test((f.carga as { asunto: string }).asunto))!;
    };
    const enVista = async () => {
      const res = await pedir('GET', correosPaths.bandeja, admin);
      expect(res.statusCode).toBe(200);
      return (res.json().items as { asunto: string; estado: string; intentos: number; adjuntos: string[] }[]).find(
        (c) => asunto.test(c.asunto),
      )!;
    };

    await entregar();
    let f = await fila();
    expect(smtp.rechazados).toBe(1);
    expect(f).toMatchObject({ intentos: 1, entregada_en: null });
    expect(f.ultimo_error).toMatch(/451/);
    expect(f.disponible_en.getTime()).toBe(reloj.now().getTime() + 1000);
    expect(await enVista()).toMatchObject({ estado: 'fallido', intentos: 1, adjuntos: ['cita.ics'] });

    // Not due yet: nothing is tried.
    reloj.avanzar(999);
    await entregar();
    expect(smtp.rechazados).toBe(1);

    reloj.avanzar(1);
    await entregar();
    f = await fila();
    expect(smtp.rechazados).toBe(2);
    expect(f).toMatchObject({ intentos: 2, entregada_en: null });
    expect(f.disponible_en.getTime()).toBe(reloj.now().getTime() + 2000);

    reloj.avanzar(2000);
    await entregar();
    f = await fila();
    expect(f.intentos).toBe(3);
    expect(f.entregada_en?.getTime()).toBe(reloj.now().getTime());
    expect(f.ultimo_error).toBeNull();
    expect(await enVista()).toMatchObject({ estado: 'enviado', intentos: 3 });
    const llegados = smtp.recibidos.filter((m) => asunto.test(m.subject ?? ''));
    expect(llegados).toHaveLength(1);
    expect(calendarioDe(llegados[0]!).evento.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(calendarioDe(llegados[0]!).evento.getFirstPropertyValue('sequence')).toBe(1);
  });
});

describe('the SMTP connection', () => {
  it('is pooled: many e-mails at once share a few connections, closed with the mailer', async () => {
    const propio = await iniciarSmtp();
    const mailer = createMailer({ smtpUrl: propio.url, remitente: 'Clínica <citas@clinica.test>', dataDir: '/nada' });
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          mailer.enviar({ para: `p${i}@prueba.test`, asunto: `n.º ${i}`, texto: 'Hola' }),
        ),
      );
      expect(propio.recibidos).toHaveLength(20);
      // nodemailer's pool opens at most 5; one connection per message was 20 TCP (and TLS) handshakes.
      expect(propio.conexiones).toBeLessThanOrEqual(5);
      expect(propio.abiertas).toBeGreaterThan(0);
      await mailer.cerrar?.();
      await expect.poll(() => propio.abiertas).toBe(0);
    } finally {
      await mailer.cerrar?.();
      await propio.cerrar();
    }
  });
});
