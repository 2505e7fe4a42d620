// /apiadjuntos/resultados and /apiadjuntos/fotos (issue 9, items 4 and 6): exam results uploaded by
// the patient and before/after photos of an appointment. Uploads are multipart, read in one bounded pass; the
// files are downloaded through /apiarchivos/descargar/{archivo_id}. No route changes or deletes either.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjuntosEndpoints as e,
  CAMPO_ARCHIVO,
  CAMPO_ETIQUETA,
  CAMPO_ORDEN,
  CAMPO_ZONA,
  CAMPO_ZONA_MAPA,
  ETIQUETAS_FOTO,
  FOTO_MAX_BYTES,
  RESULTADO_MAX_BYTES,
  ZONA_MAX,
  type EtiquetaFoto,
} from '@clinica/contracts/adjuntos';
import { ZONAS_FACIALES, type ZonaFacial } from '@clinica/contracts/mapa-facial';
import { AppError } from '../../lib/app-error.ts';
import { aBuffer, leerMultipart } from '../../lib/multipart.ts';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import { MENSAJES_ADJUNTOS, type AdjuntosService } from './adjuntos.service.ts';

const MB = 1024 * 1024;

const validacion = (campo: string, mensaje: string) => new AppError('VALIDACION', 400, mensaje, [{ campo, mensaje }]);

/** The one file of the request (bounded) and its text fields; any other file is drained, never kept. */
async function leerArchivo(request: FastifyRequest, maxBytes: number, cual: { uno: string; el: string }) {
  if (!request.isMultipart()) {
    throw new AppError('VALIDACION', 400, `Envía ${cual.el} como multipart/form-data en el campo "${CAMPO_ARCHIVO}".`);
  }
  const muyGrande = () =>
    new AppError(
      'ARCHIVO_DEMASIADO_GRANDE',
      413,
      `${cual.el[0]!.toUpperCase()}${cual.el.slice(1)} supera el máximo de ${maxBytes / MB} MB.`,
    );
  let nombre = '';
  const { archivo, campos } = await leerMultipart(request, {
    campoArchivo: CAMPO_ARCHIVO,
    maxTotal: maxBytes + 64 * 1024,
    recibir: (stream, parte) => {
      nombre = parte.filename;
      return aBuffer(stream);
    },
    muyGrande,
    nombre: cual,
  });
  if (!archivo || archivo.length === 0) {
    throw validacion(CAMPO_ARCHIVO, `Adjunta ${cual.uno} en el campo "${CAMPO_ARCHIVO}".`);
  }
  return { bytes: archivo, nombre, campos };
}

const texto = (v: string | undefined) => (v ?? '').trim();

export const adjuntosRoutes: FastifyPluginAsyncZod<{ service: AdjuntosService }> = async (app, { service }) => {
  // Multipart only in this scope: one file per request (the larger of the two limits; each route checks its own).
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(RESULTADO_MAX_BYTES, FOTO_MAX_BYTES),
      files: 5,
      fields: 10,
      parts: 20,
      fieldSize: 1024,
    },
    throwFileSizeLimit: true,
  });
  const resultados = registrarRutas(app, ['resultados de exámenes']);
  const fotos = registrarRutas(app, ['fotos clínicas']);

  resultados(e.resultados, 'Resultados de exámenes de una cita', async (r) =>
    service.resultados(usuarioDe(r), r.params.citaId, origen(r)),
  );
  resultados(e.subirResultado, 'Subir un resultado de examen (PDF, JPEG o PNG)', async (r, reply) => {
    const { bytes, nombre, campos } = await leerArchivo(r, RESULTADO_MAX_BYTES, {
      uno: 'un archivo',
      el: 'el archivo',
    });
    const orden = texto(campos[CAMPO_ORDEN]);
    if (orden && !/^[1-9]\d{0,9}$/.test(orden)) throw validacion(CAMPO_ORDEN, MENSAJES_ADJUNTOS.ordenInvalida);
    const resultado = await service.subirResultado(
      usuarioDe(r),
      r.params.citaId,
      { bytes, nombre: nombre || 'resultado', ordenExamenId: orden ? Number(orden) : null },
      origen(r),
    );
    return reply.code(201).send(resultado);
  });
  fotos(e.fotos, 'Fotos de antes y después de una cita', async (r) =>
    service.fotos(usuarioDe(r), r.params.citaId, origen(r)),
  );
  fotos(e.subirFoto, 'Agregar una foto de antes o después (con consentimiento)', async (r, reply) => {
    const { bytes, campos } = await leerArchivo(r, FOTO_MAX_BYTES, { uno: 'una foto', el: 'la foto' });
    const etiqueta = texto(campos[CAMPO_ETIQUETA]);
    if (!(ETIQUETAS_FOTO as readonly string[]).includes(etiqueta))
      throw validacion(CAMPO_ETIQUETA, MENSAJES_ADJUNTOS.etiquetaInvalida);
    const zona = texto(campos[CAMPO_ZONA]);
    if (!zona) throw validacion(CAMPO_ZONA, MENSAJES_ADJUNTOS.zonaRequerida);
    // Control characters never reach the record.
    // eslint-disable-next-line no-control-regex
    if (zona.length > ZONA_MAX || /[\u0000-\u001f\u007f]/.test(zona))
      throw validacion(CAMPO_ZONA, `La zona admite hasta ${ZONA_MAX} caracteres, sin caracteres especiales.`);
    // The chart's zone is optional (photos of other areas keep only the free text) but, when sent, one of the list.
    const zonaMapa = texto(campos[CAMPO_ZONA_MAPA]);
    if (zonaMapa && !(ZONAS_FACIALES as readonly string[]).includes(zonaMapa))
      throw validacion(CAMPO_ZONA_MAPA, MENSAJES_ADJUNTOS.zonaMapaInvalida);
    const foto = await service.subirFoto(
      usuarioDe(r),
      r.params.citaId,
      { bytes, etiqueta: etiqueta as EtiquetaFoto, zona, zonaMapa: zonaMapa ? (zonaMapa as ZonaFacial) : null },
      origen(r),
    );
    return reply.code(201).send(foto);
  });
  fotos(e.fotosPaciente, 'Fotos de antes y después de un paciente, cita por cita', async (r) =>
    service.fotosPaciente(usuarioDe(r), r.params.pacienteId, origen(r)),
  );
};
