// Procedure images: content checks (not names or declared types), size and count limits, the two
// WebP copies without metadata served with an immutable cache header and loadable from any origin, removal and
// ordering.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { procedimientosPaths, type ImagenWire, type ProcedimientoWire } from '@clinica/contracts/catalogo';
import { createTestApp, type TestContext, inyectar } from './helpers.ts';
import { crearUsuario, crearUsuariosPorRol, type UsuariosPorRol } from './auth-helpers.ts';
import { crearCategoria, crearProcedimiento, multipart, pngDePrueba, subirImagen } from './catalogo-fixtures.ts';

let t: TestContext;
let u: UsuariosPorRol;
let admin: Record<string, string>;
let dataDir: string;
let categoriaId: number;

const carpeta = () => path.join(dataDir, 'uploads', 'procedimientos');
const archivosGuardados = async () => (existsSync(carpeta()) ? (await readdir(carpeta())).sort() : []);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'clinica-imagenes-'));
  t = await createTestApp({ config: { dataDir } });
  u = await crearUsuariosPorRol(t.database);
  admin = u.administrador.headers;
  categoriaId = (await crearCategoria(t.app, admin)).id;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('upload checks', () => {
  let p: ProcedimientoWire;
  beforeAll(async () => {
    p = await crearProcedimiento(t.app, admin, categoriaId);
  });

  it('a text file renamed .jpg with an image type is refused by content: 415', async () => {
    const res = await subirImagen(t.app, admin, p.id, Buffer.from('esto no es una imagen, solo texto\n'.repeat(50)), {
      nombre: 'foto.jpg',
      tipo: 'image/jpeg',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'El archivo no es una imagen JPEG, PNG o WebP.', code: 'ARCHIVO_INVALIDO' });
  });

  it('an image in another format (GIF, SVG) is refused: 415', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    for (const archivo of [gif, svg]) {
      const res = await subirImagen(t.app, admin, p.id, archivo, { nombre: 'x.png', tipo: 'image/png' });
      expect(res.statusCode).toBe(415);
    }
  });

  it('a PNG header with broken data is refused: 415', async () => {
    const png = await pngDePrueba(200, 200);
    const roto = Buffer.concat([png.subarray(0, 60), Buffer.alloc(2000, 7)]);
    const res = await subirImagen(t.app, admin, p.id, roto);
    expect(res.statusCode).toBe(415);
  });

  it('a file over 5 MB is refused: 413', async () => {
    const grande = Buffer.concat([await pngDePrueba(50, 50), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await subirImagen(t.app, admin, p.id, grande);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'La imagen supera el máximo de 5 MB.', code: 'ARCHIVO_DEMASIADO_GRANDE' });
  });

  it('no file, or not multipart: 400 in Spanish', async () => {
    const soloAlt = multipart([{ campo: 'alt', valor: 'sin imagen' }]);
    const res = await inyectar(
      t.app,
      'POST',
      procedimientosPaths.imagenes(p.id),
      { ...admin, ...soloAlt.headers },
      soloAlt.payload,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Adjunta una imagen en el campo "imagen".');
    const json = await inyectar(t.app, 'POST', procedimientosPaths.imagenes(p.id), admin, { imagen: 'x' });
    expect(json.statusCode).toBe(400);
  });

  it('an unknown procedure: 404', async () => {
    const res = await subirImagen(t.app, admin, 999999, await pngDePrueba(100, 100));
    expect(res.statusCode).toBe(404);
  });

  it('nothing was stored by the refused uploads', async () => {
    expect(await archivosGuardados()).toEqual([]);
  });
});

describe('a valid upload', () => {
  let p: ProcedimientoWire;
  let img: ImagenWire;

  beforeAll(async () => {
    p = await crearProcedimiento(t.app, admin, categoriaId, { nombre: 'Limpieza facial profunda' });
    // A PNG declared as something else still passes: the content decides.
    const res = await subirImagen(t.app, u.asistente.headers, p.id, await pngDePrueba(1600, 1000), {
      nombre: 'foto.bin',
      tipo: 'application/octet-stream',
    });
    expect(res.statusCode).toBe(201);
    img = res.json();
  });

  it('answers the image with both URLs; alt defaults to the procedure name', async () => {
    expect(img).toMatchObject({ alt: 'Limpieza facial profunda', orden: 0 });
    expect(img.url_tarjeta).toMatch(/^\/media\/procedimientos\/[a-f0-9]{32}-tarjeta\.webp$/);
    expect(img.url_detalle).toBe(img.url_tarjeta.replace('-tarjeta', '-detalle'));
  });

  it('serves the card (480x360) and detail (1200 wide) copies as WebP with an immutable cache header', async () => {
    for (const [url, ancho, alto] of [
      [img.url_tarjeta, 480, 360],
      [img.url_detalle, 1200, 750],
    ] as const) {
      const res = await inyectar(t.app, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A web on another origin (VITE_API_URL) shows them: public pictures load from any origin (issue 27.2).
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: ancho, height: alto });
    }
  });

  it('the procedure shows the image', async () => {
    const res = await inyectar(t.app, 'GET', procedimientosPaths.buscar(p.id));
    expect(res.json().imagenes).toEqual([img]);
  });

  it('unknown or malformed media names are 404', async () => {
    for (const url of [
      '/media/procedimientos/00000000000000000000000000000000-tarjeta.webp',
      '/media/procedimientos/..%2F..%2Fjwt-secret',
      '/media/procedimientos/x.webp',
    ]) {
      const res = await inyectar(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      // Only a stored picture is for other origins; the error keeps the default.
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });
});

describe('metadata, limits, order and removal', () => {
  it('EXIF (with GPS) is stripped and orientation applied', async () => {
    const p = await crearProcedimiento(t.app, admin, categoriaId);
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#c9a' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Clinica', Artist: 'Camara' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await subirImagen(t.app, admin, p.id, jpeg, {
      nombre: 'a.jpg',
      tipo: 'image/jpeg',
      alt: 'Cabina de tratamiento',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().alt).toBe('Cabina de tratamiento');
    const detalle = await inyectar(t.app, 'GET', res.json().url_detalle);
    const meta = await sharp(detalle.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    // Orientation 6 turns the 800x400 picture upright: 400x800.
    expect([meta.width, meta.height]).toEqual([400, 800]);
  });

  it('WebP input is accepted: both copies stored from its pixels', async () => {
    const p = await crearProcedimiento(t.app, admin, categoriaId);
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#abc' } })
      .webp({ lossless: true })
      .toBuffer();
    const res = await subirImagen(t.app, admin, p.id, webp, { nombre: 'a.webp', tipo: 'image/webp' });
    expect(res.statusCode, res.body).toBe(201);
    // The card is cropped to 480x360; the detail copy is never enlarged past the 300x300 original.
    for (const [url, ancho, alto] of [
      [res.json().url_tarjeta, 480, 360],
      [res.json().url_detalle, 300, 300],
    ] as const) {
      const copia = await inyectar(t.app, 'GET', url);
      expect(copia.statusCode).toBe(200);
      const imagen = sharp(copia.rawPayload);
      expect(await imagen.metadata()).toMatchObject({ format: 'webp', width: ancho, height: alto });
      const { channels } = await imagen.stats();
      // #abc (red 0xaa, green 0xbb, blue 0xcc), give or take the lossy encoding.
      const medias = channels.slice(0, 3).map((c) => c.mean);
      [0xaa, 0xbb, 0xcc].forEach((v, k) => expect(Math.abs(medias[k]! - v)).toBeLessThan(8));
    }
    expect((await inyectar(t.app, 'GET', procedimientosPaths.buscar(p.id))).json().imagenes).toEqual([res.json()]);
  });

  it('the 11th image is refused with 422; reorder and removal work', async () => {
    const p = await crearProcedimiento(t.app, admin, categoriaId);
    const png = await pngDePrueba(200, 150);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await subirImagen(t.app, u.doctor.headers, p.id, png);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    const once = await subirImagen(t.app, admin, p.id, png);
    expect(once.statusCode).toBe(422);
    expect(once.json()).toEqual({ error: 'Un procedimiento puede tener máximo 10 imágenes.', code: 'REGLA_NEGOCIO' });

    // Reorder: must be a permutation of this procedure's images.
    const alReves = [...ids].reverse();
    const orden = await inyectar(t.app, 'PUT', procedimientosPaths.ordenImagenes(p.id), admin, { orden: alReves });
    expect(orden.statusCode).toBe(200);
    expect((orden.json() as ImagenWire[]).map((i) => i.id)).toEqual(alReves);
    const detalle: ProcedimientoWire = (await inyectar(t.app, 'GET', procedimientosPaths.buscar(p.id))).json();
    expect(detalle.imagenes.map((i) => i.id)).toEqual(alReves);
    expect(detalle.imagenes.map((i) => i.orden)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const malo of [ids.slice(1), [...ids.slice(1), ids[1]!], [...ids.slice(1), 999999]]) {
      const res = await inyectar(t.app, 'PUT', procedimientosPaths.ordenImagenes(p.id), admin, { orden: malo });
      expect(res.statusCode).toBe(422);
    }

    // Removing one deletes both files; an image of another procedure is 404.
    const quitar = detalle.imagenes[0]!;
    const otro = await crearProcedimiento(t.app, admin, categoriaId);
    expect((await inyectar(t.app, 'DELETE', procedimientosPaths.imagen(otro.id, quitar.id), admin)).statusCode).toBe(
      404,
    );
    const del = await inyectar(t.app, 'DELETE', procedimientosPaths.imagen(p.id, quitar.id), admin);
    expect(del.statusCode).toBe(200);
    expect((await inyectar(t.app, 'GET', quitar.url_tarjeta)).statusCode).toBe(404);
    expect((await inyectar(t.app, 'GET', quitar.url_detalle)).statusCode).toBe(404);
    // Room for one more now.
    expect((await subirImagen(t.app, admin, p.id, png)).statusCode).toBe(201);
  });

  it('concurrent uploads never exceed 10 images', async () => {
    const p = await crearProcedimiento(t.app, admin, categoriaId);
    const png = await pngDePrueba(120, 90);
    for (let i = 0; i < 8; i++) await subirImagen(t.app, admin, p.id, png);
    // Five staff members at once (one person has at most two images in progress: lib/turno-imagen.ts).
    const personas = await Promise.all(
      Array.from({ length: 5 }, async () => (await crearUsuario(t.database, 'administrador')).headers),
    );
    const res = await Promise.all(personas.map((h) => subirImagen(t.app, h, p.id, png)));
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 201, 422, 422, 422]);
    const detalle: ProcedimientoWire = (await inyectar(t.app, 'GET', procedimientosPaths.buscar(p.id))).json();
    expect(detalle.imagenes).toHaveLength(10);
  });

  it('deleting a procedure removes its image files', async () => {
    const p = await crearProcedimiento(t.app, admin, categoriaId);
    const img: ImagenWire = (await subirImagen(t.app, admin, p.id, await pngDePrueba(300, 200))).json();
    const archivo = path.join(carpeta(), path.basename(img.url_tarjeta));
    expect(existsSync(archivo)).toBe(true);
    const res = await inyectar(t.app, 'DELETE', procedimientosPaths.eliminar(p.id), admin);
    expect(res.json().desactivado).toBe(false);
    expect(existsSync(archivo)).toBe(false);
    expect(existsSync(archivo.replace('-tarjeta', '-detalle'))).toBe(false);
  });
});
