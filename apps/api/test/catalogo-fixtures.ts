// Catalogue state for API tests, created through the API as staff would.
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import {
  categoriasPaths,
  procedimientosPaths,
  type CategoriaWire,
  type ProcedimientoWire,
} from '@clinica/contracts/catalogo';

import { crearUsuariosPorRol, type UsuariosPorRol } from './auth-helpers.ts';
import { createTestApp, type TestContext, inyectar } from './helpers.ts';

/** A page of the public procedure list, as the API answers it. */
export type ListaProcedimientos = { items: ProcedimientoWire[]; total: number; pagina: number; porPagina: number };

/** A test app with one user per role; `admin` is the administrator's headers (catalogue writes need staff). */
export type AppConRoles = { t: TestContext; u: UsuariosPorRol; admin: Record<string, string> };
export async function appConRoles(): Promise<AppConRoles> {
  const t = await createTestApp();
  const u = await crearUsuariosPorRol(t.database);
  return { t, u, admin: u.administrador.headers };
}

/** A page of the procedure list for the query, as `headers` see it (anonymous by default). */
export async function listarProcedimientos(
  app: FastifyInstance,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<ListaProcedimientos> {
  return (await app.inject({ method: 'GET', url: procedimientosPaths.listar, headers, query })).json();
}

let n = 0;

export async function crearCategoria(
  app: FastifyInstance,
  headers: Record<string, string>,
  datos: { nombre?: string; activa?: boolean; descripcion?: string } = {},
): Promise<CategoriaWire> {
  n += 1;
  const res = await inyectar(app, 'POST', categoriasPaths.crear, headers, { nombre: `Categoría ${n}`, ...datos });
  if (res.statusCode !== 201) throw new Error(`crearCategoria: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function crearProcedimiento(
  app: FastifyInstance,
  headers: Record<string, string>,
  categoriaId: number,
  datos: Record<string, unknown> = {},
): Promise<ProcedimientoWire> {
  n += 1;
  const res = await inyectar(app, 'POST', procedimientosPaths.crear, headers, {
    nombre: `Procedimiento ${n}`,
    descripcion: 'Descripción de prueba suficientemente larga.',
    precio: 180000,
    duracion_minutos: 60,
    categoria_id: categoriaId,
    ...datos,
  });
  if (res.statusCode !== 201) throw new Error(`crearProcedimiento: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A multipart/form-data body with the given parts. */
export function multipart(
  partes: ({ campo: string; valor: string } | { campo: string; archivo: Buffer; nombre: string; tipo: string })[],
): { payload: Buffer; headers: Record<string, string> } {
  const limite = `----prueba${Math.random().toString(16).slice(2)}`;
  const trozos: Buffer[] = [];
  for (const p of partes) {
    if ('archivo' in p) {
      trozos.push(
        Buffer.from(
          `--${limite}\r\nContent-Disposition: form-data; name="${p.campo}"; filename="${p.nombre}"\r\nContent-Type: ${p.tipo}\r\n\r\n`,
        ),
        p.archivo,
        Buffer.from('\r\n'),
      );
    } else {
      trozos.push(
        Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="${p.campo}"\r\n\r\n${p.valor}\r\n`),
      );
    }
  }
  trozos.push(Buffer.from(`--${limite}--\r\n`));
  return { payload: Buffer.concat(trozos), headers: { 'content-type': `multipart/form-data; boundary=${limite}` } };
}

/** A small real PNG (made with sharp). */
export function pngDePrueba(ancho = 1600, alto = 1000, color = '#e8c4b4'): Promise<Buffer> {
  return sharp({ create: { width: ancho, height: alto, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Uploads a PNG as `imagen`; returns the raw response. */
export async function subirImagen(
  app: FastifyInstance,
  headers: Record<string, string>,
  procedimientoId: number,
  archivo: Buffer,
  opts: { nombre?: string; tipo?: string; alt?: string } = {},
) {
  const cuerpo = multipart([
    ...(opts.alt !== undefined ? [{ campo: 'alt', valor: opts.alt }] : []),
    { campo: 'imagen', archivo, nombre: opts.nombre ?? 'foto.png', tipo: opts.tipo ?? 'image/png' },
  ]);
  return app.inject({
    method: 'POST',
    url: `/apiprocedimientos/${procedimientoId}/imagenes`,
    headers: { ...headers, ...cuerpo.headers },
    payload: cuerpo.payload,
  });
}
