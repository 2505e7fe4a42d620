// Exam results and before/after photos (issue 9, items 4, 6 and 8): who may call every route, IDOR (another
// patient's appointment or file), the file's type decided by its bytes (a renamed .exe is refused and nothing is
// kept), the doctor notified in the upload's transaction, downloads audited with no-store, photos refused without
// the patient's consent to photos, EXIF (GPS location included) stripped, and nothing can be deleted.
import { crc32 } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adjuntosPaths as rutas,
  RESULTADO_MAX_BYTES,
  type FotosDeCitaWire,
  type FotosDePacienteWire,
  type ResultadoWire,
  type ResultadosDeCitaWire,
} from '@clinica/contracts/adjuntos';
import { archivosPaths } from '@clinica/contracts/archivos';
import { consentimientosPaths } from '@clinica/contracts/consentimientos';
import { copiaHistoriaPaths } from '@clinica/contracts/copia-historia';
import { evolucionesPaths } from '@clinica/contracts/evoluciones';
import { historiasPaths } from '@clinica/contracts/historias';
import {
  archivos,
  auditoria,
  bandejaSalida,
  fotosClinicas,
  notificaciones,
  resultadosExamen,
} from '../src/db/schema/index.ts';
import { RESULTADOS_MAX_BYTES_DIA, RESULTADOS_MAX_POR_CITA } from '@clinica/contracts/adjuntos';
import { MENSAJES_ADJUNTOS as M } from '../src/features/adjuntos/adjuntos.service.ts';
import { crearCategoria, crearProcedimiento, pngDePrueba } from './catalogo-fixtures.ts';
import {
  crearPersonas,
  firmaConsentimiento,
  haceHoras,
  insertarCita,
  pedidor,
  porQuien,
  subirArchivo,
  TEXTO_CONSENTIMIENTO,
  type Personas,
} from './clinica-fixtures.ts';
import { createTestApp, type Metodo, type TestContext } from './helpers.ts';
import { firmaPng } from '../src/seed/firma-png.ts';
import { textoDelPdf } from './pdf-texto.ts';
import { directorioTemporal } from './temporales.ts';
import { crearUsuario, QUIENES, type Quien, type UsuarioDePrueba } from './auth-helpers.ts';

let t: TestContext;
// The clinic's people, set in beforeAll (crearPersonas).
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
let sinFotos: UsuarioDePrueba;
let procedimientoId: number;
/** paciente with doctor: procedure, signed consent that allows photos. */
let citaId: number;
/** otraPaciente with otroDoctor: no consent at all. */
let citaOtra: number;
/** sinFotos with doctor: signed consent that does not allow photos. */
let citaSinFotos: number;

const TEXTO = TEXTO_CONSENTIMIENTO;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A Windows executable (MZ header) named like a PDF. */
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(200),
]);

const pedir = pedidor(() => t.app);
const subir = (url: string, quien: UsuarioDePrueba | undefined, archivo: Buffer, nombre: string, campos: object = {}) =>
  subirArchivo(t.app, url, quien, archivo, nombre, campos);

/** A JPEG carrying EXIF with a camera make and a GPS position (Bogotá). */
const jpegConGps = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#c08070' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TelefonoPrueba' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '4/1 36/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '74/1 4/1 0/1' },
    })
    .toBuffer();
/** IFD0's pointer to the GPS IFD (tag 0x8825, little endian as sharp writes it). */
const tieneGps = (exif: Buffer | undefined) => !!exif && exif.includes(Buffer.from([0x25, 0x88]));

/**
 * The seed's signature PNG with its header rewritten to claim width x height: a few bytes of data for a huge
 * picture (a decompression bomb's shape).
 */
function pngGigante(ancho: number, alto: number) {
  const png = firmaPng();
  // IHDR after the 8-byte signature: length, type (12), width (16), height (20), ..., CRC of type and data (29).
  png.writeUInt32BE(ancho, 16);
  png.writeUInt32BE(alto, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
/** A baseline JPEG header (SOF0) claiming width x height, then nothing worth decoding. */
function jpegGigante(ancho: number, alto: number) {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 0, 0, 0, 0x01, 0x01, 0x11, 0x00]);
  sof.writeUInt16BE(alto, 5);
  sof.writeUInt16BE(ancho, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]);
}
/** A lossless WebP (VP8L) header claiming width x height. */
function webpGigante(ancho: number, alto: number) {
  const vp8l = Buffer.alloc(5 + 16);
  vp8l[0] = 0x2f;
  vp8l.writeUInt32LE(((ancho - 1) & 0x3fff) | (((alto - 1) & 0x3fff) << 14), 1);
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.alloc(4), vp8l]);
  chunk.writeUInt32LE(vp8l.length, 4);
  const riff = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4), Buffer.from('WEBP', 'latin1'), chunk]);
  riff.writeUInt32LE(riff.length - 8, 4);
  return riff;
}

const nuevaCita = (pacienteId: number, doctorId: number, horasAtras: number) =>
  insertarCita(t.database, {
    pacienteId,
    doctorId,
    inicio: haceHoras(horasAtras),
    tipo: 'procedimiento',
    procedimientoId,
  });

async function firmar(quien: UsuarioDePrueba, cita: number, aceptaFotos: boolean) {
  const res = await pedir('POST', consentimientosPaths.firmar(cita), quien, firmaConsentimiento(aceptaFotos, 2));
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  const dataDir = directorioTemporal('clinica-adjuntos');
  t = await createTestApp({ config: { dataDir } });
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database));
  sinFotos = await crearUsuario(t.database, 'paciente');
  const cat = await crearCategoria(t.app, admin.headers);
  procedimientoId = (await crearProcedimiento(t.app, admin.headers, cat.id)).id;
  expect(
    (await pedir('POST', consentimientosPaths.plantillas(procedimientoId), asistente, { texto: TEXTO })).statusCode,
  ).toBe(201);
  citaId = await nuevaCita(paciente.id, doctor.id, 1);
  citaOtra = await nuevaCita(otraPaciente.id, otroDoctor.id, 3);
  citaSinFotos = await nuevaCita(sinFotos.id, doctor.id, 5);
  await firmar(paciente, citaId, true);
  await firmar(sinFotos, citaSinFotos, false);
});
afterAll(() => t.close());

describe('authorization matrix: every route x anonymous and the four roles', () => {
  const u = () => ({ paciente, asistente, doctor, administrador: admin });
  const casos: {
    nombre: string;
    method: Metodo;
    url: () => string;
    subida?: boolean;
    esperado: Record<Quien, number>;
  }[] = [
    {
      nombre: 'resultados/cita/:citaId',
      method: 'GET',
      url: () => rutas.resultados(999_999),
      esperado: porQuien(401, 404, 404, 404, 403),
    },
    {
      nombre: 'resultados/cita/:citaId (subir)',
      method: 'POST',
      url: () => rutas.resultados(999_999),
      subida: true,
      esperado: porQuien(401, 404, 403, 403, 403),
    },
    {
      nombre: 'fotos/cita/:citaId',
      method: 'GET',
      url: () => rutas.fotos(999_999),
      esperado: porQuien(401, 404, 404, 404, 403),
    },
    {
      nombre: 'fotos/cita/:citaId (subir)',
      method: 'POST',
      url: () => rutas.fotos(999_999),
      subida: true,
      esperado: porQuien(401, 403, 404, 404, 403),
    },
    {
      nombre: 'fotos/paciente/:pacienteId',
      method: 'GET',
      url: () => rutas.fotosPaciente(otraPaciente.id),
      esperado: porQuien(401, 403, 403, 200, 403),
    },
  ];
  for (const c of casos) {
    it(`${c.method} ${c.nombre}`, async () => {
      const png = await pngDePrueba(40, 30);
      for (const quien of QUIENES) {
        const q = quien === 'anonimo' ? undefined : u()[quien];
        const res = c.subida
          ? await subir(c.url(), q, png, 'foto.png', { etiqueta: 'antes', zona: 'Frente' })
          : await pedir(c.method, c.url(), q);
        expect(res.statusCode, `${quien}: ${res.body}`).toBe(c.esperado[quien]);
        if (res.statusCode >= 400)
          expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
      }
    });
  }

  it('no route deletes or changes a result or a photo', async () => {
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      for (const url of [rutas.resultados(citaId), rutas.fotos(citaId), `${rutas.resultados(citaId)}/1`]) {
        const res = await pedir(method, url, doctor);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});

describe('what one patient may upload (issue 21, item 2)', () => {
  it('at most RESULTADOS_MAX_POR_CITA results per appointment; the next is a Spanish 422 and stores nothing', async () => {
    const cita = await nuevaCita(otraPaciente.id, otroDoctor.id, 30);
    for (let i = 0; i < RESULTADOS_MAX_POR_CITA; i++) {
      const res = await subir(rutas.resultados(cita), otraPaciente, PDF, `Examen ${i}.pdf`);
      expect(res.statusCode, res.body).toBe(201);
    }
    const archivosAntes = (await t.database.db.select().from(archivos)).length;
    const otro = await subir(rutas.resultados(cita), otraPaciente, PDF, 'Uno más.pdf');
    expect(otro.statusCode).toBe(422);
    expect(otro.json()).toMatchObject({ code: 'REGLA_NEGOCIO', error: M.muchosEnCita });
    expect((await t.database.db.select().from(archivos)).length).toBe(archivosAntes);
  });

  it('at most RESULTADOS_MAX_BYTES_DIA of results in 24 hours', async () => {
    const cita = await nuevaCita(otraPaciente.id, otroDoctor.id, 40);
    // What she stored today elsewhere (rows as the upload writes them; the bytes are not needed to count them).
    await t.database.db.insert(archivos).values({
      clave: `prueba/${Date.now()}-grande.pdf`,
      categoria: 'resultado_examen',
      propietario_id: otraPaciente.id,
      nombre: 'grande.pdf',
      tipo_contenido: 'application/pdf',
      tamano: RESULTADOS_MAX_BYTES_DIA - PDF.length + 1,
      sha256: 'x'.repeat(64),
      creado_por: otraPaciente.id,
    });
    const res = await subir(rutas.resultados(cita), otraPaciente, PDF, 'Hoy.pdf');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(M.muchoEnElDia);
  });
});

describe('exam results', () => {
  let subido: ResultadoWire;

  it('the patient uploads a PDF to their appointment; the doctor is notified in the same transaction', async () => {
    const antes = (await t.database.db.select().from(bandejaSalida)).length;
    const res = await subir(rutas.resultados(citaId), paciente, PDF, 'Hemograma junio.pdf');
    expect(res.statusCode, res.body).toBe(201);
    subido = res.json<ResultadoWire>();
    expect(subido).toMatchObject({
      cita_id: citaId,
      nombre: 'Hemograma junio.pdf',
      tipo_contenido: 'application/pdf',
      tamano: PDF.length,
      archivo_id: expect.any(Number),
      examen: null,
    });
    const [fila] = await t.database.db.select().from(resultadosExamen).where(eq(resultadosExamen.id, subido.id));
    expect(fila).toMatchObject({ cita_id: citaId, paciente_id: paciente.id, subido_por: paciente.id });
    const [archivo] = await t.database.db.select().from(archivos).where(eq(archivos.id, subido.archivo_id!));
    expect(archivo).toMatchObject({ categoria: 'resultado_examen', propietario_id: paciente.id });

    const avisos = await t.database.db.select().from(notificaciones).where(eq(notificaciones.usuario_id, doctor.id));
    expect(avisos).toHaveLength(1);
    expect(avisos[0]).toMatchObject({
      tipo: 'cita.resultados',
      cita_id: citaId,
      ruta: `/detallescitas/${citaId}`,
      leida: false,
    });
    expect(avisos[0]!.mensaje).toMatch(
      /^Prueba paciente \d+ subió resultados de exámenes para la cita del \d{2}\/\d{2}\/\d{4}$/,
    );
    const bandeja = await t.database.db.select().from(bandejaSalida);
    expect(bandeja.length).toBe(antes + 1);
    expect(bandeja.at(-1)).toMatchObject({ tipo: 'notificacion', carga: { usuarioId: doctor.id } });
  });

  it('the patient and the doctor list them; assistants see only that they exist', async () => {
    for (const quien of [paciente, doctor]) {
      const res = await pedir('GET', rutas.resultados(citaId), quien);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.json<ResultadosDeCitaWire>()).toMatchObject({
        cita_id: citaId,
        puede_subir: quien === paciente,
        resultados: [{ id: subido.id, nombre: 'Hemograma junio.pdf', archivo_id: subido.archivo_id }],
      });
    }
    const res = await pedir('GET', rutas.resultados(citaId), asistente);
    expect(res.json<ResultadosDeCitaWire>()).toEqual({
      cita_id: citaId,
      puede_subir: false,
      ordenes: [],
      resultados: [
        {
          id: subido.id,
          cita_id: citaId,
          subido_en: expect.any(String),
          nombre: null,
          tipo_contenido: null,
          tamano: null,
          archivo_id: null,
          examen: null,
        },
      ],
    });
    const lecturas = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'resultado_examen.listar'), eq(auditoria.usuario_id, doctor.id)));
    expect(lecturas.length).toBeGreaterThan(0);
  });

  it('downloads are the patient’s and the doctor’s, audited and never cached; others get 404', async () => {
    for (const quien of [paciente, doctor]) {
      const res = await pedir('GET', archivosPaths.descargar(subido.archivo_id!), quien);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    }
    for (const quien of [otraPaciente, asistente, admin]) {
      expect((await pedir('GET', archivosPaths.descargar(subido.archivo_id!), quien)).statusCode).toBe(404);
    }
  });

  it('the patient sees that the doctor looked at their results (who and when)', async () => {
    const res = await pedir('GET', historiasPaths.accesos(paciente.id), paciente);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ que: 'archivos', quien: expect.objectContaining({ rol: 'doctor' }) }),
      ]),
    );
  });

  it('IDOR: another patient’s appointment cannot be read nor uploaded to, and another doctor sees nothing', async () => {
    expect((await pedir('GET', rutas.resultados(citaId), otraPaciente)).statusCode).toBe(404);
    expect((await pedir('GET', rutas.resultados(citaId), otroDoctor)).statusCode).toBe(404);
    const res = await subir(rutas.resultados(citaOtra), paciente, PDF, 'intruso.pdf');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: M.citaNoEncontrada });
    expect(await t.database.db.select().from(resultadosExamen).where(eq(resultadosExamen.cita_id, citaOtra))).toEqual(
      [],
    );
  });

  it('a renamed .exe is refused by its content, in Spanish, and nothing is kept', async () => {
    const [{ n: antes }] = (await t.database.db.execute(sql`select count(*)::int as n from archivos`)).rows as [
      { n: number },
    ];
    const res = await subir(rutas.resultados(citaId), paciente, EXE, 'resultados.pdf');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'ARCHIVO_INVALIDO', error: M.resultadoInvalido });
    const [{ n: despues }] = (await t.database.db.execute(sql`select count(*)::int as n from archivos`)).rows as [
      { n: number },
    ];
    expect(despues).toBe(antes);
    expect(
      await t.database.db.select().from(resultadosExamen).where(eq(resultadosExamen.cita_id, citaId)),
    ).toHaveLength(1);
  });

  it('a PDF named .hta/.html (polyglot) or with bidi controls is stored and downloaded with the .pdf its bytes are', async () => {
    // '%PDF-' then HTML: a valid PDF signature that mshta or a browser would run as a page if kept as .hta/.html.
    const poliglota = Buffer.concat([PDF, Buffer.from('<html><script>alert(1)</script></html>\n')]);
    const casos: [string, string][] = [
      ['informe.hta', 'informe.hta.pdf'],
      ['resultado.html', 'resultado.html.pdf'],
      ['examen\u202egpj.pdf', 'examengpj.pdf'],
      ['examen.PDF', 'examen.PDF'],
    ];
    for (const [nombre, esperado] of casos) {
      const res = await subir(rutas.resultados(citaId), paciente, poliglota, nombre);
      expect(res.statusCode, res.body).toBe(201);
      const r = res.json<ResultadoWire>();
      expect(r.nombre).toBe(esperado);
      const descarga = await pedir('GET', archivosPaths.descargar(r.archivo_id!), doctor);
      expect(descarga.statusCode).toBe(200);
      expect(descarga.headers['content-type']).toBe('application/pdf');
      expect(descarga.headers['x-content-type-options']).toBe('nosniff');
      expect(descarga.headers['content-disposition']).toBe(
        `attachment; filename="${esperado}"; filename*=UTF-8''${encodeURIComponent(esperado)}`,
      );
    }
  });

  it('a file over the limit gets 413 and a missing file 400, both in Spanish', async () => {
    const grande = Buffer.concat([PDF, Buffer.alloc(RESULTADO_MAX_BYTES)]);
    const res = await subir(rutas.resultados(citaId), paciente, grande, 'grande.pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/supera el máximo de 10 MB/);
    const vacio = await subir(rutas.resultados(citaId), paciente, Buffer.alloc(0), 'vacio.pdf');
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().error).toMatch(/^Adjunta un archivo/);
  });

  it('a result can answer an exam of the signed note’s order; an exam of no order is refused', async () => {
    const nota = await pedir('POST', evolucionesPaths.porCita(citaId), doctor, {
      motivo: 'Control',
      ordenes: [{ examen: 'TSH', indicaciones: 'En ayunas' }],
    });
    expect(nota.statusCode, nota.body).toBe(201);
    expect((await pedir('POST', evolucionesPaths.firmar(nota.json().id), doctor)).statusCode).toBe(200);
    const lista = (await pedir('GET', rutas.resultados(citaId), paciente)).json<ResultadosDeCitaWire>();
    expect(lista.ordenes).toEqual([{ id: expect.any(Number), examen: 'TSH' }]);
    const orden = lista.ordenes[0]!.id;

    const mala = await subir(rutas.resultados(citaId), paciente, PDF, 'tsh.pdf', { orden_examen_id: orden + 1000 });
    expect(mala.statusCode).toBe(400);
    expect(mala.json()).toMatchObject({ error: M.ordenInvalida });

    const png = await pngDePrueba(200, 100);
    const res = await subir(rutas.resultados(citaId), paciente, png, 'tsh.png', { orden_examen_id: orden });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ examen: 'TSH', tipo_contenido: 'image/png' });
  });

  it('a result photographed with a phone loses its EXIF location', async () => {
    const res = await subir(rutas.resultados(citaId), paciente, await jpegConGps(), 'foto-resultado.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const bajada = await pedir('GET', archivosPaths.descargar(res.json().archivo_id), doctor);
    const meta = await sharp(bajada.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it('the database refuses to change or delete a result', async () => {
    await expect(t.database.db.execute(sql`delete from resultados_examen where id = ${subido.id}`)).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`update resultados_examen set cita_id = ${citaOtra} where id = ${subido.id}`),
    ).rejects.toThrow();
  });
});

describe('before/after photos', () => {
  it('refused with the reason when the patient has no consent, or it does not allow photos', async () => {
    const png = await pngDePrueba(60, 40);
    const sin = await subir(rutas.fotos(citaOtra), otroDoctor, png, 'a.png', { etiqueta: 'antes', zona: 'Frente' });
    expect(sin.statusCode).toBe(422);
    expect(sin.json()).toMatchObject({ code: 'REGLA_NEGOCIO', error: M.sinConsentimiento });
    const no = await subir(rutas.fotos(citaSinFotos), doctor, png, 'a.png', { etiqueta: 'antes', zona: 'Frente' });
    expect(no.statusCode).toBe(422);
    expect(no.json()).toMatchObject({ error: M.consentimientoSinFotos });
    expect(await t.database.db.select().from(fotosClinicas)).toEqual([]);

    const vista = (await pedir('GET', rutas.fotos(citaSinFotos), doctor)).json<FotosDeCitaWire>();
    expect(vista).toMatchObject({ puede_subir: false, motivo_sin_permiso: M.consentimientoSinFotos, fotos: [] });
  });

  it('the appointment’s doctor and an assistant attach photos; EXIF and its GPS position are stripped', async () => {
    const original = await jpegConGps();
    const meta0 = await sharp(original).metadata();
    expect(tieneGps(meta0.exif)).toBe(true);

    const antes = await subir(rutas.fotos(citaId), doctor, original, 'IMG_0001.jpg', {
      etiqueta: 'antes',
      zona: 'Frente',
    });
    expect(antes.statusCode, antes.body).toBe(201);
    expect(antes.json()).toMatchObject({
      cita_id: citaId,
      etiqueta: 'antes',
      zona: 'Frente',
      archivo_id: expect.any(Number),
    });
    const despues = await subir(rutas.fotos(citaId), asistente, await pngDePrueba(80, 60), 'b.png', {
      etiqueta: 'despues',
      zona: 'Frente',
    });
    expect(despues.statusCode, despues.body).toBe(201);
    expect(despues.json()).toMatchObject({ etiqueta: 'despues', archivo_id: null });

    const bajada = await pedir('GET', archivosPaths.descargar(antes.json().archivo_id), paciente);
    expect(bajada.statusCode).toBe(200);
    expect(bajada.headers['cache-control']).toBe('no-store');
    const meta = await sharp(bajada.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(tieneGps(bajada.rawPayload)).toBe(false);
    expect(bajada.rawPayload.includes(Buffer.from('TelefonoPrueba'))).toBe(false);

    const [fila] = await t.database.db.select().from(fotosClinicas).where(eq(fotosClinicas.id, antes.json().id));
    expect(fila).toMatchObject({
      paciente_id: paciente.id,
      subida_por: doctor.id,
      consentimiento_id: expect.any(Number),
    });
    const [archivo] = await t.database.db.select().from(archivos).where(eq(archivos.id, fila!.archivo_id));
    expect(archivo).toMatchObject({ categoria: 'foto_clinica', propietario_id: paciente.id });
  });

  it('a decompression bomb (a small PNG, WebP or JPEG that claims 400 megapixels) is refused before decoding', async () => {
    const fotosAntes = (await t.database.db.select().from(fotosClinicas)).length;
    const archivosAntes = (await t.database.db.select().from(archivos)).length;
    for (const [nombre, bomba] of [
      ['bomba.png', pngGigante(20_000, 20_000)],
      ['bomba.jpg', jpegGigante(20_000, 20_000)],
      ['bomba.webp', webpGigante(16_000, 16_000)],
    ] as const) {
      expect(bomba.length).toBeLessThan(1024);
      const foto = await subir(rutas.fotos(citaId), doctor, bomba, nombre, { etiqueta: 'antes', zona: 'Frente' });
      // The PNG is a complete header: refused by the pixel limit; the bare JPEG/WebP headers as unreadable.
      expect(nombre === 'bomba.png' ? [413] : [413, 415], `${nombre}: ${foto.body}`).toContain(foto.statusCode);
      expect(foto.json().code).toBe(foto.statusCode === 413 ? 'ARCHIVO_DEMASIADO_GRANDE' : 'ARCHIVO_INVALIDO');
      if (nombre !== 'bomba.webp') {
        const resultado = await subir(rutas.resultados(citaId), paciente, bomba, nombre);
        expect([413, 415], `${nombre}: ${resultado.body}`).toContain(resultado.statusCode);
      }
    }
    expect((await t.database.db.select().from(fotosClinicas)).length).toBe(fotosAntes);
    expect((await t.database.db.select().from(archivos)).length).toBe(archivosAntes);
  });

  it('bad labels, zones and files are refused in Spanish', async () => {
    const png = await pngDePrueba(60, 40);
    const etiqueta = await subir(rutas.fotos(citaId), doctor, png, 'a.png', { etiqueta: 'durante', zona: 'Frente' });
    expect(etiqueta.statusCode).toBe(400);
    expect(etiqueta.json().error).toBe(M.etiquetaInvalida);
    const zona = await subir(rutas.fotos(citaId), doctor, png, 'a.png', { etiqueta: 'antes', zona: '  ' });
    expect(zona.json().error).toBe(M.zonaRequerida);
    const exe = await subir(rutas.fotos(citaId), doctor, EXE, 'foto.jpg', { etiqueta: 'antes', zona: 'Frente' });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error).toBe(M.fotoInvalida);
    const pdf = await subir(rutas.fotos(citaId), doctor, PDF, 'foto.jpg', { etiqueta: 'antes', zona: 'Frente' });
    expect(pdf.statusCode).toBe(415);
  });

  it('the patient and the doctor see them; assistants only that they exist; others nothing', async () => {
    const paraPaciente = (await pedir('GET', rutas.fotos(citaId), paciente)).json<FotosDeCitaWire>();
    expect(paraPaciente.puede_subir).toBe(false);
    expect(paraPaciente.fotos.map((f) => [f.etiqueta, f.zona, typeof f.archivo_id])).toEqual([
      ['antes', 'Frente', 'number'],
      ['despues', 'Frente', 'number'],
    ]);
    const paraDoctor = (await pedir('GET', rutas.fotos(citaId), doctor)).json<FotosDeCitaWire>();
    expect(paraDoctor).toMatchObject({ puede_subir: true, motivo_sin_permiso: null });
    const paraAsistente = (await pedir('GET', rutas.fotos(citaId), asistente)).json<FotosDeCitaWire>();
    expect(paraAsistente.fotos.every((f) => f.archivo_id === null)).toBe(true);
    expect((await pedir('GET', rutas.fotos(citaId), otraPaciente)).statusCode).toBe(404);
    expect((await pedir('GET', rutas.fotos(citaId), otroDoctor)).statusCode).toBe(404);
    // Another doctor may not attach photos to an appointment that is not theirs.
    const ajena = await subir(rutas.fotos(citaId), otroDoctor, await pngDePrueba(20, 20), 'x.png', {
      etiqueta: 'antes',
      zona: 'Frente',
    });
    expect(ajena.statusCode).toBe(404);
    for (const quien of [otraPaciente, asistente, admin]) {
      expect((await pedir('GET', archivosPaths.descargar(paraPaciente.fotos[0]!.archivo_id!), quien)).statusCode).toBe(
        404,
      );
    }
  });

  it('the patient’s timeline groups their photos by appointment; another patient’s is refused', async () => {
    const res = await pedir('GET', rutas.fotosPaciente(paciente.id), paciente);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const linea = res.json<FotosDePacienteWire>();
    expect(linea).toHaveLength(1);
    expect(linea[0]).toMatchObject({ cita_id: citaId, fecha: expect.any(String) });
    expect(linea[0]!.fotos).toHaveLength(2);
    expect((await pedir('GET', rutas.fotosPaciente(paciente.id), otraPaciente)).statusCode).toBe(403);
  });

  it('the patient’s complete copy (PDF) lists their exam results and photos', async () => {
    const res = await pedir('GET', copiaHistoriaPaths.miPdf(paciente.id), paciente);
    expect(res.statusCode).toBe(200);
    const texto = await textoDelPdf(res.rawPayload);
    for (const esperado of [
      'Resultados de exámenes y fotos clínicas',
      'Resultado de examen: Hemograma junio.pdf',
      `Foto clínica: foto-antes-cita-${citaId}.jpg`,
      `Foto clínica: foto-despues-cita-${citaId}.png`,
    ])
      expect(texto, esperado).toContain(esperado);
  });

  it('a revoked consent stops new photos', async () => {
    const [c] = (await t.database.db.execute(sql`select id from consentimientos where paciente_id = ${paciente.id}`))
      .rows as [{ id: number }];
    expect((await pedir('POST', consentimientosPaths.revocar(c.id), paciente, {})).statusCode).toBe(200);
    const res = await subir(rutas.fotos(citaId), doctor, await pngDePrueba(20, 20), 'x.png', {
      etiqueta: 'despues',
      zona: 'Frente',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(M.sinConsentimiento);
  });

  it('the database refuses to change or delete a photo', async () => {
    await expect(t.database.db.execute(sql`delete from fotos_clinicas`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update fotos_clinicas set zona = 'Otra'`)).rejects.toThrow();
  });
});
