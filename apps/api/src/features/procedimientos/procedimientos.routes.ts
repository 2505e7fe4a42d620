// /apiprocedimientos: catalogue of procedures (public read, staff write), image upload/removal/order,
// and GET /media/procedimientos/<archivo> serving the stored copies with an immutable cache header.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGEN_ALT_MAX,
  IMAGEN_CAMPO,
  IMAGEN_CAMPO_ALT,
  IMAGEN_MAX_BYTES,
  catalogoIdParam,
  crearProcedimientoSchema,
  editarProcedimientoSchema,
  eliminarProcedimientoRespuestaSchema,
  imagenParams,
  imagenSchema,
  listaImagenesSchema,
  listaProcedimientosSchema,
  listarProcedimientosQuery,
  ordenarImagenesSchema,
  procedimientoSchema,
  procedimientosPaths,
  rolesGestionCatalogo,
} from '@clinica/contracts/catalogo';
import { mensajeSchema } from '@clinica/contracts/common';
import { errorSchema } from '@clinica/contracts/errors';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../lib/storage.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import { ARCHIVO_MEDIA, CARPETA, MEDIA_PREFIX } from './imagenes.ts';
import type { Actor, ProcedimientosService } from './procedimientos.service.ts';

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
const tags = ['procedimientos'];
const personal = rolesGestionCatalogo;

const esPersonal = (request: FastifyRequest) =>
  !!request.usuario && (personal as readonly string[]).includes(request.usuario.rol);
const actorDe = (request: FastifyRequest): Actor => ({ usuarioId: usuarioDe(request).id, ip: request.ip });

const imagenMuyGrande = () => new AppError('ARCHIVO_INVALIDO', 413, 'La imagen supera el máximo de 5 MB.');

/** Reads the multipart body: the file in `imagen` (buffered, at most 5 MB) and the optional `alt`. */
async function leerImagen(request: FastifyRequest): Promise<{ archivo: Buffer; alt: string }> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDACION', 400, `Envía la imagen como multipart/form-data en el campo "${IMAGEN_CAMPO}".`);
  }
  let archivo: Buffer | undefined;
  let alt = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const datos = await part.toBuffer(); // also drains parts we do not use
        if (part.fieldname === IMAGEN_CAMPO && !archivo) archivo = datos;
      } else if (part.fieldname === IMAGEN_CAMPO_ALT && typeof part.value === 'string') {
        alt = part.value.trim();
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imagenMuyGrande();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('ARCHIVO_INVALIDO', 413, 'La solicitud tiene demasiadas partes. Envía una imagen a la vez.');
    }
    if (err instanceof AppError) throw err;
    // Anything else here is the client's envelope (no boundary, truncated body, malformed part header).
    throw new AppError('VALIDACION', 400, 'El formulario multipart está mal formado. Envía la imagen de nuevo.');
  }
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

export const procedimientosRoutes: FastifyPluginAsyncZod<{ service: ProcedimientosService; storage: Storage }> = async (
  app,
  { service, storage },
) => {
  // Multipart only in this scope: one file of at most 5 MB per request (plus the alt field).
  await app.register(multipart, {
    limits: { fileSize: IMAGEN_MAX_BYTES, files: 10, fields: 10, parts: 20, fieldSize: 4096 },
    throwFileSizeLimit: true,
  });

  app.get(
    procedimientosPaths.listar,
    {
      config: { auth: 'opcional' },
      schema: {
        tags,
        querystring: listarProcedimientosQuery,
        response: { 200: listaProcedimientosSchema, 400: errorSchema },
      },
    },
    async (request) => service.listar(request.query, esPersonal(request)),
  );

  app.get(
    procedimientosPaths.buscar(':id'),
    {
      config: { auth: 'opcional' },
      schema: {
        tags,
        params: catalogoIdParam,
        response: { 200: procedimientoSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => service.buscar(request.params.id, esPersonal(request)),
  );

  app.post(
    procedimientosPaths.crear,
    {
      config: { auth: personal },
      schema: { tags, body: crearProcedimientoSchema, response: { 201: procedimientoSchema, ...errores } },
    },
    async (request, reply) => reply.code(201).send(await service.crear(request.body, actorDe(request))),
  );

  app.patch(
    procedimientosPaths.editar(':id'),
    {
      config: { auth: personal },
      schema: {
        tags,
        params: catalogoIdParam,
        body: editarProcedimientoSchema,
        response: { 200: procedimientoSchema, ...errores },
      },
    },
    async (request) => service.editar(request.params.id, request.body, actorDe(request)),
  );

  app.delete(
    procedimientosPaths.eliminar(':id'),
    {
      config: { auth: personal },
      schema: { tags, params: catalogoIdParam, response: { 200: eliminarProcedimientoRespuestaSchema, ...errores } },
    },
    async (request) => service.eliminar(request.params.id, actorDe(request)),
  );

  app.post(
    procedimientosPaths.imagenes(':id'),
    {
      config: { auth: personal },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: catalogoIdParam,
        response: { 201: imagenSchema, ...errores, 413: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const { archivo, alt } = await leerImagen(request);
      return reply.code(201).send(await service.agregarImagen(request.params.id, archivo, alt, actorDe(request)));
    },
  );

  app.delete(
    procedimientosPaths.imagen(':id', ':imagenId'),
    {
      config: { auth: personal },
      schema: { tags, params: imagenParams, response: { 200: mensajeSchema, ...errores } },
    },
    async (request) => service.eliminarImagen(request.params.id, request.params.imagenId, actorDe(request)),
  );

  app.put(
    procedimientosPaths.ordenImagenes(':id'),
    {
      config: { auth: personal },
      schema: {
        tags,
        params: catalogoIdParam,
        body: ordenarImagenesSchema,
        response: { 200: listaImagenesSchema, ...errores },
      },
    },
    async (request) => service.ordenarImagenes(request.params.id, request.body.orden, actorDe(request)),
  );

  // Stored copies. Names are random and never reused, so browsers and proxies may keep them forever.
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
      const ruta = storage.path(`${CARPETA}/${archivo}`);
      const info = await stat(ruta).catch(() => null);
      if (!info?.isFile()) return noHay();
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', info.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(ruta));
    },
  );
};
