// «¿Quién recibió este lote?» and the notices to them (issue 24, items 3 and 6; docs/trazabilidad.md): who may call
// every route (anonymous and the four roles: the desk manages stock but never sees who received what), the list's
// exactness (drafts left out, points of one note summed, two notes of a patient apart), and a notice reaching every
// patient once (its rows, notifications, e-mails in the outbox, the audit) while a double click writes nothing twice
// and each patient reads only her own notices.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENSAJES_TRAZABILIDAD as M,
  trazabilidadPaths as rutas,
  type MiAvisoWire,
  type PacientesLoteWire,
} from '@clinica/contracts/trazabilidad';
import {
  alertasLote,
  alertasLotePacientes,
  auditoria,
  bandejaSalida,
  notificaciones,
  usuarios,
} from '../src/db/schema/index.ts';
import { matrizDeAutorizacion, porQuien, type CasoAutorizacion } from './clinica-fixtures.ts';
import { crearClinica } from './trazabilidad-fixtures.ts';

let c: Awaited<ReturnType<typeof crearClinica>>;
let loteId: number;
let loteSinUso: number;
const correoDe = async (id: number) =>
  (await c.t.database.db.select().from(usuarios).where(eq(usuarios.id, id)))[0]!.correo;
const TEXTO = 'El INVIMA alertó sobre este lote: si notas hinchazón o dolor, llama a la clínica.';

beforeAll(async () => {
  c = await crearClinica();
  const { lote } = await c.productoConLote('toxina_botulinica');
  loteId = lote.id;
  loteSinUso = (await c.productoConLote('acido_hialuronico', 'mL')).lote.id;
  // paciente: two notes (one with two points of the lot); otraPaciente: one note with another doctor; a draft.
  await c.notaConMapa({
    paciente: c.paciente,
    doctor: c.doctor,
    diasAtras: 30,
    puntos: [
      { loteId, cantidad: 1000 },
      { loteId, cantidad: 250 },
    ],
  });
  await c.notaConMapa({ paciente: c.paciente, doctor: c.doctor, diasAtras: 2, puntos: [{ loteId, cantidad: 400 }] });
  await c.notaConMapa({
    paciente: c.otraPaciente,
    doctor: c.otroDoctor,
    diasAtras: 10,
    puntos: [
      { loteId, cantidad: 800 },
      { loteId: loteSinUso, cantidad: 100 },
    ],
  });
  await c.notaConMapa({
    paciente: c.otraPaciente,
    doctor: c.doctor,
    diasAtras: 1,
    puntos: [{ loteId, cantidad: 500 }],
    firmar: false,
  });
});
afterAll(() => c?.t.close());

describe('authorization matrix: every route x anonymous and the four roles', () => {
  const casos: CasoAutorizacion[] = [
    { method: 'GET', url: rutas.pacientesLote(999_999), esperado: porQuien(401, 403, 403, 404, 404) },
    { method: 'GET', url: rutas.alertasLote(999_999), esperado: porQuien(401, 403, 403, 404, 404) },
    {
      method: 'POST',
      url: rutas.alertasLote(999_999),
      payload: { texto: TEXTO },
      esperado: porQuien(401, 403, 403, 404, 404),
    },
  ];
  matrizDeAutorizacion(
    casos,
    (...a) => c.pedir(...a),
    () => ({ paciente: c.paciente, asistente: c.asistente, doctor: c.doctor, administrador: c.admin }),
  );
  it('GET mis avisos: only the patient', async () => {
    const esperado = porQuien(401, 200, 403, 403, 403);
    const quienes = {
      anonimo: undefined,
      paciente: c.paciente,
      asistente: c.asistente,
      doctor: c.doctor,
      administrador: c.admin,
    };
    for (const [quien, u] of Object.entries(quienes)) {
      const res = await c.pedir('GET', rutas.misAvisos, u);
      expect(res.statusCode, quien).toBe(esperado[quien as keyof typeof esperado]);
    }
  });
});

describe('¿Quién recibió este lote?', () => {
  it('lists every signed note that applied the lot: drafts out, points of a note summed, two notes apart', async () => {
    for (const quien of [c.doctor, c.admin, c.otroDoctor]) {
      const res = await c.pedir('GET', rutas.pacientesLote(loteId), quien);
      expect(res.statusCode, res.body).toBe(200);
      const body: PacientesLoteWire = res.json();
      expect(body.lote).toMatchObject({ id: loteId, producto: { registro_invima: 'INVIMA 2008M-0007986-R1' } });
      expect(body.pacientes.map((p) => [p.paciente.id, p.doctor.id, p.cantidad, p.unidad])).toEqual([
        [c.paciente.id, c.doctor.id, 4, 'U'],
        [c.otraPaciente.id, c.otroDoctor.id, 8, 'U'],
        [c.paciente.id, c.doctor.id, 12.5, 'U'],
      ]);
      expect(body.pacientes[0]!.paciente).toMatchObject({
        numerodocumento: expect.any(String),
        correo: await correoDe(c.paciente.id),
      });
      expect(body.pacientes[0]!.fecha).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const vacio = await c.pedir('GET', rutas.pacientesLote(loteSinUso), c.doctor);
    expect(vacio.json().pacientes).toHaveLength(1);
  });
});

describe('notifying everyone who received the lot', () => {
  it('validates the text in Spanish and writes nothing', async () => {
    const corto = await c.pedir('POST', rutas.alertasLote(loteId), c.doctor, { texto: '  Ojo  ' });
    expect(corto.statusCode).toBe(400);
    expect(corto.json().issues[0].mensaje).toMatch(/al menos 20 caracteres/);
    const extra = await c.pedir('POST', rutas.alertasLote(loteId), c.doctor, { texto: TEXTO, lote_id: 1 });
    expect(extra.statusCode).toBe(400);
    expect(await c.t.database.db.select().from(alertasLote)).toHaveLength(0);
  });

  it('one notice, one recipient row, notification and e-mail per patient, audited; a double click is 409', async () => {
    const res = await c.pedir('POST', rutas.alertasLote(loteId), c.doctor, { texto: `  ${TEXTO}  ` });
    expect(res.statusCode, res.body).toBe(201);
    const alerta = res.json();
    expect(alerta).toMatchObject({ lote_id: loteId, texto: TEXTO, autor: { id: c.doctor.id }, pacientes: 2 });
    const db = c.t.database.db;
    const destinatarios = await db
      .select()
      .from(alertasLotePacientes)
      .where(eq(alertasLotePacientes.alerta_id, alerta.id));
    expect(destinatarios.map((d) => d.paciente_id).sort()).toEqual([c.paciente.id, c.otraPaciente.id].sort());
    for (const p of [c.paciente, c.otraPaciente]) {
      const avisos = await db
        .select()
        .from(notificaciones)
        .where(and(eq(notificaciones.usuario_id, p.id), eq(notificaciones.tipo, 'lote.alerta')));
      expect(avisos).toHaveLength(1);
      expect(avisos[0]!.mensaje).toContain(TEXTO);
      expect(avisos[0]!.ruta).toBe('/mis-avisos');
    }
    const correos = (await db.select().from(bandejaSalida).where(eq(bandejaSalida.tipo, 'correo')))
      .map((f) => f.carga as { para: string; texto: string })
      .filter((f) => f.texto.includes(TEXTO));
    expect(correos.map((x) => x.para).sort()).toEqual(
      [await correoDe(c.paciente.id), await correoDe(c.otraPaciente.id)].sort(),
    );
    const [audit] = await db.select().from(auditoria).where(eq(auditoria.accion, 'lote.alerta'));
    expect(audit).toMatchObject({
      usuario_id: c.doctor.id,
      recurso_id: String(loteId),
      detalle: expect.stringContaining('pacientes=2'),
    });

    const otra = await c.pedir('POST', rutas.alertasLote(loteId), c.admin, { texto: TEXTO });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().error).toBe(M.alertaRepetida);
    expect(await db.select().from(alertasLote)).toHaveLength(1);

    const lista = await c.pedir('GET', rutas.alertasLote(loteId), c.admin);
    expect(lista.json()).toEqual([expect.objectContaining({ id: alerta.id, pacientes: 2 })]);
  });

  it('the same text a minute later is a new notice', async () => {
    c.reloj.avanzar(61_000);
    const res = await c.pedir('POST', rutas.alertasLote(loteId), c.admin, { texto: TEXTO });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a lot nobody received in a signed note is 422', async () => {
    const { lote } = await c.productoConLote('hilos', 'unidad');
    const res = await c.pedir('POST', rutas.alertasLote(lote.id), c.doctor, { texto: TEXTO });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(M.sinPacientes);
  });

  it('each patient reads her own notices in her portal, never another’s', async () => {
    const suyos: MiAvisoWire[] = (await c.pedir('GET', rutas.misAvisos, c.paciente)).json();
    expect(suyos).toHaveLength(2);
    expect(suyos[0]).toMatchObject({ texto: TEXTO, lote: expect.any(String), producto: expect.any(String) });
    const { lote } = await c.productoConLote('toxina_botulinica');
    await c.notaConMapa({
      paciente: c.otraPaciente,
      doctor: c.doctor,
      diasAtras: 3,
      puntos: [{ loteId: lote.id, cantidad: 100 }],
    });
    const r = await c.pedir('POST', rutas.alertasLote(lote.id), c.doctor, { texto: `${TEXTO} Lote nuevo.` });
    expect(r.statusCode).toBe(201);
    expect(((await c.pedir('GET', rutas.misAvisos, c.paciente)).json() as MiAvisoWire[]).length).toBe(2);
    expect(((await c.pedir('GET', rutas.misAvisos, c.otraPaciente)).json() as MiAvisoWire[]).length).toBe(3);
  });
});
