// Confirm or cancel from the reminder itself (issue 25, item 3; decision 0067-enlaces-recordatorio): the reminder e-mail
// carries two signed single-use links (the outbox and the administrators' view only a placeholder); the public routes
// refuse forged, expired, used and stale links with no change, count refusals per client address; a confirmation
// records how it came (correo, whatsapp, mostrador) and is idempotent; a cancellation follows the deposit policy and
// frees the slot; the routes are public (anonymous and every role alike).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAJES_CITAS as MC, citasPaths, type CitaWire } from '@clinica/contracts/citas';
import { correosPaths } from '@clinica/contracts/correos';
import { formatoPesos } from '@clinica/contracts/dinero';
import {
  MENSAJES_ENLACE_CITA as M,
  PAGINA_ENLACE_CITA,
  enlacesCitaPaths,
  type AccionEnlaceCita,
} from '@clinica/contracts/enlaces-cita';
import { pagosPaths } from '@clinica/contracts/pagos';
import {
  auditoria,
  bandejaSalida,
  citas,
  enlacesCitaUsados,
  notificaciones,
  usuarios,
} from '../src/db/schema/index.ts';
import { MARCA_ENLACE_CANCELAR, MARCA_ENLACE_CONFIRMAR } from '../src/features/citas/citas-correos.ts';
import { createTokensEnlaceCita, huellaEnlace } from '../src/lib/token-enlace-cita.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { SEMANA_PARTIDA, bogota, crearPersonas, type Pedir, type Personas } from './clinica-fixtures.ts';
import { correoDePrueba, createTestApp, inyectar } from './helpers.ts';
import { bearer, crearReloj, sesionPara } from './usuarios-fixtures.ts';

// Monday 23 November 2026, 07:00 in Bogotá.
const INICIO = new Date('2026-11-23T12:00:00Z');
const reloj = crearReloj(INICIO);
const correo = correoDePrueba();
let t: Awaited<ReturnType<typeof createTestApp>>;
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
/** $ 200.000 with a fixed deposit of $ 60.000. */
let conAnticipo: number;
let tokens: ReturnType<typeof createTokensEnlaceCita>;

const pedir: Pedir = async (method, url, quien, payload, headers = {}) => {
  const sesion = quien ? bearer((await sesionPara(t.database, quien, reloj.now())).token) : {};
  return inyectar(t.app, method, url, { ...sesion, ...headers }, payload);
};
/** The public routes from one client address (each test its own, so refusals counted by address stay apart). */
const publico = (ruta: 'ver' | 'usar', payload: object, ip = '198.51.100.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: enlacesCitaPaths[ruta], payload, remoteAddress: ip, headers });
const despachar = () => t.app.services.despachador.despachar();

async function reservar(o: { fecha: string; hora: string; procId?: number; pacienteId?: number; doctorId?: number }) {
  const res = await pedir('POST', citasPaths.crear, asistente, {
    doctor_id: o.doctorId ?? doctor.id,
    paciente_id: o.pacienteId ?? paciente.id,
    inicio: bogota(o.fecha, o.hora),
    ...(o.procId ? { tipo: 'procedimiento', procedimiento_id: o.procId } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CitaWire;
}
const fila = async (id: number) => (await t.database.db.select().from(citas).where(eq(citas.id, id)))[0]!;
const token = (c: { id: number; inicio: string }, accion: AccionEnlaceCita) =>
  tokens.emitir(c.id, accion, new Date(c.inicio));
const avisosDe = async (usuarioId: number, citaId: number) =>
  (
    await t.database.db
      .select({ mensaje: notificaciones.mensaje })
      .from(notificaciones)
      .where(and(eq(notificaciones.usuario_id, usuarioId), eq(notificaciones.cita_id, citaId)))
  ).map((n) => n.mensaje);
const correosEnBandeja = async (asunto: string) =>
  (
    await t.database.db
      .select({ carga: bandejaSalida.carga })
      .from(bandejaSalida)
      .where(and(eq(bandejaSalida.tipo, 'correo'), sql`${bandejaSalida.carga}->>'asunto' like ${`%${asunto}%`}`))
  ).map((f) => f.carga as { asunto: string; texto: string; html?: string });
const usados = async (citaId: number) =>
  t.database.db.select().from(enlacesCitaUsados).where(eq(enlacesCitaUsados.cita_id, citaId));

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now, intervaloBandejaMs: 0, mailer: correo.mailer });
  tokens = createTokensEnlaceCita(t.app.services.config.jwtSecret);
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database, {
    now: reloj.now(),
  }));
  await t.database.db.update(usuarios).set({ fecha_nacimiento: '1990-05-01' }).where(eq(usuarios.rol, 'paciente'));
  for (const d of [doctor, otroDoctor]) {
    const res = await pedir('PUT', citasPaths.horarios(d.id), asistente, { horarios: SEMANA_PARTIDA });
    expect(res.statusCode).toBe(200);
  }
  const categoriaId = (await crearCategoria(t.app, admin.headers)).id;
  conAnticipo = (
    await crearProcedimiento(t.app, admin.headers, categoriaId, {
      nombre: 'Hidrafacial',
      precio: 200_000,
      anticipo: { tipo: 'fijo', valor: 60_000 },
    })
  ).id;
});
afterAll(() => t.close());

describe('refused links: a clear message and no change', () => {
  let cita: CitaWire;
  beforeAll(async () => {
    cita = await reservar({ fecha: '2026-11-26', hora: '09:00' });
  });

  it('forged, swapped action, another key, malformed: 400 ENLACE_INVALIDO, audited, nothing used', async () => {
    const bueno = token(cita, 'confirmar');
    const firma = bueno.slice(-43);
    const otraFirma = (firma[0] === 'A' ? 'B' : 'A') + firma.slice(1);
    const falsos = [
      bueno.slice(0, -43) + otraFirma,
      bueno.replace('.confirmar.', '.cancelar.'),
      bueno.replace(`e1.${cita.id}.`, `e1.${cita.id + 1}.`),
      createTokensEnlaceCita('otro-secreto-de-al-menos-32-caracteres!!').emitir(
        cita.id,
        'confirmar',
        new Date(cita.inicio),
      ),
      'e1.no-es-un-token',
    ];
    for (const [i, f] of falsos.entries()) {
      for (const ruta of ['ver', 'usar'] as const) {
        const res = await publico(ruta, { token: f }, `203.0.113.${i + 1}`);
        expect(res.statusCode, f).toBe(400);
        expect(res.json()).toEqual({ error: M.invalido, code: 'ENLACE_INVALIDO' });
      }
    }
    expect((await fila(cita.id)).estado).toBe('pendiente');
    expect(await usados(cita.id)).toEqual([]);
    const fallos = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'cita.enlace'), eq(auditoria.resultado, 'fallo')));
    expect(fallos.length).toBe(falsos.length * 2);
    // The token is never in the audit log.
    expect(JSON.stringify(fallos)).not.toContain(firma);
  });

  it('a schema-invalid body: 400 VALIDACION in Spanish', async () => {
    const res = await publico('usar', { token: '' }, '198.51.100.11');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Falta el código del enlace');
    const destino = await publico('usar', { token: token(cita, 'cancelar'), anticipo: 'efectivo' }, '198.51.100.11');
    expect(destino.statusCode).toBe(400);
    expect(destino.json().error).toContain('Elige devolución o saldo a favor');
  });

  it('after a move: the old links answer 409 and change nothing; the new time has its own', async () => {
    const movida = await reservar({ fecha: '2026-11-26', hora: '10:00' });
    const viejo = token(movida, 'cancelar');
    const res = await pedir('PATCH', citasPaths.reagendar(movida.id), asistente, {
      inicio: bogota('2026-11-26', '11:00'),
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const ruta of ['ver', 'usar'] as const) {
      const r = await publico(ruta, { token: viejo }, '198.51.100.12');
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ error: M.movida, code: 'CONFLICTO' });
    }
    expect((await fila(movida.id)).estado).toBe('pendiente');
    const nuevo = await publico('ver', { token: token(res.json() as CitaWire, 'cancelar') }, '198.51.100.12');
    expect(nuevo.statusCode, nuevo.body).toBe(200);
  });

  it('an appointment cancelled by the clinic: 409 CITA_CANCELADA', async () => {
    const c = await reservar({ fecha: '2026-11-26', hora: '13:00' });
    const res = await pedir('PATCH', citasPaths.cancelar(c.id), asistente, { motivo: 'La doctora no puede' });
    expect(res.statusCode, res.body).toBe(200);
    const r = await publico('usar', { token: token(c, 'confirmar') }, '198.51.100.13');
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ error: M.cancelada, code: 'CITA_CANCELADA' });
    expect((await fila(c.id)).estado).toBe('cancelada');
  });

  it('refused links are counted per client address: the 10th is paused (429 + Retry-After), other addresses go on', async () => {
    const ip = '198.51.100.99';
    const falso = token(cita, 'confirmar').slice(0, -2) + 'AA';
    for (let i = 1; i <= 9; i++) expect((await publico('ver', { token: falso }, ip)).statusCode).toBe(400);
    const decimo = await publico('ver', { token: falso }, ip);
    expect(decimo.statusCode).toBe(429);
    expect(Number(decimo.headers['retry-after'])).toBeGreaterThan(0);
    expect(decimo.json().code).toBe('DEMASIADOS_INTENTOS');
    // Paused: even a good link waits, and nothing changes.
    const bueno = await publico('usar', { token: token(cita, 'confirmar') }, ip);
    expect(bueno.statusCode).toBe(429);
    expect((await fila(cita.id)).estado).toBe('pendiente');
    expect((await publico('ver', { token: token(cita, 'confirmar') }, '198.51.100.98')).statusCode).toBe(200);
  });
});

describe('confirming: how it came is recorded; idempotent', () => {
  it('the desk confirms: confirmada_via mostrador; the link then answers "ya estaba confirmada" and tells no one', async () => {
    const c = await reservar({ fecha: '2026-11-27', hora: '09:00' });
    const res = await pedir('PATCH', citasPaths.editarEstado(c.id), asistente, { estado: 'confirmada' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await fila(c.id)).toMatchObject({
      estado: 'confirmada',
      confirmada_via: 'mostrador',
      confirmada_en: INICIO,
    });
    const avisosAntes = await avisosDe(doctor.id, c.id);
    const correosAntes = (await correosEnBandeja('confirmada')).length;

    const r = await publico('usar', { token: token(c, 'confirmar') }, '198.51.100.20');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ accion: 'confirmar', estado: 'confirmada', cambio: false, mensaje: M.yaConfirmada });
    expect(await fila(c.id)).toMatchObject({ confirmada_via: 'mostrador' });
    expect(await avisosDe(doctor.id, c.id)).toEqual(avisosAntes);
    expect((await correosEnBandeja('confirmada')).length).toBe(correosAntes);
    // The link is used all the same.
    expect((await publico('usar', { token: token(c, 'confirmar') }, '198.51.100.20')).statusCode).toBe(410);
  });

  it('by WhatsApp (the service other features call): via whatsapp, the doctor told once, twice is a no-op', async () => {
    const c = await reservar({ fecha: '2026-11-27', hora: '10:00' });
    const { confirmar } = t.app.services.respuestaPaciente;
    const primera = await confirmar(c.id, 'whatsapp', { ip: '198.51.100.21' });
    expect(primera).toMatchObject({ cambio: true, cita: { estado: 'confirmada' } });
    const segunda = await confirmar(c.id, 'whatsapp', {});
    expect(segunda).toMatchObject({ cambio: false, cita: { estado: 'confirmada' } });
    expect(await fila(c.id)).toMatchObject({ confirmada_via: 'whatsapp', confirmada_en: INICIO });
    const avisos = await avisosDe(doctor.id, c.id);
    expect(avisos.filter((m) => m.includes('confirmó por WhatsApp'))).toHaveLength(1);
    const [audit] = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'cita.estado'), eq(auditoria.recurso_id, String(c.id))));
    expect(audit).toMatchObject({ usuario_id: paciente.id, detalle: 'pendiente -> confirmada; via=whatsapp' });
  });

  it('an unpaid deposit: 422 in Spanish, the link stays usable; paid, it confirms (via correo)', async () => {
    const c = await reservar({ fecha: '2026-11-27', hora: '11:00', procId: conAnticipo });
    const tk = token(c, 'confirmar');
    const r = await publico('usar', { token: tk }, '198.51.100.22');
    expect(r.statusCode).toBe(422);
    expect(r.json().error).toMatch(
      /^Tu cita tiene un anticipo de \$ 60\.000 sin pagar\. Págalo en la clínica antes del /,
    );
    expect(r.json().error).toContain('la cita se confirma cuando el anticipo esté pagado');
    expect(await usados(c.id)).toEqual([]);
    expect((await fila(c.id)).estado).toBe('pendiente');

    const pago = await pedir('POST', pagosPaths.registrar, asistente, { cita_id: c.id, metodo: 'efectivo' });
    expect(pago.statusCode, pago.body).toBe(201);
    const ok = await publico('usar', { token: tk }, '198.51.100.22');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ accion: 'confirmar', estado: 'confirmada', cambio: true, mensaje: M.confirmada });
    expect(await fila(c.id)).toMatchObject({ estado: 'confirmada', confirmada_via: 'correo' });
    expect(await usados(c.id)).toMatchObject([{ huella: huellaEnlace(tk), accion: 'confirmar' }]);
  });

  it('the same link twice at once: exactly one confirms', async () => {
    const c = await reservar({ fecha: '2026-11-27', hora: '14:00' });
    const tk = token(c, 'confirmar');
    const res = await Promise.all([
      publico('usar', { token: tk }, '198.51.100.23'),
      publico('usar', { token: tk }, '198.51.100.23'),
    ]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expect(await usados(c.id)).toHaveLength(1);
    expect((await avisosDe(doctor.id, c.id)).filter((m) => m.includes('confirmó'))).toHaveLength(1);
  });
});

describe('cancelling: the policy applies, the slot frees', () => {
  it('a paid deposit with less than 24 h: the page says it is retained; cancelled, retained, the doctor told', async () => {
    // Monday 16:00: nine hours ahead.
    const c = await reservar({ fecha: '2026-11-23', hora: '16:00', procId: conAnticipo, doctorId: otroDoctor.id });
    expect(
      (await pedir('POST', pagosPaths.registrar, asistente, { cita_id: c.id, metodo: 'efectivo' })).statusCode,
    ).toBe(201);
    const tk = token(c, 'cancelar');
    const ver = await publico('ver', { token: tk }, '198.51.100.30');
    expect(ver.statusCode, ver.body).toBe(200);
    expect(ver.json()).toMatchObject({
      accion: 'cancelar',
      cita: { inicio: c.inicio, estado: 'pendiente', procedimiento: 'Hidrafacial', tipo: 'procedimiento' },
      politica: { cancelacion_horas_aviso: 24 },
      anticipo: { monto: 60_000, pagado: true, al_cancelar: 'retenido' },
    });
    expect(ver.json().politica.texto).toContain('con al menos 24 horas de anticipación');
    expect(ver.headers['cache-control']).toBe('no-store');
    // Looking changes nothing.
    expect((await fila(c.id)).estado).toBe('pendiente');

    const r = await publico('usar', { token: tk }, '198.51.100.30');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      accion: 'cancelar',
      estado: 'cancelada',
      cambio: true,
      mensaje: M.cancelada_ok + M.retenido(formatoPesos(60_000)),
    });
    expect(await fila(c.id)).toMatchObject({
      estado: 'cancelada',
      causa_cancelacion: 'paciente',
      anticipo_destino: 'retenido',
      motivo_cancelacion: 'La paciente la canceló desde el recordatorio por el correo.',
    });
    expect((await avisosDe(otroDoctor.id, c.id)).some((m) => m.includes('fue cancelada'))).toBe(true);
    const [audit] = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'cita.cancelar'), eq(auditoria.recurso_id, String(c.id))));
    expect(audit).toMatchObject({ usuario_id: paciente.id, ip: '198.51.100.30' });
    // The slot is free: another patient books it.
    await reservar({
      fecha: '2026-11-23',
      hora: '16:00',
      procId: conAnticipo,
      doctorId: otroDoctor.id,
      pacienteId: otraPaciente.id,
    });
    // Used: the same link again is 410.
    const otra = await publico('usar', { token: tk }, '198.51.100.30');
    expect(otra.statusCode).toBe(410);
    expect(otra.json()).toEqual({ error: M.usado, code: 'ENLACE_USADO' });
  });

  it('a paid deposit with enough notice: she must choose; the choice is kept', async () => {
    const c = await reservar({ fecha: '2026-11-30', hora: '09:00', procId: conAnticipo });
    expect(
      (await pedir('POST', pagosPaths.registrar, asistente, { cita_id: c.id, metodo: 'efectivo' })).statusCode,
    ).toBe(201);
    const tk = token(c, 'cancelar');
    expect((await publico('ver', { token: tk }, '198.51.100.31')).json().anticipo).toEqual({
      monto: 60_000,
      pagado: true,
      al_cancelar: 'elegir',
    });
    const sin = await publico('usar', { token: tk }, '198.51.100.31');
    expect(sin.statusCode).toBe(422);
    expect(sin.json().error).toBe(MC.eligeDestinoAnticipo);
    expect(await usados(c.id)).toEqual([]);
    const con = await publico('usar', { token: tk, anticipo: 'saldo_a_favor' }, '198.51.100.31');
    expect(con.statusCode, con.body).toBe(200);
    expect(con.json().mensaje).toBe(M.cancelada_ok + M.saldo(formatoPesos(60_000)));
    expect(await fila(c.id)).toMatchObject({ estado: 'cancelada', anticipo_destino: 'saldo_a_favor' });
  });

  it('an unpaid deposit: the page says it is simply not owed; cancelled', async () => {
    const c = await reservar({ fecha: '2026-11-30', hora: '10:00', procId: conAnticipo });
    const tk = token(c, 'cancelar');
    expect((await publico('ver', { token: tk }, '198.51.100.32')).json().anticipo).toEqual({
      monto: 60_000,
      pagado: false,
      al_cancelar: 'sin_pagar',
    });
    const r = await publico('usar', { token: tk }, '198.51.100.32');
    expect(r.json()).toMatchObject({ estado: 'cancelada', mensaje: M.cancelada_ok });
  });
});

describe('public routes: anonymous and every role alike (the link is the credential)', () => {
  it('ver with a good link: 200 for everyone, the same body; usar with a bad body: 400 for everyone', async () => {
    const c = await reservar({ fecha: '2026-12-01', hora: '09:00' });
    const tk = token(c, 'confirmar');
    const cuerpos = new Set<string>();
    for (const quien of [undefined, paciente, otraPaciente, asistente, doctor, admin]) {
      const sesion = quien ? bearer((await sesionPara(t.database, quien, reloj.now())).token) : {};
      const ver = await publico('ver', { token: tk }, '198.51.100.40', sesion);
      expect(ver.statusCode, ver.body).toBe(200);
      cuerpos.add(ver.body);
      const usar = await publico('usar', { token: '' }, '198.51.100.40', sesion);
      expect(usar.statusCode).toBe(400);
      expect(usar.json()).toMatchObject({ error: expect.any(String), code: 'VALIDACION' });
    }
    expect(cuerpos.size).toBe(1);
    // No personal data of the patient in the summary.
    const body = [...cuerpos][0]!;
    expect(Object.keys(JSON.parse(body).cita).sort()).toEqual([
      'doctor',
      'estado',
      'fin',
      'inicio',
      'procedimiento',
      'tipo',
    ]);
    expect(body).not.toMatch(/correo|documento|telefono|paciente/);
  });
});

describe('the reminder e-mail (24 h before)', () => {
  let cita: CitaWire;
  let enviado: { texto: string; html?: string | undefined };
  const enlaces = () => ({
    confirmar: new RegExp(`https?://\\S+${PAGINA_ENLACE_CITA}#token=(e1\\.${cita.id}\\.confirmar\\.[^\\s"<]+)`).exec(
      enviado.texto,
    )?.[1],
    cancelar: new RegExp(`https?://\\S+${PAGINA_ENLACE_CITA}#token=(e1\\.${cita.id}\\.cancelar\\.[^\\s"<]+)`).exec(
      enviado.texto,
    )?.[1],
  });

  beforeAll(async () => {
    // Thursday 3 December, 09:00; its reminder is due Wednesday 09:00.
    cita = await reservar({ fecha: '2026-12-03', hora: '09:00' });
    reloj.avanzar(new Date('2026-12-02T14:00:30Z').getTime() - reloj.now().getTime());
    await despachar();
    const e = correo.enviados.find((m) => m.texto.includes(`e1.${cita.id}.confirmar.`));
    expect(e, 'the reminder e-mail').toBeTruthy();
    enviado = e!;
  });

  it('carries both links (text and HTML) and states the policy; the outbox and the admin view hold only placeholders', async () => {
    const { confirmar, cancelar } = enlaces();
    expect(confirmar).toBeTruthy();
    expect(cancelar).toBeTruthy();
    expect(enviado.texto).toContain('Confirmar mi cita:');
    expect(enviado.texto).toContain('Cancelar mi cita:');
    expect(enviado.texto).toContain('Cada enlace sirve una sola vez y hasta la hora de la cita.');
    expect(enviado.html).toContain(`#token=${confirmar}`);
    expect(enviado.html).toContain(`#token=${cancelar}`);
    expect('enlacesCita' in enviado).toBe(false);

    const enBandeja = (await correosEnBandeja('Recordatorio')).find(
      (c) => (c as { enlacesCita?: { citaId: number } }).enlacesCita?.citaId === cita.id,
    );
    expect(enBandeja).toBeTruthy();
    const guardado = JSON.stringify(enBandeja);
    expect(enBandeja!.texto).toContain(MARCA_ENLACE_CONFIRMAR);
    expect(enBandeja!.texto).toContain(MARCA_ENLACE_CANCELAR);
    expect(guardado).not.toContain('token=');
    expect(guardado).not.toContain(confirmar!);

    const vista = await pedir('GET', `${correosPaths.bandeja}?porPagina=100`, admin);
    expect(vista.statusCode).toBe(200);
    expect(vista.body).toContain('Recordatorio');
    expect(vista.body).not.toContain('token=');
    expect(vista.body).not.toContain(confirmar!);
    expect(vista.body).not.toContain(cancelar!);
  });

  it('confirm from the e-mail: confirmada, via correo, the doctor told, the patient e-mailed; the link is spent', async () => {
    const tk = enlaces().confirmar!;
    const ver = await publico('ver', { token: tk }, '198.51.100.50');
    expect(ver.json()).toMatchObject({ accion: 'confirmar', anticipo: null, cita: { estado: 'pendiente' } });
    const r = await publico('usar', { token: tk }, '198.51.100.50');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ accion: 'confirmar', estado: 'confirmada', cambio: true, mensaje: M.confirmada });
    expect(await fila(cita.id)).toMatchObject({
      estado: 'confirmada',
      confirmada_via: 'correo',
      confirmada_en: reloj.now(),
    });
    expect((await avisosDe(doctor.id, cita.id)).some((m) => m.includes('confirmó por el correo'))).toBe(true);
    await despachar();
    expect(
      correo.enviados.some(
        (m) => m.asunto.includes('está confirmada') && m.texto.includes('Recibimos tu confirmación'),
      ),
    ).toBe(true);
    for (const ruta of ['ver', 'usar'] as const) {
      const otra = await publico(ruta, { token: tk }, '198.51.100.50');
      expect(otra.statusCode).toBe(410);
      expect(otra.json().code).toBe('ENLACE_USADO');
    }
  });

  it('cancel from the same e-mail afterwards: cancelada (causa paciente), inside the 24 h the app itself refuses', async () => {
    // The app's own Cancelar refuses a patient inside 24 h...
    const app = await pedir('PATCH', citasPaths.cancelar(cita.id), paciente, { motivo: 'No puedo ir' });
    expect(app.statusCode).toBe(422);
    expect(app.json().error).toBe(MC.tarde);
    // ...the reminder's link is for exactly that day.
    const r = await publico('usar', { token: enlaces().cancelar! }, '198.51.100.51');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ estado: 'cancelada', cambio: true });
    expect(await fila(cita.id)).toMatchObject({ estado: 'cancelada', causa_cancelacion: 'paciente' });
  });

  it('expired: at the start the links die (410), with no change', async () => {
    const c = await reservar({ fecha: '2026-12-03', hora: '10:00' });
    const tk = token(c, 'cancelar');
    reloj.avanzar(new Date(c.inicio).getTime() - reloj.now().getTime());
    for (const ruta of ['ver', 'usar'] as const) {
      const r = await publico(ruta, { token: tk }, '198.51.100.52');
      expect(r.statusCode).toBe(410);
      expect(r.json()).toEqual({ error: M.vencido, code: 'ENLACE_VENCIDO' });
    }
    expect((await fila(c.id)).estado).toBe('pendiente');
  });
});
