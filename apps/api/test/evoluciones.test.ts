// Clinical notes per appointment (issue 9, items 3-4, 8): who may call every route, IDOR (another patient's note,
// another doctor's draft), signing makes a note immutable (API 409 and the database's triggers), addenda keep the
// original, no route deletes a note, realizada needs a signed note, and the prescription and exam-order PDFs are
// generated once at signing and downloadable only by the patient and doctors.
import { createHash } from 'node:crypto';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivosPaths } from '@clinica/contracts/archivos';
import { citasPaths } from '@clinica/contracts/citas';
import {
  evolucionesPaths as rutas,
  mensajeSinRegistroProfesional,
  type EvolucionWire,
} from '@clinica/contracts/evoluciones';
import { auditoria, citas, evoluciones, formulas, usuarios } from '../src/db/schema/index.ts';
import { M_NOTA_SIN_FIRMAR } from '../src/features/citas/reglas.ts';
import { hashContenido } from '../src/features/evoluciones/evoluciones.contenido.ts';
import { MENSAJES_EVOLUCION } from '../src/features/evoluciones/evoluciones.service.ts';
import { contenidoDelPdf, textoDelPdf } from './pdf-texto.ts';
import { seedCitas } from '../src/seed/citas.ts';
import { seedEvoluciones } from '../src/seed/evoluciones.ts';
import { seedUsuarios } from '../src/seed/usuarios.ts';
import { conSemilla } from '../src/seed/semilla.ts';
import { createTestApp, createTestDatabase, testConfig, type TestContext } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';
import {
  crearPersonas,
  haceHoras,
  insertarCita,
  matrizDeAutorizacion,
  NOTA_CLINICA,
  pedidor,
  type CasoAutorizacion,
  porQuien,
  type Personas,
} from './clinica-fixtures.ts';

let t: TestContext;
// The clinic's people, set in beforeAll (crearPersonas).
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
/** Yesterday's appointment of paciente with doctor, confirmed and not yet done. */
let citaId: number;
let citaOtra: number;
let citaCancelada: number;
let nota: EvolucionWire;

const pedir = pedidor(() => t.app);

const BORRADOR = NOTA_CLINICA;

const nuevaCita = (
  pacienteId: number,
  doctorId: number,
  horasAtras: number,
  estado: 'confirmada' | 'cancelada' = 'confirmada',
) => insertarCita(t.database, { pacienteId, doctorId, inicio: haceHoras(horasAtras), estado });

beforeAll(async () => {
  t = await createTestApp({ config: { clinicaDireccion: 'Calle 93 # 12-45, consultorio 301, Bogotá' } });
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database));
  await t.database.db.update(usuarios).set({ nombre: 'Lucía Pérez' }).where(eq(usuarios.id, paciente.id));
  await t.database.db
    .update(usuarios)
    .set({ nombre: 'Dr. Andrés Gómez', registro_profesional: 'RM 25-118734' })
    .where(eq(usuarios.id, doctor.id));
  citaId = await nuevaCita(paciente.id, doctor.id, 24);
  citaOtra = await nuevaCita(otraPaciente.id, otroDoctor.id, 26);
  citaCancelada = await nuevaCita(paciente.id, doctor.id, 50, 'cancelada');
});
afterAll(() => t.close());

describe('authorization matrix: every route x anonymous and the four roles', () => {
  const casos: CasoAutorizacion[] = [
    { method: 'GET', url: rutas.porCita(999_999), esperado: porQuien(401, 404, 403, 404, 403) },
    { method: 'POST', url: rutas.porCita(999_999), payload: BORRADOR, esperado: porQuien(401, 403, 403, 404, 403) },
    { method: 'PUT', url: rutas.editar(999_999), payload: BORRADOR, esperado: porQuien(401, 403, 403, 404, 403) },
    { method: 'POST', url: rutas.firmar(999_999), esperado: porQuien(401, 403, 403, 404, 403) },
    {
      method: 'POST',
      url: rutas.adendas(999_999),
      payload: { texto: 'Corrección' },
      esperado: porQuien(401, 403, 403, 404, 403),
    },
  ];
  matrizDeAutorizacion(casos, pedir, () => ({ paciente, asistente, doctor, administrador: admin }));
});

describe('the appointment doctor writes the draft', () => {
  it('creates it with products, prescription and exam orders; a second note for the appointment is 409', async () => {
    const res = await pedir('POST', rutas.porCita(citaId), doctor, BORRADOR);
    expect(res.statusCode, res.body).toBe(201);
    nota = res.json();
    expect(nota).toMatchObject({
      cita_id: citaId,
      estado: 'borrador',
      paciente: { id: paciente.id, nombre: 'Lucía Pérez' },
      autor: { id: doctor.id, nombre: 'Dr. Andrés Gómez' },
      productos: BORRADOR.productos,
      formulas: [{ ...BORRADOR.formulas[0], id: expect.any(Number) }],
      ordenes: [{ ...BORRADOR.ordenes[0], id: expect.any(Number) }],
      firmada_en: null,
      hash_contenido: null,
      receta: null,
      orden_examenes: null,
      adendas: [],
    });
    const otra = await pedir('POST', rutas.porCita(citaId), doctor, BORRADOR);
    expect(otra.statusCode).toBe(409);
    expect(otra.json().error).toBe(MENSAJES_EVOLUCION.yaExiste);
  });

  it('validates in Spanish, refuses unknown fields and cancelled appointments', async () => {
    const sinMotivo = await pedir('POST', rutas.porCita(citaOtra), otroDoctor, { ...BORRADOR, motivo: '  ' });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.json().issues).toContainEqual({ campo: 'motivo', mensaje: 'Escribe el motivo de la consulta' });
    const extra = await pedir('POST', rutas.porCita(citaOtra), otroDoctor, { ...BORRADOR, autor_id: doctor.id });
    expect(extra.statusCode).toBe(400);
    const cancelada = await pedir('POST', rutas.porCita(citaCancelada), doctor, BORRADOR);
    expect(cancelada.statusCode).toBe(409);
    expect(cancelada.json().error).toBe(MENSAJES_EVOLUCION.citaCancelada);
  });

  it('only the appointment doctor writes it: another doctor gets 404 on create, save and sign', async () => {
    expect((await pedir('POST', rutas.porCita(citaId), otroDoctor, BORRADOR)).statusCode).toBe(404);
    expect((await pedir('PUT', rutas.editar(nota.id), otroDoctor, BORRADOR)).statusCode).toBe(404);
    expect((await pedir('POST', rutas.firmar(nota.id), otroDoctor)).statusCode).toBe(404);
  });

  it('a draft is its author only: the patient and other doctors see no note yet', async () => {
    expect((await pedir('GET', rutas.porCita(citaId), paciente)).json()).toEqual({ evolucion: null });
    expect((await pedir('GET', rutas.porCita(citaId), otroDoctor)).json()).toEqual({ evolucion: null });
    expect((await pedir('GET', rutas.porCita(citaId), doctor)).json().evolucion.id).toBe(nota.id);
  });

  it('saving replaces the whole draft, lines included', async () => {
    const res = await pedir('PUT', rutas.editar(nota.id), doctor, {
      ...BORRADOR,
      formulas: [
        ...BORRADOR.formulas,
        {
          nombre: 'Protector solar FPS 50',
          dosis: 'Aplicación generosa',
          frecuencia: 'Cada 3 horas',
          duracion: 'Permanente',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().formulas.map((f: { nombre: string }) => f.nombre)).toEqual([
      'Hidroquinona 4 % crema',
      'Protector solar FPS 50',
    ]);
  });

  it('an addendum needs a signed note; realizada needs a signed note', async () => {
    const adenda = await pedir('POST', rutas.adendas(nota.id), doctor, { texto: 'Nada' });
    expect(adenda.statusCode).toBe(409);
    expect(adenda.json().error).toBe(MENSAJES_EVOLUCION.borradorSinAdenda);
    const realizada = await pedir('PATCH', citasPaths.editarEstado(citaId), doctor, { estado: 'realizada' });
    expect(realizada.statusCode).toBe(409);
    expect(realizada.json().error).toBe(M_NOTA_SIN_FIRMAR);
  });
});

describe('signing', () => {
  it("a note with a prescription or an exam order needs the doctor's registration number (issue 27.16)", async () => {
    await t.database.db.update(usuarios).set({ registro_profesional: null }).where(eq(usuarios.id, doctor.id));
    try {
      const res = await pedir('POST', rutas.firmar(nota.id), doctor);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'REGLA_NEGOCIO',
        error: mensajeSinRegistroProfesional({ formula: true, orden: true }),
      });
      expect(res.json().error).toContain('una fórmula médica y una orden de exámenes');
      expect(res.json().error).toContain('número de registro profesional');
      const [fila] = await t.database.db.select().from(evoluciones).where(eq(evoluciones.id, nota.id));
      expect(fila).toMatchObject({ firmada_en: null, receta_archivo_id: null, orden_archivo_id: null });
      expect(mensajeSinRegistroProfesional({ formula: false, orden: true })).toContain('lleva una orden de exámenes,');
      expect(mensajeSinRegistroProfesional({ formula: true, orden: false })).toContain('lleva una fórmula médica,');
    } finally {
      await t.database.db
        .update(usuarios)
        .set({ registro_profesional: 'RM 25-118734' })
        .where(eq(usuarios.id, doctor.id));
    }
  });

  it('stores the content hash and the PDFs, and from then on the note is immutable through the API', async () => {
    const res = await pedir('POST', rutas.firmar(nota.id), doctor);
    expect(res.statusCode, res.body).toBe(200);
    nota = res.json();
    expect(nota.estado).toBe('firmada');
    expect(nota.firmada_en).toEqual(expect.any(String));
    expect(nota.hash_contenido).toMatch(/^[0-9a-f]{64}$/);
    expect(nota.receta).toEqual({ archivo_id: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(nota.orden_examenes).toEqual({ archivo_id: expect.any(Number), sha256: expect.any(String) });

    const editar = await pedir('PUT', rutas.editar(nota.id), doctor, { ...BORRADOR, motivo: 'Otro' });
    expect(editar.statusCode).toBe(409);
    expect(editar.json().error).toBe(MENSAJES_EVOLUCION.firmada);
    const otraVez = await pedir('POST', rutas.firmar(nota.id), doctor);
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().error).toBe(MENSAJES_EVOLUCION.yaFirmada);
  });

  it('the stored hash is the SHA-256 of the canonical content, recomputable from the rows', async () => {
    const [fila] = await t.database.db.select().from(evoluciones).where(eq(evoluciones.id, nota.id));
    const lineas = await t.database.db
      .select()
      .from(formulas)
      .where(eq(formulas.evolucion_id, nota.id))
      .orderBy(formulas.id);
    const esperado = hashContenido({
      ...fila!,
      formulas: lineas,
      ordenes: nota.ordenes,
      firmada_en: fila!.firmada_en!,
    });
    expect(fila!.hash_contenido).toBe(esperado);
    expect(nota.hash_contenido).toBe(esperado);
  });

  it('the database refuses changing or deleting a signed note, its prescription and orders (triggers)', async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update evoluciones set motivo = 'cambiado' where id = ${nota.id}`)).rejects.toThrow();
    await expect(
      db.execute(sql`update evoluciones set firmada_en = null, hash_contenido = null where id = ${nota.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from evoluciones where id = ${nota.id}`)).rejects.toThrow();
    await expect(
      db.execute(sql`update formulas set dosis = 'doble' where evolucion_id = ${nota.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from formulas where evolucion_id = ${nota.id}`)).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into formulas (evolucion_id, nombre, dosis, frecuencia, duracion) values (${nota.id}, 'x', 'x', 'x', 'x')`,
      ),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from ordenes_examen where evolucion_id = ${nota.id}`)).rejects.toThrow();
    const [fila] = await db.select().from(evoluciones).where(eq(evoluciones.id, nota.id));
    expect(fila!.motivo).toBe(BORRADOR.motivo);
  });

  it('now the appointment can be marked realizada', async () => {
    const res = await pedir('PATCH', citasPaths.editarEstado(citaId), doctor, { estado: 'realizada' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().estado).toBe('realizada');
  });
});

describe('reading a signed note', () => {
  it('the patient reads their own; doctors read it, audited; assistants and administrators get 403', async () => {
    const propia = await pedir('GET', rutas.porCita(citaId), paciente);
    expect(propia.statusCode).toBe(200);
    expect(propia.json().evolucion).toMatchObject({ id: nota.id, estado: 'firmada', motivo: BORRADOR.motivo });
    expect(propia.headers['cache-control']).toContain('no-store');
    expect((await pedir('GET', rutas.porCita(citaId), otroDoctor)).json().evolucion.id).toBe(nota.id);
    for (const quien of [asistente, admin])
      expect((await pedir('GET', rutas.porCita(citaId), quien)).statusCode).toBe(403);
    const lecturas = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'evolucion.leer'), eq(auditoria.recurso_id, String(nota.id))));
    expect(lecturas.map((l) => l.usuario_id)).toContain(otroDoctor.id);
    expect(lecturas.every((l) => !l.detalle?.includes(BORRADOR.motivo))).toBe(true);
  });

  it("IDOR: another patient's appointment answers 404, never the note", async () => {
    const res = await pedir('GET', rutas.porCita(citaId), otraPaciente);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(BORRADOR.motivo);
  });
});

describe('addenda', () => {
  it('are dated corrections by the author that keep the original visible', async () => {
    const res = await pedir('POST', rutas.adendas(nota.id), doctor, {
      texto: 'La dosis de ácido fue 1,5 ml, no 2 ml.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const conAdenda = res.json() as EvolucionWire;
    expect(conAdenda.productos).toEqual(BORRADOR.productos);
    expect(conAdenda.hash_contenido).toBe(nota.hash_contenido);
    expect(conAdenda.firmada_en).toBe(nota.firmada_en);
    expect(conAdenda.adendas).toEqual([
      {
        id: expect.any(Number),
        autor: { id: doctor.id, nombre: 'Dr. Andrés Gómez' },
        texto: 'La dosis de ácido fue 1,5 ml, no 2 ml.',
        creada_en: expect.any(String),
      },
    ]);
    expect((await pedir('GET', rutas.porCita(citaId), paciente)).json().evolucion.adendas).toHaveLength(1);
    expect((await pedir('POST', rutas.adendas(nota.id), otroDoctor, { texto: 'Ajena' })).statusCode).toBe(404);
    expect((await pedir('POST', rutas.adendas(nota.id), doctor, { texto: '' })).statusCode).toBe(400);
  });

  it('the database refuses changing or deleting an addendum', async () => {
    await expect(t.database.db.execute(sql`update adendas set texto = 'otra cosa'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from adendas`)).rejects.toThrow();
  });
});

describe('no route deletes a note', () => {
  it('DELETE on every note path finds no route', async () => {
    for (const url of [rutas.porCita(citaId), rutas.editar(nota.id), rutas.firmar(nota.id), rutas.adendas(nota.id)]) {
      const res = await pedir('DELETE', url, doctor);
      expect(res.statusCode, url).toBe(404);
    }
    const [fila] = await t.database.db.select().from(evoluciones).where(eq(evoluciones.id, nota.id));
    expect(fila).toBeDefined();
  });
});

describe('the prescription and exam-order PDFs', () => {
  it('are PDFs with the recorded SHA-256, downloadable by the patient and the appointment doctor, no-store', async () => {
    for (const quien of [paciente, doctor]) {
      const res = await pedir('GET', archivosPaths.descargar(nota.receta!.archivo_id), quien);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toContain(`formula-medica-cita-${citaId}.pdf`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(nota.receta!.sha256);
    }
    const orden = await pedir('GET', archivosPaths.descargar(nota.orden_examenes!.archivo_id), paciente);
    expect(orden.statusCode).toBe(200);
    expect(createHash('sha256').update(orden.rawPayload).digest('hex')).toBe(nota.orden_examenes!.sha256);
  });

  it("carry the clinic's name, address and mark, the patient's document and the prescriber's registration and signature line", async () => {
    const [p] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, paciente.id));
    const [d] = await t.database.db.select().from(usuarios).where(eq(usuarios.id, doctor.id));
    for (const [archivo, titulo] of [
      [nota.receta!.archivo_id, 'Fórmula médica'],
      [nota.orden_examenes!.archivo_id, 'Orden de exámenes'],
    ] as const) {
      const pdf = (await pedir('GET', archivosPaths.descargar(archivo), paciente)).rawPayload;
      const texto = await textoDelPdf(pdf);
      const lineas = texto.split('\n');
      expect(lineas.slice(0, 3)).toEqual([
        'Clínica Aurora Estética',
        'Calle 93 # 12-45, consultorio 301, Bogotá',
        titulo,
      ]);
      expect(lineas).toContain('Paciente: Lucía Pérez');
      expect(lineas).toContain(`Documento de identidad: Cédula de ciudadanía ${p!.numerodocumento}`);
      expect(lineas).toContain('Profesional: Dr. Andrés Gómez - Registro profesional RM 25-118734');
      // The signature block: the prescriber's name, registration number and document under the signature line.
      const firma = lineas.lastIndexOf('Dr. Andrés Gómez');
      expect(lineas.slice(firma, firma + 3)).toEqual([
        'Dr. Andrés Gómez',
        'Registro profesional: RM 25-118734',
        `Documento de identidad: Cédula de ciudadanía ${d!.numerodocumento}`,
      ]);
      // The mark (lib/logo-pdf.ts) is painted in its colour, and the signature line is a black stroke.
      const dibujo = await contenidoDelPdf(pdf);
      expect(dibujo).toContain('0.5411764705882353 0.35294117647058826 0.4196078431372549 rg');
      expect(dibujo).toMatch(/0 0 0 RG\s+0\.8 w\s+\[\] 0 d\s+(?:56 [\d.]+ m\s+)+296 [\d.]+ l/);
    }
  });

  it('another patient, assistants and administrators get 404; anonymous 401', async () => {
    for (const quien of [otraPaciente, asistente, admin]) {
      expect((await pedir('GET', archivosPaths.descargar(nota.receta!.archivo_id), quien)).statusCode).toBe(404);
    }
    expect((await pedir('GET', archivosPaths.descargar(nota.receta!.archivo_id))).statusCode).toBe(401);
  });

  it('a note without prescription or orders signs without documents', async () => {
    const creada = await pedir('POST', rutas.porCita(citaOtra), otroDoctor, { motivo: 'Control de acné' });
    expect(creada.statusCode, creada.body).toBe(201);
    const firmada = await pedir('POST', rutas.firmar(creada.json().id), otroDoctor);
    expect(firmada.json()).toMatchObject({ estado: 'firmada', receta: null, orden_examenes: null });
    // IDOR the other way: that patient's note is not paciente's.
    expect((await pedir('GET', rutas.porCita(citaOtra), paciente)).statusCode).toBe(404);
  });
});

describe('hostile text', () => {
  it('emoji, right-to-left marks, lone surrogates and long words still sign and print', async () => {
    const citaRara = await nuevaCita(otraPaciente.id, doctor.id, 80);
    const raro = '👩‍⚕️ \u202eevil\u202c e\u0301 \ud800 ' + 'x'.repeat(120) + ' İıſK 𝕏 <script>';
    const creada = await pedir('POST', rutas.porCita(citaRara), doctor, {
      motivo: raro,
      indicaciones: raro,
      formulas: [{ nombre: raro, dosis: raro, frecuencia: 'Cada 8 horas', duracion: '5 días' }],
      ordenes: [{ examen: raro, indicaciones: raro }],
    });
    expect(creada.statusCode, creada.body).toBe(201);
    const firmada = await pedir('POST', rutas.firmar(creada.json().id), doctor);
    expect(firmada.statusCode, firmada.body).toBe(200);
    const receta = await pedir('GET', archivosPaths.descargar(firmada.json().receta.archivo_id), doctor);
    expect(receta.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('demo data', () => {
  it('every past appointment done has its signed note; the demo patient has prescriptions; idempotent', async () => {
    const database = await createTestDatabase();
    try {
      const dataDir = directorioTemporal('clinica-semilla-notas');
      await seedUsuarios(database.db);
      await seedCitas(database.db, { ahora: new Date('2026-11-23T15:00:00Z') });
      const config = testConfig({ dataDir, clinicaTz: 'America/Bogota', clinicaNombre: 'Clínica Aurora Estética' });
      await conSemilla(database, config, seedEvoluciones);
      const filas = await database.db
        .select({ estado: citas.estado, firmada: evoluciones.firmada_en, hash: evoluciones.hash_contenido })
        .from(citas)
        .leftJoin(evoluciones, eq(evoluciones.cita_id, citas.id))
        .where(eq(citas.estado, 'realizada'));
      expect(filas.length).toBeGreaterThan(5);
      for (const f of filas) expect(f.hash).toMatch(/^[0-9a-f]{64}$/);
      const [demo] = await database.db
        .select({ n: count() })
        .from(evoluciones)
        .innerJoin(usuarios, eq(usuarios.id, evoluciones.paciente_id))
        .where(and(eq(usuarios.correo, 'paciente@demo.test'), isNotNull(evoluciones.receta_archivo_id)));
      expect(demo!.n).toBeGreaterThan(0);
      const antes = (await database.db.select({ n: count() }).from(evoluciones))[0]!.n;
      await conSemilla(database, config, seedEvoluciones);
      expect((await database.db.select({ n: count() }).from(evoluciones))[0]!.n).toBe(antes);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
