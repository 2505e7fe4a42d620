// Private files and upload parsing (issue 7, item 6): bytes checked by content, stored outside the public
// uploads, readable only by the patient they belong to and doctors through an audited, never-cached route;
// a multipart request is parsed in one pass with a total limit, other file parts never kept.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivosPaths } from '@clinica/contracts/archivos';
import { archivos, auditoria } from '../src/db/schema/index.ts';
import type { DatosArchivo } from '../src/platform/archivos.service.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { crearUsuariosPorRol, crearUsuario, type UsuariosPorRol } from './auth-helpers.ts';
import { crearCategoria, crearProcedimiento, multipart, pngDePrueba } from './catalogo-fixtures.ts';

let t: TestContext;
let u: UsuariosPorRol;
let dataDir: string;
let pdfId: number;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const descargar = (id: number | string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: archivosPaths.descargar(id), headers });
/** One file in its own transaction, as a feature's change stores one (platform/archivos.service.ts). */
const guardar = (d: DatosArchivo) =>
  t.app.services.archivos.conArchivos(async (escribir) => {
    const escrito = await escribir(d);
    return t.app.services.transaccion((tx) => t.app.services.archivos.registrar(tx, escrito));
  });
const privados = async () => {
  const carpeta = path.join(dataDir, 'privado', 'resultado_examen');
  return existsSync(carpeta) ? readdir(carpeta) : [];
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'clinica-privados-'));
  t = await createTestApp({ config: { dataDir } });
  u = await crearUsuariosPorRol(t.database);
  const fila = await guardar({
    datos: Readable.from([PDF.subarray(0, 7), PDF.subarray(7)]),
    categoria: 'resultado_examen',
    propietarioId: u.paciente.id,
    nombre: 'Resultados "hemograma" ñ.pdf',
    creadoPor: u.paciente.id,
  });
  pdfId = fila.id;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('storing a private file', () => {
  it('records type from the bytes, size and SHA-256, outside the public uploads', async () => {
    const [fila] = await t.database.db.select().from(archivos).where(eq(archivos.id, pdfId));
    expect(fila).toMatchObject({
      categoria: 'resultado_examen',
      propietario_id: u.paciente.id,
      tipo_contenido: 'application/pdf',
      tamano: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
      nombre: 'Resultados _hemograma_ ñ.pdf',
    });
    expect(await privados()).toHaveLength(1);
    expect(existsSync(path.join(dataDir, 'uploads', 'resultado_examen'))).toBe(false);
  });

  it('refuses what is not a PDF or an image, leaving no row and no file', async () => {
    const antes = (await t.database.db.select().from(archivos)).length;
    await expect(
      guardar({
        datos: Readable.from([Buffer.from('MZ\x90\x00 un ejecutable disfrazado de pdf')]),
        categoria: 'resultado_examen',
        propietarioId: u.paciente.id,
        nombre: 'examen.pdf',
        creadoPor: u.paciente.id,
      }),
    ).rejects.toMatchObject({ statusCode: 415, message: 'El archivo debe ser un PDF o una imagen JPEG, PNG o WebP.' });
    expect(await t.database.db.select().from(archivos)).toHaveLength(antes);
    expect(await privados()).toHaveLength(1);
  });
});

describe('reading a private file', () => {
  it('needs a session', async () => {
    const res = await descargar(pdfId);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('%PDF');
  });

  it('the patient it belongs to gets the bytes, never cached, as a download', async () => {
    const res = await descargar(pdfId, u.paciente.headers);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Unlike the catalogue's public pictures (cross-origin, issue 27.2), a private file never loads into another site.
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Resultados _hemograma_ _.pdf"; filename*=UTF-8''Resultados%20_hemograma_%20%C3%B1.pdf`,
    );
  });

  it('a doctor may read it; the read is audited', async () => {
    const res = await descargar(pdfId, u.doctor.headers);
    expect(res.statusCode).toBe(200);
    const filas = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'archivo.leer'), eq(auditoria.usuario_id, u.doctor.id)));
    expect(filas.map((f) => [f.resultado, f.recurso_id])).toEqual([['exito', String(pdfId)]]);
  });

  it('another patient, the assistant and the administrator get 404, as for a file that does not exist; audited', async () => {
    const otro = await crearUsuario(t.database, 'paciente');
    for (const quien of [otro, u.asistente, u.administrador]) {
      const res = await descargar(pdfId, quien.headers);
      expect(res.statusCode, quien.rol).toBe(404);
      expect(res.json()).toEqual({ error: 'No encontramos ese archivo.', code: 'NO_ENCONTRADO' });
    }
    expect((await descargar(999_999, u.paciente.headers)).json()).toEqual({
      error: 'No encontramos ese archivo.',
      code: 'NO_ENCONTRADO',
    });
    const negadas = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'archivo.leer'), eq(auditoria.resultado, 'denegado')));
    expect(negadas.map((f) => f.usuario_id)).toEqual(
      expect.arrayContaining([otro.id, u.asistente.id, u.administrador.id]),
    );
  });

  it('private files are not reachable under /media', async () => {
    const [fila] = await t.database.db.select().from(archivos).where(eq(archivos.id, pdfId));
    const res = await t.app.inject({ method: 'GET', url: `/media/${fila!.clave}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('multipart uploads', () => {
  let procedimientoId: number;
  beforeAll(async () => {
    const admin = u.administrador.headers;
    procedimientoId = (await crearProcedimiento(t.app, admin, (await crearCategoria(t.app, admin)).id)).id;
  });
  const subir = (partes: Parameters<typeof multipart>[0]) => {
    const cuerpo = multipart(partes);
    return t.app.inject({
      method: 'POST',
      url: `/apiprocedimientos/${procedimientoId}/imagenes`,
      headers: { ...u.administrador.headers, ...cuerpo.headers },
      payload: cuerpo.payload,
    });
  };

  it('other file parts are drained and ignored; only `imagen` is used', async () => {
    const res = await subir([
      { campo: 'otro', archivo: Buffer.alloc(200_000, 1), nombre: 'x.bin', tipo: 'application/octet-stream' },
      { campo: 'imagen', archivo: await pngDePrueba(400, 300), nombre: 'a.png', tipo: 'image/png' },
    ]);
    expect(res.statusCode).toBe(201);
  });

  it('a request whose parts together pass the total limit is refused with 413 and stores nothing', async () => {
    const antes = await readdir(path.join(dataDir, 'uploads', 'procedimientos'));
    const res = await subir([
      {
        campo: 'relleno',
        archivo: Buffer.alloc(3 * 1024 * 1024, 1),
        nombre: 'a.bin',
        tipo: 'application/octet-stream',
      },
      {
        campo: 'relleno2',
        archivo: Buffer.alloc(3 * 1024 * 1024, 1),
        nombre: 'b.bin',
        tipo: 'application/octet-stream',
      },
      { campo: 'imagen', archivo: await pngDePrueba(400, 300), nombre: 'a.png', tipo: 'image/png' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'La imagen supera el máximo de 5 MB.', code: 'ARCHIVO_DEMASIADO_GRANDE' });
    expect(await readdir(path.join(dataDir, 'uploads', 'procedimientos'))).toEqual(antes);
  });
});
