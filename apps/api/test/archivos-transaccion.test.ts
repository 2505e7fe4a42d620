// Private files belong to the transaction that needs them (issue 22, item 5; decision 0053): a change that loses its
// race after its files were written (a double click on "sign", an upload while the appointment is cancelled) leaves
// no file row and no bytes; bytes a crash left without a row are swept at start and every hour.
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adjuntosPaths } from '@clinica/contracts/adjuntos';
import { consentimientosPaths } from '@clinica/contracts/consentimientos';
import { evolucionesPaths } from '@clinica/contracts/evoluciones';
import { archivos, auditoria, citas, usuarios } from '../src/db/schema/index.ts';
import { MENSAJES_ADJUNTOS } from '../src/features/adjuntos/adjuntos.service.ts';
import { MENSAJES_CONSENTIMIENTO } from '../src/features/consentimientos/consentimientos.service.ts';
import { MENSAJES_EVOLUCION } from '../src/features/evoluciones/evoluciones.service.ts';
import { createLocalStorage, privadoDir } from '../src/lib/storage.ts';
import { PLAZO_HUERFANOS_MS } from '../src/platform/archivos.barrido.ts';
import { crearCategoria, crearProcedimiento, pngDePrueba } from './catalogo-fixtures.ts';
import { firmaConsentimiento, haceHoras, insertarCita, pedidor, subirArchivo } from './clinica-fixtures.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';
import { directorioTemporal } from './temporales.ts';

let t: TestContext;
let dataDir: string;
let doctor: UsuarioDePrueba;
let asistente: UsuarioDePrueba;
let procedimientoId: number;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let citasCreadas = 0;
/** A procedure appointment of the doctor that started a few hours ago (each an hour before the last). */
const nuevaCita = (pacienteId: number) =>
  insertarCita(t.database, {
    pacienteId,
    doctorId: doctor.id,
    inicio: haceHoras(++citasCreadas),
    tipo: 'procedimiento',
    procedimientoId,
  });

const post = (url: string, quien: UsuarioDePrueba, payload?: object) =>
  pedidor(() => t.app)('POST', url, quien, payload);
const subir = (url: string, quien: UsuarioDePrueba, archivo: Buffer, nombre: string, campos: object = {}) =>
  subirArchivo(t.app, url, quien, archivo, nombre, campos);

/**
 * Holds the next change that stores private files after every check passed and its documents were built, just
 * before it writes them, until `soltar()`: what a second request does while the first one commits.
 */
function retenerSiguiente() {
  const servicio = t.app.services.archivos;
  const original = servicio.conArchivos.bind(servicio);
  let llegar!: () => void;
  let soltar!: () => void;
  const llego = new Promise<void>((r) => (llegar = r));
  const suelto = new Promise<void>((r) => (soltar = r));
  const espia = vi.spyOn(servicio, 'conArchivos').mockImplementationOnce((async (
    fn: Parameters<typeof original>[0],
  ) => {
    llegar();
    await suelto;
    return original(fn);
  }) as typeof original);
  return {
    llego,
    soltar() {
      soltar();
      espia.mockRestore();
    },
  };
}

/** The keys of every private file on disk and of every file row: equal when nothing is orphaned. */
async function enDiscoYEnFilas() {
  const enDisco: string[] = [];
  for await (const { key } of createLocalStorage(privadoDir(dataDir), { privado: true }).list()) enDisco.push(key);
  const filas = await t.database.db.select({ clave: archivos.clave }).from(archivos);
  return { enDisco: enDisco.sort(), enFilas: filas.map((f) => f.clave).sort() };
}

async function filasDe(pacienteId: number) {
  const filas = await t.database.db.select().from(archivos).where(eq(archivos.propietario_id, pacienteId));
  const [auditadas] = await t.database.db
    .select({ n: count() })
    .from(auditoria)
    .innerJoin(archivos, sql`${archivos.id}::text = ${auditoria.recurso_id}`)
    .where(
      and(
        eq(auditoria.accion, 'archivo.guardar'),
        eq(auditoria.recurso, 'archivo'),
        eq(archivos.propietario_id, pacienteId),
      ),
    );
  return { filas, auditadas: auditadas!.n };
}

beforeAll(async () => {
  dataDir = directorioTemporal('clinica-archivos-transaccion');
  t = await createTestApp({ config: { dataDir } });
  doctor = await crearUsuario(t.database, 'doctor');
  asistente = await crearUsuario(t.database, 'asistente');
  const admin = await crearUsuario(t.database, 'administrador');
  await t.database.db.update(usuarios).set({ registro_profesional: 'RM 25-118734' }).where(eq(usuarios.id, doctor.id));
  const cat = await crearCategoria(t.app, admin.headers);
  procedimientoId = (await crearProcedimiento(t.app, admin.headers, cat.id)).id;
  const plantilla = await post(consentimientosPaths.plantillas(procedimientoId), asistente, {
    texto: 'Riesgos: enrojecimiento y ardor por unos días. Alternativas: no tratarse. Cuidados: protector solar.',
  });
  expect(plantilla.statusCode, plantilla.body).toBe(201);
});
afterAll(() => t.close());

describe('a change that loses its race after storing its files leaves none', () => {
  it('notes: of two signatures at once, one signs (200) and the other gets 409; one set of PDFs', async () => {
    const paciente = await crearUsuario(t.database, 'paciente');
    const citaId = await nuevaCita(paciente.id);
    const borrador = await post(evolucionesPaths.porCita(citaId), doctor, {
      motivo: 'Control',
      hallazgos: 'Sin hallazgos nuevos.',
      procedimiento_realizado: '',
      productos: [],
      indicaciones: 'Protector solar.',
      formulas: [
        { nombre: 'Hidroquinona 4 %', dosis: 'Capa delgada', frecuencia: 'Cada noche', duracion: '8 semanas' },
      ],
      ordenes: [{ examen: 'TSH', indicaciones: 'En ayunas' }],
    });
    expect(borrador.statusCode, borrador.body).toBe(201);
    const id = borrador.json<{ id: number }>().id;

    const retenida = retenerSiguiente();
    const segunda = post(evolucionesPaths.firmar(id), doctor);
    await retenida.llego;
    const primera = await post(evolucionesPaths.firmar(id), doctor);
    retenida.soltar();
    const perdedora = await segunda;

    expect(primera.statusCode, primera.body).toBe(200);
    expect(perdedora.statusCode, perdedora.body).toBe(409);
    expect(perdedora.json().error).toBe(MENSAJES_EVOLUCION.yaFirmada);
    const nota = primera.json<{ receta: { archivo_id: number }; orden_examenes: { archivo_id: number } }>();
    const { filas, auditadas } = await filasDe(paciente.id);
    expect(filas.map((f) => f.id).sort()).toEqual([nota.receta.archivo_id, nota.orden_examenes.archivo_id].sort());
    expect(auditadas).toBe(2);
    const { enDisco, enFilas } = await enDiscoYEnFilas();
    expect(enDisco).toEqual(enFilas);
  });

  it('consents: of two signatures at once, one signs (201) and the other gets 409; one signature, one PDF', async () => {
    const paciente = await crearUsuario(t.database, 'paciente');
    const citaId = await nuevaCita(paciente.id);

    const retenida = retenerSiguiente();
    const segunda = post(consentimientosPaths.firmar(citaId), paciente, firmaConsentimiento(true, 2));
    await retenida.llego;
    const primera = await post(consentimientosPaths.firmar(citaId), paciente, firmaConsentimiento(true, 2));
    retenida.soltar();
    const perdedora = await segunda;

    expect(primera.statusCode, primera.body).toBe(201);
    expect(perdedora.statusCode, perdedora.body).toBe(409);
    expect(perdedora.json().error).toBe(MENSAJES_CONSENTIMIENTO.yaFirmado);
    const { filas, auditadas } = await filasDe(paciente.id);
    expect(filas.map((f) => f.categoria).sort()).toEqual(['documento', 'firma']);
    expect(filas.find((f) => f.categoria === 'documento')!.id).toBe(
      primera.json<{ pdf: { archivo_id: number } }>().pdf.archivo_id,
    );
    expect(auditadas).toBe(2);
    const { enDisco, enFilas } = await enDiscoYEnFilas();
    expect(enDisco).toEqual(enFilas);
  });

  it('attachments: a result or a photo stored while the appointment is cancelled gets 409 and leaves nothing', async () => {
    const paciente = await crearUsuario(t.database, 'paciente');
    const citaId = await nuevaCita(paciente.id);
    expect((await post(consentimientosPaths.firmar(citaId), paciente, firmaConsentimiento(true, 2))).statusCode).toBe(
      201,
    );
    const antes = await filasDe(paciente.id);

    const intentos = [
      () => subir(adjuntosPaths.resultados(citaId), paciente, PDF, 'Hemograma.pdf'),
      async () =>
        subir(adjuntosPaths.fotos(citaId), doctor, await pngDePrueba(80, 60), 'a.png', {
          etiqueta: 'antes',
          zona: 'Frente',
        }),
    ];
    for (const [i, intento] of intentos.entries()) {
      await t.database.db.update(citas).set({ estado: 'confirmada' }).where(eq(citas.id, citaId));
      const retenida = retenerSiguiente();
      const subida = intento();
      await retenida.llego;
      await t.database.db.update(citas).set({ estado: 'cancelada' }).where(eq(citas.id, citaId));
      retenida.soltar();
      const res = await subida;
      expect(res.statusCode, `${i}: ${res.body}`).toBe(409);
      expect(res.json().error).toBe(MENSAJES_ADJUNTOS.citaCancelada);
    }
    expect(await filasDe(paciente.id)).toEqual(antes);
    const { enDisco, enFilas } = await enDiscoYEnFilas();
    expect(enDisco).toEqual(enFilas);
  });
});

describe('the sweeper', () => {
  /** A file in private storage as a crashed process would have left it, written `edadMs` ago. */
  async function dejar(clave: string, edadMs: number, dir = dataDir) {
    const ruta = path.join(privadoDir(dir), ...clave.split('/'));
    await mkdir(path.dirname(ruta), { recursive: true });
    await writeFile(ruta, PDF);
    const cuando = new Date(Date.now() - edadMs);
    await utimes(ruta, cuando, cuando);
    return ruta;
  }

  it('removes old bytes no row names and crashed writes, keeps named files and young ones', async () => {
    const viejo = PLAZO_HUERFANOS_MS + 60_000;
    const huerfano = await dejar('documento/0123456789abcdef0123456789abcdef', viejo);
    const aMedias = await dejar('documento/fedcba9876543210fedcba9876543210.a1b2c3d4e5f6.tmp', viejo);
    const joven = await dejar('documento/00000000000000000000000000000001', 0);
    // A named file as old as the orphan stays.
    const [nombrado] = await t.database.db.select({ clave: archivos.clave }).from(archivos).limit(1);
    const rutaNombrado = await dejar(nombrado!.clave, viejo);

    expect(await t.app.services.barridoArchivos.barrer()).toBe(2);
    expect([existsSync(huerfano), existsSync(aMedias), existsSync(joven), existsSync(rutaNombrado)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(await t.app.services.barridoArchivos.barrer(0)).toBe(1);
    expect(existsSync(joven)).toBe(false);
    const { enDisco, enFilas } = await enDiscoYEnFilas();
    expect(enDisco).toEqual(enFilas);
  });

  it('runs when the server starts', async () => {
    // Its own DATA_DIR: this app's database names none of the files of the one above.
    const otroDir = directorioTemporal('clinica-barrido-al-iniciar');
    const huerfano = await dejar('firma/abcdefabcdefabcdefabcdefabcdefab', PLAZO_HUERFANOS_MS + 60_000, otroDir);
    const otra = await createTestApp({ config: { dataDir: otroDir } });
    try {
      await vi.waitFor(() => expect(existsSync(huerfano)).toBe(false), { timeout: 10_000 });
    } finally {
      await otra.close();
    }
  });
});
