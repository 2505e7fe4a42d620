// /apiprocedimientos: catalogue of procedures (public read, staff write), image upload/removal/order,
// and GET /media/procedimientos/<archivo> serving the stored copies with an immutable cache header, loadable from
// any origin.
// Method, path, auth rule and schemas of every /apiprocedimientos route come from procedimientosEndpoints.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGEN_ALT_MAX,
  IMAGEN_CAMPO,
  IMAGEN_CAMPO_ALT,
  IMAGEN_MAX_BYTES,
  procedimientosEndpoints as endpoints,
} from '@clinica/contracts/catalogo';
import { errorSchema } from '@clinica/contracts/errors';
import { AppError } from '../../lib/app-error.ts';
import { aBuffer, leerMultipart } from '../../lib/multipart.ts';
import { ruta } from '../../lib/ruta.ts';
import type { Storage } from '../../lib/storage.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import { ARCHIVO_MEDIA, CARPETA, MEDIA_PREFIX } from './imagenes.ts';
import type { CatalogoCache } from './catalogo-cache.ts';
import { esPersonal, rutasDeFicha } from './rutas-ficha.ts';
import type { ProcedimientosService } from './procedimientos.service.ts';

const schema = { tags: ['procedimientos'] };

const imagenMuyGrande = () => new AppError('ARCHIVO_DEMASIADO_GRANDE', 413, 'La imagen supera el máximo de 5 MB.');

/** Bytes of a whole upload request: the image plus the alt field and the envelope. */
const MAX_TOTAL_SUBIDA = IMAGEN_MAX_BYTES + 64 * 1024;

/** Reads the multipart body in one pass: the file in `imagen` (at most 5 MB) and the optional `alt`; any
 *  other file is drained, never kept, and the whole request is bounded. */
async function leerImagen(request: FastifyRequest): Promise<{ archivo: Buffer; alt: string }> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDACION', 400, `Envía la imagen como multipart/form-data en el campo "${IMAGEN_CAMPO}".`);
  }
  const { archivo, campos } = await leerMultipart(request, {
    campoArchivo: IMAGEN_CAMPO,
    maxTotal: MAX_TOTAL_SUBIDA,
    recibir: aBuffer,
    muyGrande: imagenMuyGrande,
    nombre: { uno: 'una imagen', el: 'la imagen' },
  });
  const alt = (campos[IMAGEN_CAMPO_ALT] ?? '').trim();
  if (!archivo || archivo.length === 0) {
    throw new AppError('VALIDACION', 400, `Adjunta una imagen en el campo "${IMAGEN_CAMPO}".`, [
      { campo: IMAGEN_CAMPO, mensaje: 'Adjunta una imagen.' },
    ]);
  }
  if (alt.includes('\u0000')) {
    throw new AppError('VALIDACION', 400, 'La descripción de la imagen contiene caracteres no permitidos.', [
      { campo: IMAGEN_CAMPO_ALT, mensaje: 'Contiene caracteres no permitidos' },
    ]);
  }
  if (alt.length > IMAGEN_ALT_MAX) {
    throw new AppError('VALIDACION', 400, `La descripción de la imagen admite máximo ${IMAGEN_ALT_MAX} caracteres.`, [
      { campo: IMAGEN_CAMPO_ALT, mensaje: `Máximo ${IMAGEN_ALT_MAX} caracteres` },
    ]);
  }
  return { archivo, alt };
}

/** Anonymous reads come from memory (catalogo-cache.ts); signed-in users read as before, with no-store. */
export const procedimientosRoutes: FastifyPluginAsyncZod<{
  service: ProcedimientosService;
  storage: Storage;
  cache: CatalogoCache;
}> = async (app, { service, storage, cache }) => {
  // Multipart only in this scope: one file of at most 5 MB per request (plus the alt field).
  await app.register(multipart, {
    limits: { fileSize: IMAGEN_MAX_BYTES, files: 10, fields: 10, parts: 20, fieldSize: 4096 },
    throwFileSizeLimit: true,
  });

  app.route({
    ...ruta(endpoints.listar, { schema }),
    handler: async (request, reply) => {
      const query = request.query;
      if (request.usuario) return service.listar(query, esPersonal(request));
      // The public key: what the public answer depends on (incluirInactivos is ignored for the public).
      const { categoriaId, q, pagina, porPagina } = query;
      const clave = JSON.stringify(['p', categoriaId ?? null, q ?? null, pagina, porPagina]);
      return cache.responder(request, reply, clave, () => service.listar(query, false));
    },
  });

  rutasDeFicha(app, { endpoints, service, cache, clave: 'pd', schema });

  app.route({
    ...ruta(endpoints.subirImagen, { schema }),
    handler: async (request, reply) => {
      const { archivo, alt } = await leerImagen(request);
      return reply
        .code(201)
        .send(await service.agregarImagen(request.params.id, archivo, alt, usuarioDe(request), origen(request)));
    },
  });

  app.route({
    ...ruta(endpoints.eliminarImagen, { schema }),
    handler: async (request) =>
      service.eliminarImagen(request.params.id, request.params.imagenId, usuarioDe(request), origen(request)),
  });

  app.route({
    ...ruta(endpoints.ordenarImagenes, { schema }),
    handler: async (request) =>
      service.ordenarImagenes(request.params.id, request.body.orden, usuarioDe(request), origen(request)),
  });

  // Stored copies. Names are random and never reused, so browsers and proxies may keep them forever. They are the
  // public catalogue's pictures: a web on another origin (VITE_API_URL + CORS_ORIGINS) shows them from here, so they
  // alone are Cross-Origin-Resource-Policy: cross-origin (issue 27.2); private files keep same-origin.
  app.get(
    `${MEDIA_PREFIX}${CARPETA}/:archivo`,
    {
      config: { auth: 'publico' },
      schema: {
        hide: true,
        params: z.object({ archivo: z.string().max(100) }),
        // 200 is a file stream (image/webp): nothing for the JSON serializer to filter.
        response: { 200: z.any(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { archivo } = request.params;
      const noHay = () => reply.code(404).send({ error: 'Imagen no encontrada', code: 'NO_ENCONTRADO' });
      if (!ARCHIVO_MEDIA.test(archivo)) return noHay();
      const guardado = await storage.get(`${CARPETA}/${archivo}`);
      if (!guardado) return noHay();
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', guardado.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(guardado.stream);
    },
  );
};
