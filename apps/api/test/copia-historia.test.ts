// The patient's copy (issue 9, item 7; Ley 2015 de 2020, Ley 1581 de 2012): the complete record as one PDF and the
// personal data as JSON, for the owner only; doctors produce the same for a patient, audited, and the patient sees
// it among "who read my record" together with the reads of their clinical notes. The front desk's summary of a
// record carries demographics and alert flags, never clinical content.
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentimientosPaths } from '@clinica/contracts/consentimientos';
import { copiaHistoriaPaths as copia, type DatosPersonalesWire } from '@clinica/contracts/copia-historia';
import { evolucionesPaths } from '@clinica/contracts/evoluciones';
import { historiasPaths, type AccesoHistoriaWire, type HistoriaWire } from '@clinica/contracts/historias';
import { auditoria, notificaciones, usuarios } from '../src/db/schema/index.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { textoDelPdf } from './pdf-texto.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { QUIENES, type Quien, type UsuarioDePrueba } from './auth-helpers.ts';
import {
  crearPersonas,
  firmaConsentimiento,
  haceHoras,
  insertarCita,
  NOTA_CLINICA,
  pedidor,
  type Personas,
} from './clinica-fixtures.ts';

let t: TestContext;
// The clinic's people, set in beforeAll (crearPersonas).
let { paciente, otraPaciente: otra, doctor, otroDoctor, asistente, admin } = {} as Personas;
let historia: HistoriaWire;
let citaPaciente: number;
let citaOtra: number;

const pedir = pedidor(() => t.app);

const LARGO = `Rosácea en mejillas y mentón; ${'reacción leve al ácido glicólico con eritema y ardor '.repeat(30)}fin.`;

const nuevaCita = (pacienteId: number, doctorId: number, horasAtras: number) =>
  insertarCita(t.database, { pacienteId, doctorId, inicio: haceHoras(horasAtras), motivo: 'Valoración de manchas' });

/** A signed note with a prescription, an exam order and an addendum, written by the appointment's doctor. */
async function notaFirmada(citaId: number, autor: UsuarioDePrueba, motivo: string) {
  const creada = await pedir('POST', evolucionesPaths.porCita(citaId), autor, { ...NOTA_CLINICA, motivo });
  expect(creada.statusCode, creada.body).toBe(201);
  const id = (creada.json() as { id: number }).id;
  expect((await pedir('POST', evolucionesPaths.firmar(id), autor)).statusCode).toBe(200);
  const adenda = await pedir('POST', evolucionesPaths.adendas(id), autor, {
    texto: `Adenda: corrijo la dosis (${motivo})`,
  });
  expect(adenda.statusCode, adenda.body).toBe(201);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ paciente, otraPaciente: otra, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database));
  const db = t.database.db;
  await db
    .update(usuarios)
    .set({
      nombre: 'Lucía Pérez Ñúñez',
      genero: 'femenino',
      estado_civil: 'union_libre',
      telefono: '3001234567',
      fecha_nacimiento: '1990-04-12',
    })
    .where(eq(usuarios.id, paciente.id));
  await db.update(usuarios).set({ nombre: 'Marta Otra Reservada' }).where(eq(usuarios.id, otra.id));
  await db.update(usuarios).set({ nombre: 'Dra. Camila Ríos' }).where(eq(usuarios.id, doctor.id));

  const res = await pedir('POST', historiasPaths.crear, paciente, {
    antecedentes: { alergias: ['Penicilina'], medicamentos: ['Levotiroxina 50 mcg'] },
    problemas_coagulacion: true,
    fototipo: 3,
  });
  expect(res.statusCode, res.body).toBe(201);
  historia = res.json();
  // A doctor's edit: version 2, version 1 kept.
  const editada = await pedir('PATCH', historiasPaths.editar(historia.id), doctor, { otras_condiciones: LARGO });
  expect(editada.statusCode, editada.body).toBe(200);
  // The other patient has a record and a note of her own that must never appear in this patient's copy.
  expect(
    (await pedir('POST', historiasPaths.crear, otra, { antecedentes: { alergias: ['ALERGIA-DE-OTRA'] } })).statusCode,
  ).toBe(201);

  citaPaciente = await nuevaCita(paciente.id, doctor.id, 24);
  citaOtra = await nuevaCita(otra.id, otroDoctor.id, 30);
  await notaFirmada(citaPaciente, doctor, 'Manchas en mejillas después de vacaciones');
  await notaFirmada(citaOtra, otroDoctor, 'MOTIVO-DE-OTRA');
  // A signed informed consent for a procedure appointment (the consent's own tests cover how it is signed).
  const cat = await crearCategoria(t.app, admin.headers);
  const proc = (await crearProcedimiento(t.app, admin.headers, cat.id)).id;
  const plantilla = await pedir('POST', consentimientosPaths.plantillas(proc), asistente, {
    texto:
      'Riesgos: enrojecimiento y descamación por 3 a 7 días. Alternativas: cremas despigmentantes. Cuidados: protector solar.',
  });
  expect(plantilla.statusCode, plantilla.body).toBe(201);
  const cp = await insertarCita(t.database, {
    pacienteId: paciente.id,
    doctorId: doctor.id,
    inicio: haceHoras(2),
    tipo: 'procedimiento',
    procedimientoId: proc,
  });
  const firmado = await pedir('POST', consentimientosPaths.firmar(cp), paciente, firmaConsentimiento(false));
  expect(firmado.statusCode, firmado.body).toBe(201);

  await db.insert(notificaciones).values([
    { usuario_id: paciente.id, tipo: 'cita', mensaje: 'Tu cita del 05/01/2026 fue confirmada', cita_id: citaPaciente },
    { usuario_id: otra.id, tipo: 'cita', mensaje: 'NOTIFICACION-DE-OTRA', cita_id: citaOtra },
  ]);
});
afterAll(() => t.close());

describe('who may download', () => {
  /** Each role's status for a GET of the url. */
  async function porRol(url: string, esperado: Record<Quien, number>) {
    const u = { paciente, asistente, doctor, administrador: admin };
    for (const quien of QUIENES) {
      const res = await pedir('GET', url, quien === 'anonimo' ? undefined : u[quien]);
      expect(res.statusCode, `${quien} ${url}: ${res.statusCode}`).toBe(esperado[quien]);
    }
  }
  it('the patient routes: the owner only (403 for anyone else, 401 anonymous)', async () => {
    for (const url of [copia.miPdf(paciente.id), copia.misDatos(paciente.id)]) {
      await porRol(url, { anonimo: 401, paciente: 200, asistente: 403, doctor: 403, administrador: 403 });
      // IDOR: another patient asking for this patient's copy.
      const ajena = await pedir('GET', url, otra);
      expect(ajena.statusCode).toBe(403);
      expect(ajena.json().error).toBe('Solo puedes descargar tu propia historia clínica.');
    }
  });

  it('the staff routes: doctors only (DOMAIN.md: administrators and assistants never read clinical content)', async () => {
    for (const url of [copia.pdfPaciente(paciente.id), copia.datosPaciente(paciente.id)]) {
      await porRol(url, { anonimo: 401, paciente: 403, asistente: 403, doctor: 200, administrador: 403 });
    }
    // Only a patient has a record to copy; an unknown id is 404.
    expect((await pedir('GET', copia.pdfPaciente(otroDoctor.id), doctor)).statusCode).toBe(404);
    expect((await pedir('GET', copia.datosPaciente(999_999), doctor)).statusCode).toBe(404);
  });
});

describe('the complete record as one PDF', () => {
  it('is a PDF download, never cached, with the patient, the record, its versions, appointments and signed notes', async () => {
    const res = await pedir('GET', copia.miPdf(paciente.id), paciente);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="historia-clinica-lucia-perez-nunez-/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getTitle()).toBe('Historia clínica completa - Lucía Pérez Ñúñez');
    const paginas = doc.getPageCount();
    expect(paginas).toBeGreaterThanOrEqual(2);

    const texto = await textoDelPdf(res.rawPayload);
    for (const esperado of [
      'Lucía Pérez Ñúñez',
      'Copia de la historia clínica de Lucía Pérez Ñúñez',
      'Penicilina',
      'Problemas de coagulación: ',
      'Versión 1, reemplazada el',
      'por Lucía Pérez Ñúñez · actualizada el',
      'Otras condiciones: ',
      'Evaluación · Confirmada',
      'Manchas en mejillas después de vacaciones',
      'Hidroquinona 4 % crema',
      'TSH: En ayunas',
      'Adenda: corrijo la dosis',
      'Consentimientos informados',
      'Riesgos: enrojecimiento y descamación',
      `página ${paginas} de ${paginas}`,
    ])
      expect(texto, esperado).toContain(esperado);
    // The long text is wrapped over several lines, nothing lost (the last word is there).
    expect(texto).toMatch(/fin\./);
    for (const ajeno of ['Marta Otra Reservada', 'ALERGIA-DE-OTRA', 'MOTIVO-DE-OTRA'])
      expect(texto).not.toContain(ajeno);
  });

  it("a doctor's copy says on every page who produced it", async () => {
    const res = await pedir('GET', copia.pdfPaciente(paciente.id), doctor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(await textoDelPdf(res.rawPayload)).toContain('Generada por Dra. Camila Ríos para Lucía Pérez Ñúñez.');
  });

  it('prints the labels the screens show, never the stored codes (issue 27.12)', async () => {
    const texto = await textoDelPdf((await pedir('GET', copia.miPdf(paciente.id), paciente)).rawPayload);
    const lineas = texto.split('\n');
    const tras = (rotulo: string) => lineas[lineas.indexOf(rotulo) + 1];
    expect(tras('Género: ')).toBe('Femenino');
    expect(tras('Estado civil: ')).toBe('Unión libre');
    expect(tras('Documento: ')).toMatch(/^Cédula de ciudadanía \d+$/);
    expect(texto).not.toMatch(/\bfemenino\b|union_libre/);
    expect(lineas).toContain('Fecha de registro: ');
  });
});

describe('the personal data as JSON', () => {
  it('has every section, only this patient, and no password hash', async () => {
    const res = await pedir('GET', copia.misDatos(paciente.id), paciente);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="historia-clinica-.*\.json"/);
    const d = res.json() as DatosPersonalesWire;
    expect(Object.keys(d).sort()).toEqual(
      [
        'formato',
        'clinica',
        'generado_en',
        'perfil',
        'historia',
        'versiones',
        'citas',
        'evoluciones',
        'productos_aplicados',
        'consentimientos',
        'notificaciones',
        'archivos',
        'accesos',
      ].sort(),
    );
    expect(d.perfil).toMatchObject({ id: paciente.id, nombre: 'Lucía Pérez Ñúñez', fecha_nacimiento: '1990-04-12' });
    expect(d.perfil).not.toHaveProperty('contrasena_hash');
    expect(d.historia).toMatchObject({
      id: historia.id,
      version: 2,
      otras_condiciones: LARGO,
      // Issue 21.9: who wrote the first version (the patient's intake here).
      creada_por: { id: paciente.id, nombre: 'Lucía Pérez Ñúñez' },
    });
    expect(d.versiones).toEqual([
      expect.objectContaining({
        version: 1,
        campos: ['otras_condiciones'],
        datos: expect.objectContaining({ fototipo: 3 }),
      }),
    ]);
    // Her evaluation and her procedure appointment (the consent's), oldest first; never the other patient's.
    expect(d.citas).toHaveLength(2);
    expect(d.citas[0]!.id).toBe(citaPaciente);
    expect(d.citas.map((c) => c.id)).not.toContain(citaOtra);
    expect(d.citas[0]).toMatchObject({ estado: 'confirmada', doctor: { id: doctor.id, nombre: 'Dra. Camila Ríos' } });
    expect(d.evoluciones).toHaveLength(1);
    expect(d.evoluciones[0]).toMatchObject({
      cita_id: citaPaciente,
      estado: 'firmada',
      paciente: { id: paciente.id },
      formulas: [expect.objectContaining({ nombre: 'Hidroquinona 4 % crema' })],
      ordenes: [expect.objectContaining({ examen: 'TSH' })],
      adendas: [expect.objectContaining({ texto: expect.stringContaining('Adenda: corrijo la dosis') })],
    });
    expect(d.consentimientos).toEqual([
      expect.objectContaining({ plantilla_version: 1, acepta_fotos: false, revocado_en: null }),
    ]);
    expect(d.consentimientos[0]!.texto).toMatch(/^Riesgos: enrojecimiento/);
    expect(d.notificaciones.map((n) => n.mensaje)).toEqual(['Tu cita del 05/01/2026 fue confirmada']);
    // The prescription and exam-order PDFs generated at signing are the patient's files.
    expect(d.archivos.map((a) => a.categoria).sort()).toEqual(['documento', 'documento', 'documento', 'firma']);
    const todo = res.body;
    for (const ajeno of [
      'Marta Otra Reservada',
      'ALERGIA-DE-OTRA',
      'MOTIVO-DE-OTRA',
      'NOTIFICACION-DE-OTRA',
      'contrasena',
    ])
      expect(todo).not.toContain(ajeno);
  });
});

describe('who read my record: notes and copies too', () => {
  it("lists a doctor's note read and staff copies; the patient's own downloads never", async () => {
    const [antes] = await t.database.db
      .select({ id: auditoria.id })
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'historia.copia'), eq(auditoria.recurso_id, String(paciente.id))));
    expect(antes).toBeDefined();
    // The other doctor reads this patient's note (audited as evolucion.leer).
    expect((await pedir('GET', evolucionesPaths.porCita(citaPaciente), otroDoctor)).statusCode).toBe(200);
    const res = await pedir('GET', historiasPaths.accesos(paciente.id), paciente);
    expect(res.statusCode).toBe(200);
    const accesos = res.json() as AccesoHistoriaWire[];
    const nombreOtro = (await t.database.db.select().from(usuarios).where(eq(usuarios.id, otroDoctor.id)))[0]!.nombre;
    expect(accesos).toContainEqual({
      quien: { nombre: nombreOtro, rol: 'doctor' },
      que: 'nota',
      cuando: expect.any(String),
    });
    expect(accesos).toContainEqual({
      quien: { nombre: 'Dra. Camila Ríos', rol: 'doctor' },
      que: 'copia',
      cuando: expect.any(String),
    });
    expect(accesos.some((a) => a.quien.nombre === 'Lucía Pérez Ñúñez')).toBe(false);
    // The other patient's list shows her note's reader, not this patient's.
    const deOtra = (await pedir('GET', historiasPaths.accesos(otra.id), otra)).json() as AccesoHistoriaWire[];
    expect(deOtra.some((a) => a.que === 'copia')).toBe(false);
  });
});

describe("the front desk's summary of a record", () => {
  it('demographics and alert flags only, audited and shown to the patient', async () => {
    const res = await pedir('GET', historiasPaths.resumen(historia.id), asistente);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as Record<string, unknown>;
    expect(Object.keys(r).sort()).toEqual(['alertas', 'id', 'paciente_id', 'usuario']);
    expect(r).toEqual({
      id: historia.id,
      paciente_id: paciente.id,
      usuario: {
        id: paciente.id,
        nombre: 'Lucía Pérez Ñúñez',
        correo: expect.any(String),
        rol: 'paciente',
        genero: 'femenino',
      },
      alertas: {
        alergias: true,
        embarazo_lactancia: false,
        problemas_coagulacion: true,
        diabetes: false,
        hipertension: false,
        epilepsia: false,
        historial_cancer: false,
        consume_tabaco: false,
      },
    });
    // No clinical content: which allergy, medication, other conditions, fototipo.
    for (const clinico of ['Penicilina', 'Levotiroxina', 'Rosácea', 'fototipo', 'antecedentes'])
      expect(res.body).not.toContain(clinico);
    const accesos = (await pedir('GET', historiasPaths.accesos(paciente.id), paciente)).json() as AccesoHistoriaWire[];
    expect(accesos).toContainEqual(
      expect.objectContaining({ que: 'resumen', quien: expect.objectContaining({ rol: 'asistente' }) }),
    );
  });

  it('is for assistants only; the full record stays 403 for them; a missing record is 404', async () => {
    const esperado: Record<Quien, number> = {
      anonimo: 401,
      paciente: 403,
      asistente: 200,
      doctor: 403,
      administrador: 403,
    };
    const u = { paciente, asistente, doctor, administrador: admin };
    for (const quien of QUIENES) {
      const res = await pedir('GET', historiasPaths.resumen(historia.id), quien === 'anonimo' ? undefined : u[quien]);
      expect(res.statusCode, quien).toBe(esperado[quien]);
    }
    expect((await pedir('GET', historiasPaths.buscar(historia.id), asistente)).statusCode).toBe(403);
    expect((await pedir('GET', historiasPaths.resumen(999_999), asistente)).statusCode).toBe(404);
  });
});
