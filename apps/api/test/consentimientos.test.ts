// Informed consent (issue 9, items 5 and 8): who may call every route, IDOR (another patient's consent or PDF),
// the signature must really be a PNG, the PDF is built once and its hash verifies and detects a changed stored
// file, the database refuses any change to signed consents, there is no delete route, revocation is a new dated
// entry, and a procedure appointment needs a signed, unrevoked consent to be marked realizada.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivosPaths } from '@clinica/contracts/archivos';
import { citasPaths, type DetalleCitaWire } from '@clinica/contracts/citas';
import { consentimientosPaths as rutas, type ConsentimientoWire } from '@clinica/contracts/consentimientos';
import { evolucionesPaths } from '@clinica/contracts/evoluciones';
import { historiasPaths, type AccesoHistoriaWire } from '@clinica/contracts/historias';
import { relojEnZona, ZONA_POR_DEFECTO } from '@clinica/contracts/tiempo';
import {
  archivos,
  auditoria,
  categoriasProcedimiento,
  citas,
  consentimientos,
  procedimientos,
  revocacionesConsentimiento,
  usuarios,
} from '../src/db/schema/index.ts';
import { seedCitas } from '../src/seed/citas.ts';
import { seedConsentimientos } from '../src/seed/consentimientos.ts';
import { seedEvoluciones } from '../src/seed/evoluciones.ts';
import { seedUsuarios } from '../src/seed/usuarios.ts';
import { createConsentimientosRepository } from '../src/features/consentimientos/consentimientos.repository.ts';
import { firmaPng } from '../src/seed/firma-png.ts';
import { M_CONSENTIMIENTO_SIN_FIRMAR } from '../src/features/citas/reglas.ts';
import { MENSAJES_CONSENTIMIENTO as M } from '../src/features/consentimientos/consentimientos.service.ts';
import {
  M_FIRMA_GRANDE,
  M_FIRMA_INVALIDA,
  MAX_ALTO_FIRMA,
  MAX_ANCHO_FIRMA,
  MAX_BYTES_FIRMA,
} from '../src/features/consentimientos/firma-png.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { conSemilla } from '../src/seed/semilla.ts';
import { createTestApp, createTestDatabase, testConfig, type TestContext } from './helpers.ts';
import type { UsuarioDePrueba } from './auth-helpers.ts';
import {
  crearPersonas,
  firmaConsentimiento,
  haceHoras,
  insertarCita,
  matrizDeAutorizacion,
  pedidor,
  porQuien,
  TEXTO_CONSENTIMIENTO,
  type CasoAutorizacion,
  type Personas,
} from './clinica-fixtures.ts';
import { textoDelPdf } from './pdf-texto.ts';
import { directorioTemporal } from './temporales.ts';

let t: TestContext;
let dataDir: string;
// The clinic's people, set in beforeAll (crearPersonas).
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
let procedimientoId: number;
/** Started an hour ago: a procedure appointment of paciente with doctor, confirmed. */
let citaId: number;
/** Another patient's procedure appointment with another doctor. */
let citaOtra: number;
let citaEvaluacion: number;
let firmado: ConsentimientoWire;

const TEXTO_V1 = TEXTO_CONSENTIMIENTO;
const TEXTO_V2 = `${TEXTO_V1} Versión revisada: incluye el riesgo de reacción alérgica al producto.`;

const pedir = pedidor(() => t.app);

const nuevaCita = (
  pacienteId: number,
  doctorId: number,
  horasAtras: number,
  tipo: 'procedimiento' | 'evaluacion' = 'procedimiento',
) =>
  insertarCita(t.database, {
    pacienteId,
    doctorId,
    inicio: haceHoras(horasAtras),
    tipo,
    procedimientoId: tipo === 'procedimiento' ? procedimientoId : null,
  });

const firma = (extra: object = {}) => firmaConsentimiento(true, 3, extra);

beforeAll(async () => {
  dataDir = directorioTemporal('clinica-consentimientos');
  t = await createTestApp({ config: { dataDir } });
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database));
  const cat = await crearCategoria(t.app, admin.headers);
  procedimientoId = (await crearProcedimiento(t.app, admin.headers, cat.id)).id;
  citaId = await nuevaCita(paciente.id, doctor.id, 1);
  citaOtra = await nuevaCita(otraPaciente.id, otroDoctor.id, 3);
  citaEvaluacion = await nuevaCita(paciente.id, doctor.id, 30, 'evaluacion');
});
afterAll(() => t.close());

describe('authorization matrix: every route x anonymous and the four roles', () => {
  const casos: CasoAutorizacion[] = [
    { method: 'GET', url: rutas.plantillas(999_999), esperado: porQuien(401, 403, 404, 404, 404) },
    {
      method: 'POST',
      url: rutas.plantillas(999_999),
      payload: { texto: TEXTO_V1 },
      esperado: porQuien(401, 403, 404, 404, 404),
    },
    { method: 'GET', url: rutas.porCita(999_999), esperado: porQuien(401, 404, 404, 404, 403) },
    { method: 'POST', url: rutas.firmar(999_999), payload: firma(), esperado: porQuien(401, 404, 404, 404, 403) },
    { method: 'GET', url: rutas.verificar(999_999), esperado: porQuien(401, 404, 404, 404, 403) },
    { method: 'POST', url: rutas.revocar(999_999), payload: {}, esperado: porQuien(401, 404, 403, 403, 403) },
  ];
  matrizDeAutorizacion(casos, pedir, () => ({ paciente, asistente, doctor, administrador: admin }));
});

describe('templates per procedure', () => {
  it('staff add versions; a new version is a new row and the list is newest first', async () => {
    const sinTexto = await pedir('POST', rutas.plantillas(procedimientoId), asistente, { texto: 'corto' });
    expect(sinTexto.statusCode).toBe(400);
    const v1 = await pedir('POST', rutas.plantillas(procedimientoId), asistente, { texto: TEXTO_V1 });
    expect(v1.statusCode, v1.body).toBe(201);
    expect(v1.json()).toMatchObject({ procedimiento_id: procedimientoId, version: 1, texto: TEXTO_V1 });
    const lista = await pedir('GET', rutas.plantillas(procedimientoId), doctor);
    expect(lista.json()).toHaveLength(1);
  });
});

describe('the appointment consent', () => {
  it('shows the current text to the patient, the doctor of the appointment and assistants', async () => {
    for (const quien of [paciente, doctor, asistente]) {
      const res = await pedir('GET', rutas.porCita(citaId), quien);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        cita_id: citaId,
        requiere: true,
        procedimiento: { id: procedimientoId },
        plantilla: { version: 1, texto: TEXTO_V1 },
        consentimientos: [],
      });
    }
    const evaluacion = await pedir('GET', rutas.porCita(citaEvaluacion), paciente);
    expect(evaluacion.json()).toMatchObject({ requiere: false, plantilla: null });
  });

  it('IDOR: another patient, another doctor: 404', async () => {
    expect((await pedir('GET', rutas.porCita(citaOtra), paciente)).statusCode).toBe(404);
    expect((await pedir('GET', rutas.porCita(citaId), otroDoctor)).statusCode).toBe(404);
    expect((await pedir('POST', rutas.firmar(citaOtra), paciente, firma())).statusCode).toBe(404);
  });

  it('the signature must really be a PNG, of bounded size; understanding must be ticked', async () => {
    const falsos = [
      `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`,
      `data:image/png;base64,${Buffer.from('%PDF-1.7 not an image at all, but long enough').toString('base64')}`,
      // A PNG header with a broken body.
      `data:image/png;base64,${Buffer.concat([firmaPng().subarray(0, 40), Buffer.alloc(60, 7)]).toString('base64')}`,
      'data:image/png;base64,@@@@',
    ];
    for (const f of falsos) {
      const res = await pedir('POST', rutas.firmar(citaId), paciente, firma({ firma: f }));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toBe(M_FIRMA_INVALIDA);
    }
    const jpeg = await pedir('POST', rutas.firmar(citaId), paciente, firma({ firma: 'data:image/jpeg;base64,/9j/' }));
    expect(jpeg.statusCode).toBe(400);
    const enorme = await pedir(
      'POST',
      rutas.firmar(citaId),
      paciente,
      firma({ firma: `data:image/png;base64,${'A'.repeat(500_000)}` }),
    );
    expect(enorme.statusCode).toBe(413);
    const grande = await pedir(
      'POST',
      rutas.firmar(citaId),
      paciente,
      firma({ firma: `data:image/png;base64,${'A'.repeat(240_001)}` }),
    );
    expect(grande.statusCode).toBe(400);
    const sinEntender = await pedir('POST', rutas.firmar(citaId), paciente, firma({ entiende: false }));
    expect(sinEntender.statusCode).toBe(400);
    const viejaVersion = await pedir('POST', rutas.firmar(citaId), paciente, firma({ plantilla_version: 7 }));
    expect(viejaVersion.statusCode).toBe(409);
    expect(viejaVersion.json().error).toBe(M.versionCambio);
    const evaluacion = await pedir('POST', rutas.firmar(citaEvaluacion), paciente, firma());
    expect(evaluacion.statusCode).toBe(409);
    expect(evaluacion.json().error).toBe(M.noRequiere);
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(consentimientos)) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it('a signature larger than a pad draws is refused from its header, before decoding; nothing is stored', async () => {
    // Issue 21, item 2: a few KB that declare 4000x4000 took seconds to decode on the event loop.
    const bomba = firmaPng(2, 4000, 4000);
    expect(bomba.length).toBeLessThan(MAX_BYTES_FIRMA);
    const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
    const antes = await t.database.db.select({ id: archivos.id }).from(archivos);
    for (const png of [bomba, firmaPng(2, MAX_ANCHO_FIRMA + 1, 80), firmaPng(2, 240, MAX_ALTO_FIRMA + 1)]) {
      const res = await pedir('POST', rutas.firmar(citaId), paciente, firma({ firma: dataUrl(png) }));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ code: 'ARCHIVO_DEMASIADO_GRANDE', error: M_FIRMA_GRANDE });
    }
    expect(await t.database.db.select({ id: archivos.id }).from(archivos)).toEqual(antes);
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(consentimientos)) as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it('the patient signs: exact text, version, time, IP, device and a PDF with the signature, built once', async () => {
    const res = await pedir('POST', rutas.firmar(citaId), paciente, firma(), {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    });
    expect(res.statusCode, res.body).toBe(201);
    firmado = res.json();
    expect(firmado).toMatchObject({
      cita_id: citaId,
      estado: 'firmado',
      plantilla_version: 1,
      texto: TEXTO_V1,
      acepta_fotos: true,
      pdf: { archivo_id: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      revocado_en: null,
    });
    const [fila] = await t.database.db.select().from(consentimientos).where(eq(consentimientos.id, firmado.id));
    expect(fila).toMatchObject({
      paciente_id: paciente.id,
      registrado_por: paciente.id,
      dispositivo: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
      ip: expect.any(String),
      texto: TEXTO_V1,
    });
    const [png] = await t.database.db.select().from(archivos).where(eq(archivos.id, fila!.firma_archivo_id));
    expect(png).toMatchObject({ categoria: 'firma', tipo_contenido: 'image/png', propietario_id: paciente.id });

    const pdf = await pedir('GET', archivosPaths.descargar(firmado.pdf!.archivo_id), paciente);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getTitle()).toContain('Consentimiento informado');
    expect(pdf.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    // The same PDF every time: nothing rebuilds it on download.
    const otra = await pedir('GET', archivosPaths.descargar(firmado.pdf!.archivo_id), paciente);
    expect(otra.rawPayload.equals(pdf.rawPayload)).toBe(true);
    // IDOR: another patient gets the same 404 as for a missing file.
    expect((await pedir('GET', archivosPaths.descargar(firmado.pdf!.archivo_id), otraPaciente)).statusCode).toBe(404);

    const again = await pedir('POST', rutas.firmar(citaId), asistente, firma());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(M.yaFirmado);
  });

  it('reads: the doctor sees the content (audited), the assistant the status only, others 404', async () => {
    const deDoctor = (await pedir('GET', rutas.porCita(citaId), doctor)).json();
    expect(deDoctor.consentimientos[0]).toMatchObject({ id: firmado.id, texto: TEXTO_V1, pdf: firmado.pdf });
    const deAsistente = (await pedir('GET', rutas.porCita(citaId), asistente)).json();
    expect(deAsistente.consentimientos[0]).toMatchObject({ id: firmado.id, estado: 'firmado', texto: null, pdf: null });
    const leidas = await t.database.db.select().from(auditoria).where(eq(auditoria.accion, 'consentimiento.leer'));
    expect(leidas.map((a) => a.usuario_id)).toEqual(expect.arrayContaining([doctor.id, asistente.id]));
    expect((await pedir('GET', rutas.verificar(firmado.id), otraPaciente)).statusCode).toBe(404);
    expect((await pedir('GET', rutas.verificar(firmado.id), otroDoctor)).statusCode).toBe(404);
  });

  it('DOMAIN.md: only the patient and doctors download the signed PDF; the assistant and the admin get 404', async () => {
    // The assistant runs the desk but reads no clinical content ("only existence, demographics, alert flags"):
    // the signed consent is part of the record, so the patient downloads it from their account or the doctor prints it.
    const url = archivosPaths.descargar(firmado.pdf!.archivo_id);
    expect((await pedir('GET', url, doctor)).statusCode).toBe(200);
    for (const quien of [asistente, admin]) {
      const res = await pedir('GET', url, quien);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toContain('application/pdf');
      expect(res.body).not.toContain('%PDF');
    }
    const negadas = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'archivo.leer'), eq(auditoria.resultado, 'denegado')));
    expect(negadas.map((a) => a.usuario_id)).toEqual(expect.arrayContaining([asistente.id, admin.id]));
    // Nor does the assistant's view of the appointment's consent name the file.
    const vista = (await pedir('GET', rutas.porCita(citaId), asistente)).json();
    expect(vista.consentimientos[0].pdf).toBeNull();
    expect(JSON.stringify(vista)).not.toContain(String(firmado.pdf!.sha256));
  });

  it('a new template version does not change a signed consent', async () => {
    const v2 = await pedir('POST', rutas.plantillas(procedimientoId), doctor, { texto: TEXTO_V2 });
    expect(v2.json().version).toBe(2);
    const res = (await pedir('GET', rutas.porCita(citaId), paciente)).json();
    expect(res.plantilla.version).toBe(2);
    expect(res.consentimientos[0]).toMatchObject({ plantilla_version: 1, texto: TEXTO_V1 });
  });

  it('verification recomputes the hash and detects a changed stored file', async () => {
    const ok = await pedir('GET', rutas.verificar(firmado.id), paciente);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      consentimiento_id: firmado.id,
      sha256_registrado: firmado.pdf!.sha256,
      sha256_actual: firmado.pdf!.sha256,
      integro: true,
    });
    expect((await pedir('GET', rutas.verificar(firmado.id), asistente)).json().integro).toBe(true);
    const [fila] = await t.database.db.select().from(archivos).where(eq(archivos.id, firmado.pdf!.archivo_id));
    const ruta = path.join(dataDir, 'privado', fila!.clave);
    expect(await readdir(path.dirname(ruta))).toContain(path.basename(ruta));
    await writeFile(ruta, Buffer.from('%PDF-1.7 alterado'));
    const mal = (await pedir('GET', rutas.verificar(firmado.id), doctor)).json();
    expect(mal.integro).toBe(false);
    expect(mal.sha256_actual).not.toBe(firmado.pdf!.sha256);
  });

  it('issue 21.6: the patient sees who read her consents and who verified one; her own reads never', async () => {
    const res = await pedir('GET', historiasPaths.accesos(paciente.id), paciente);
    expect(res.statusCode, res.body).toBe(200);
    const accesos = res.json() as AccesoHistoriaWire[];
    const nombres = new Map(
      (await t.database.db.select({ id: usuarios.id, nombre: usuarios.nombre }).from(usuarios)).map((u) => [
        u.id,
        u.nombre,
      ]),
    );
    const de = (u: UsuarioDePrueba, que: AccesoHistoriaWire['que']) => ({
      quien: { nombre: nombres.get(u.id)!, rol: u.rol },
      que,
      cuando: expect.any(String),
    });
    // The doctor read the content and verified it; the assistant read the status and verified it.
    for (const quien of [doctor, asistente]) {
      expect(accesos).toContainEqual(de(quien, 'consentimiento'));
      expect(accesos).toContainEqual(de(quien, 'verificacion'));
    }
    expect(accesos.some((a) => a.quien.nombre === nombres.get(paciente.id))).toBe(false);
    // The other patient's list shows none of them.
    const deOtra = (await pedir('GET', historiasPaths.accesos(otraPaciente.id), otraPaciente)).json();
    expect(deOtra).toEqual([]);
  });

  it('the database refuses any change or deletion of a signed consent, a template or a revocation', async () => {
    await expect(
      t.database.db.update(consentimientos).set({ acepta_fotos: false }).where(eq(consentimientos.id, firmado.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(consentimientos).where(eq(consentimientos.id, firmado.id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`update plantillas_consentimiento set texto = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from plantillas_consentimiento`)).rejects.toThrow();
  });

  it('no route deletes or edits a consent', async () => {
    for (const url of [`/apiconsentimientos/${firmado.id}`, rutas.porCita(citaId)]) {
      for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
        expect((await pedir(method, url, admin)).statusCode).toBe(404);
      }
    }
  });
});

describe('realizada and revocation', () => {
  it('a procedure appointment needs a signed, unrevoked consent to be realizada', async () => {
    // A signed note on the other patient's appointment, but no consent.
    const nota = await pedir('POST', evolucionesPaths.porCita(citaOtra), otroDoctor, { motivo: 'Peeling' });
    expect((await pedir('POST', evolucionesPaths.firmar(nota.json().id), otroDoctor)).statusCode).toBe(200);
    const sin = await pedir('PATCH', citasPaths.editarEstado(citaOtra), otroDoctor, { estado: 'realizada' });
    expect(sin.statusCode).toBe(409);
    expect(sin.json().error).toBe(M_CONSENTIMIENTO_SIN_FIRMAR);
    // At the desk: the assistant's session, the patient signing.
    const enRecepcion = await pedir('POST', rutas.firmar(citaOtra), asistente, firma({ plantilla_version: 2 }));
    expect(enRecepcion.statusCode, enRecepcion.body).toBe(201);
    expect(enRecepcion.json()).toMatchObject({ texto: null, pdf: null, estado: 'firmado' });
    const [fila] = await t.database.db
      .select()
      .from(consentimientos)
      .where(eq(consentimientos.id, enRecepcion.json().id));
    expect(fila).toMatchObject({ paciente_id: otraPaciente.id, registrado_por: asistente.id, texto: TEXTO_V2 });

    // The patient revokes it: a dated entry; the consent stays, and realizada is refused again.
    expect((await pedir('POST', rutas.revocar(fila!.id), paciente, {})).statusCode).toBe(404);
    const revocado = await pedir('POST', rutas.revocar(fila!.id), otraPaciente, { motivo: 'Lo pensé mejor' });
    expect(revocado.statusCode, revocado.body).toBe(200);
    expect(revocado.json()).toMatchObject({ estado: 'revocado', motivo_revocacion: 'Lo pensé mejor' });
    expect(revocado.json().revocado_en).toEqual(expect.any(String));
    expect((await pedir('POST', rutas.revocar(fila!.id), otraPaciente, {})).statusCode).toBe(409);
    await expect(t.database.db.execute(sql`update revocaciones_consentimiento set motivo = ''`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from revocaciones_consentimiento`)).rejects.toThrow();
    const revocada = await pedir('PATCH', citasPaths.editarEstado(citaOtra), otroDoctor, { estado: 'realizada' });
    expect(revocada.statusCode).toBe(409);

    // Signing again after a revocation is a new consent.
    const nueva = await pedir('POST', rutas.firmar(citaOtra), otraPaciente, firma({ plantilla_version: 2 }));
    expect(nueva.statusCode, nueva.body).toBe(201);
    const ok = await pedir('PATCH', citasPaths.editarEstado(citaOtra), otroDoctor, { estado: 'realizada' });
    expect(ok.statusCode, ok.body).toBe(200);
    const lista = (await pedir('GET', rutas.porCita(citaOtra), otraPaciente)).json();
    expect(lista.consentimientos.map((c: ConsentimientoWire) => c.estado)).toEqual(['firmado', 'revocado']);
  });
});

describe('issue 27.9: the doctor hands her tablet to the patient', () => {
  it("the patient signs in the doctor's session: the row and the PDF say who presented it; only her own appointments", async () => {
    // Started today in Bogotá (the tablet is for the appointment's day), even just after midnight there.
    const { hora, minuto } = relojEnZona(new Date(), ZONA_POR_DEFECTO);
    const cita = await nuevaCita(paciente.id, doctor.id, Math.min(0.5, (hora + minuto / 60) / 2));
    const falta = async () =>
      ((await pedir('GET', citasPaths.buscar(cita), doctor)).json() as DetalleCitaWire).realizada!.faltan.map(
        (f) => f.requisito,
      );
    expect(await falta()).toEqual(['nota', 'consentimiento']);
    // Another doctor cannot present it, nor sign anyone's through her own session.
    const ajeno = await pedir('POST', rutas.firmar(cita), otroDoctor, firma({ plantilla_version: 2 }));
    expect(ajeno.statusCode).toBe(404);
    const res = await pedir('POST', rutas.firmar(cita), doctor, firma({ plantilla_version: 2 }), {
      'user-agent': 'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X)',
    });
    expect(res.statusCode, res.body).toBe(201);
    const hecho = res.json() as ConsentimientoWire;
    expect(hecho).toMatchObject({ cita_id: cita, estado: 'firmado', texto: TEXTO_V2, plantilla_version: 2 });
    const [fila] = await t.database.db.select().from(consentimientos).where(eq(consentimientos.id, hecho.id));
    expect(fila).toMatchObject({
      paciente_id: paciente.id,
      registrado_por: doctor.id,
      dispositivo: 'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X)',
    });
    const [png] = await t.database.db.select().from(archivos).where(eq(archivos.id, fila!.firma_archivo_id));
    expect(png).toMatchObject({ categoria: 'firma', propietario_id: paciente.id, creado_por: doctor.id });
    const firmados = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'consentimiento.firmar'), eq(auditoria.recurso_id, String(hecho.id))));
    expect(firmados.map((a) => a.usuario_id)).toEqual([doctor.id]);
    const [{ nombre }] = (await t.database.db
      .select({ nombre: usuarios.nombre })
      .from(usuarios)
      .where(eq(usuarios.id, doctor.id))) as [{ nombre: string }];
    const pdf = await pedir('GET', archivosPaths.descargar(hecho.pdf!.archivo_id), doctor);
    expect(await textoDelPdf(pdf.rawPayload)).toContain(
      `Presentado para la firma por ${nombre}, doctor de la cita, en su sesión.`,
    );
    // Realizada now needs only the signed note; the same rules as ever refuse a second consent.
    expect(await falta()).toEqual(['nota']);
    const otra = await pedir('POST', rutas.firmar(cita), doctor, firma({ plantilla_version: 2 }));
    expect(otra.statusCode).toBe(409);
    expect(otra.json().error).toBe(M.yaFirmado);
  });

  it('only on the day of the appointment, while it is open: a doctor cannot sign a past or a later one in her session', async () => {
    const firmasAntes = await t.database.db.select({ id: archivos.id }).from(archivos);
    // Yesterday's appointment left confirmed, next week's, and today's cancelled: the patient is not at the tablet.
    const ayer = await nuevaCita(paciente.id, doctor.id, 26);
    const semana = await nuevaCita(paciente.id, doctor.id, -24 * 7);
    for (const cita of [ayer, semana]) {
      const res = await pedir('POST', rutas.firmar(cita), doctor, firma({ plantilla_version: 2 }));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toBe(M.tabletaOtroDia);
    }
    const cancelada = await nuevaCita(paciente.id, doctor.id, -1.5);
    await t.database.db.update(citas).set({ estado: 'cancelada' }).where(eq(citas.id, cancelada));
    const res = await pedir('POST', rutas.firmar(cancelada), doctor, firma({ plantilla_version: 2 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(M.citaCerrada);
    // Nothing stored: no consent row, no signature or PDF file.
    const filas = await t.database.db
      .select()
      .from(consentimientos)
      .where(sql`${consentimientos.cita_id} in (${ayer}, ${semana}, ${cancelada})`);
    expect(filas).toEqual([]);
    expect(await t.database.db.select({ id: archivos.id }).from(archivos)).toHaveLength(firmasAntes.length);
    // The patient herself still signs next week's ahead, on her phone.
    const propia = await pedir('POST', rutas.firmar(semana), paciente, firma({ plantilla_version: 2 }));
    expect(propia.statusCode, propia.body).toBe(201);
  });
});

describe('demo data', () => {
  it('every past procedure appointment done has a signed consent whose PDF verifies; idempotent', async () => {
    const database = await createTestDatabase();
    try {
      const dir = directorioTemporal('clinica-semilla-consentimientos');
      await seedUsuarios(database.db);
      const [cat] = await database.db
        .insert(categoriasProcedimiento)
        .values({ nombre: 'Facial' })
        .returning({ id: categoriasProcedimiento.id });
      await database.db.insert(procedimientos).values({
        categoria_id: cat!.id,
        nombre: 'Peeling químico superficial',
        precio: 180_000,
        duracion_minutos: 60,
      });
      await seedCitas(database.db, { ahora: new Date('2026-11-23T15:00:00Z') });
      const config = testConfig({
        dataDir: dir,
        clinicaTz: 'America/Bogota',
        clinicaNombre: 'Clínica Aurora Estética',
      });
      await conSemilla(database, config, async (s) => {
        await seedEvoluciones(s);
        await seedConsentimientos(s);
      });
      const hechas = await database.db
        .select({ id: citas.id })
        .from(citas)
        .where(sql`${citas.estado} = 'realizada' and ${citas.tipo} = 'procedimiento'`);
      expect(hechas.length).toBeGreaterThan(0);
      const repo = createConsentimientosRepository(database.db);
      for (const c of hechas) expect(await repo.tieneVigente(c.id)).toBe(true);
      const filas = await database.db.select().from(consentimientos);
      expect(filas).toHaveLength(hechas.length);
      for (const f of filas) expect(f.firmado_en.getTime()).toBeLessThan(Date.parse('2026-11-23T15:00:00Z'));
      const antes = filas.length;
      await conSemilla(database, config, seedConsentimientos);
      expect(await database.db.select().from(consentimientos)).toHaveLength(antes);
      expect(await database.db.select().from(revocacionesConsentimiento)).toHaveLength(0);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
