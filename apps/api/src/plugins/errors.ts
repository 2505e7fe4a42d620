// One error handler: every failure leaves as { error, code, issues? } in Spanish, 5xx without internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MENSAJE_SIN_ESPACIO, type ApiError } from '@clinica/contracts/errors';
import { AppError, isDataException, isDbUnavailable, isSinEspacio } from '../lib/app-error.ts';
import { errorParaLog } from '../lib/error-log.ts';

type Issue = { campo: string; mensaje: string };

function validationIssues(err: FastifyError): Issue[] {
  if (!hasZodFastifySchemaValidationErrors(err)) return [];
  return err.validation.map((v) => {
    const ruta = (v.params as { issue?: { path?: PropertyKey[] } })?.issue?.path ?? [];
    const campo = ruta.length ? ruta.map(String).join('.') : v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return { campo: campo || err.validationContext || 'solicitud', mensaje: v.message ?? 'Valor inválido' };
  });
}

/** A full disk fails every write alike: one error line per this many ms says so, the rest go at info. */
export const INTERVALO_LOG_SIN_ESPACIO_MS = 60_000;

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  let ultimoLogSinEspacio = Number.NEGATIVE_INFINITY;
  app.setNotFoundHandler((request, reply) => {
    const body: ApiError = {
      error: `No existe la ruta ${request.method} ${request.url.split('?')[0]}`,
      code: 'NO_ENCONTRADO',
    };
    return reply.code(404).send(body);
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status = 500;
    let body: ApiError = {
      error: 'Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos.',
      code: 'ERROR_INTERNO',
    };

    if (err instanceof AppError) {
      status = err.statusCode;
      body = { ...err.extra, error: err.message, code: err.code, ...(err.issues ? { issues: err.issues } : {}) };
      // A saturated dependency (password hashing) says when to come back.
      const reintentarEn = (err as { reintentarEn?: unknown }).reintentarEn;
      if (typeof reintentarEn === 'number') void reply.header('retry-after', String(reintentarEn));
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const issues = validationIssues(err);
      const detalle = issues.map((i) => `${i.campo}: ${i.mensaje}`).join('; ');
      body = { error: `Datos inválidos. ${detalle}`, code: 'VALIDACION', issues };
    } else if (err.statusCode === 429) {
      status = 429;
      const propio = typeof err.message === 'string' && err.message.startsWith('Demasiad');
      body = {
        error: propio ? err.message : 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
        code: 'DEMASIADOS_INTENTOS',
      };
    } else if (isDataException(err)) {
      status = 400;
      body = { error: 'Algún dato contiene caracteres o valores no válidos.', code: 'VALIDACION' };
    } else if (isSinEspacio(err)) {
      // 507 Insufficient Storage: the request may be repeated once the administrator makes room (issue 28, item 4).
      status = 507;
      body = { error: MENSAJE_SIN_ESPACIO, code: 'SIN_ESPACIO' };
    } else if (isDbUnavailable(err)) {
      status = 503;
      body = {
        error: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
        code: 'NO_DISPONIBLE',
      };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = {
        error: mensajeCliente(err),
        code: status === 413 ? 'ARCHIVO_DEMASIADO_GRANDE' : status === 415 ? 'ARCHIVO_INVALIDO' : 'VALIDACION',
      };
    }

    // Refusals we chose (4xx, and 503 for saturated hashing) are one plain line; a flood must not cost an error
    // object in the log per request.
    const rechazo = status < 500 || (err instanceof AppError && status === 503);
    if (status === 507) {
      const ahora = Date.now();
      if (ahora - ultimoLogSinEspacio >= INTERVALO_LOG_SIN_ESPACIO_MS) {
        ultimoLogSinEspacio = ahora;
        request.log.error({ err: errorParaLog(err) }, 'sin espacio en disco: las escrituras fallan');
      } else request.log.info({ code: body.code, status }, 'solicitud rechazada');
    } else if (rechazo) request.log.info({ code: body.code, status }, 'solicitud rechazada');
    else if (status === 503) request.log.warn({ err: errorParaLog(err) }, 'base de datos no disponible');
    else request.log.error({ err: errorParaLog(err) }, 'error no controlado');
    return reply.code(status).send(body);
  });
});

/**
 * Fastify option `frameworkErrors`: errors raised by the router before any route or error handler runs
 * (undecodable URL such as `/x/%E0%A4%A`, a path parameter over maxParamLength). Without it Fastify
 * answers in English with its internal FST_ code.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = err.code === 'FST_ERR_BAD_URL' ? 400 : err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 500;
  const body: ApiError =
    status === 500
      ? { error: 'Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos.', code: 'ERROR_INTERNO' }
      : { error: 'La dirección de la solicitud no es válida.', code: 'VALIDACION' };
  if (status === 500) request.log.error({ err: errorParaLog(err) }, 'error del enrutador');
  else request.log.info({ code: err.code, status }, 'solicitud rechazada');
  // Fastify types this option as returning void; send() returns the (thenable) reply.
  void reply.code(status).send(body);
}

/** Spanish text for Fastify's own 4xx errors (bad JSON, too large, bad content type, proto poisoning). */
function mensajeCliente(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'El cuerpo de la solicitud no es un JSON válido.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'La solicitud es demasiado grande.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Tipo de contenido no soportado.';
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'La solicitud debe enviarse como multipart/form-data.';
    default:
      if (/__proto__|constructor/i.test(err.message)) return 'El cuerpo contiene propiedades no permitidas.';
      return 'La solicitud no es válida.';
  }
}
