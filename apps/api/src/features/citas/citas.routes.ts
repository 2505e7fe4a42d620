// /apicitas (issue 8): appointments, availability, and the doctors' hours and blocks. Method, path, who may call
// and schemas come from citasEndpoints; ownership (a patient's own, a doctor's agenda) is the service's.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { citasEndpoints as e } from '@clinica/contracts/citas';
import { AppError } from '../../lib/app-error.ts';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { CitasService } from './citas.service.ts';

const tags = ['citas'];

/** Idempotency-Key: printable ASCII, bounded (QUALITY.md reliability 2). */
function claveIdempotencia(request: FastifyRequest): string | undefined {
  const valor = request.headers['idempotency-key'];
  if (valor === undefined) return undefined;
  if (typeof valor !== 'string' || !/^[\x21-\x7e]{8,100}$/.test(valor)) {
    throw new AppError('VALIDACION', 400, 'La cabecera Idempotency-Key debe tener entre 8 y 100 caracteres visibles.');
  }
  return valor;
}

export const citasRoutes: FastifyPluginAsyncZod<{ service: CitasService }> = async (app, { service }) => {
  app.route({
    ...ruta(e.citasUsuario, { schema: { tags, summary: 'Citas de una paciente (la más reciente primero)' } }),
    handler: async (request) => service.citasUsuario(usuarioDe(request), request.params.usuarioId),
  });

  app.route({
    ...ruta(e.misCitas, { schema: { tags, summary: 'Mis citas (paciente) o mi agenda (doctor)' } }),
    handler: async (request) => service.misCitas(usuarioDe(request)),
  });

  app.route({
    ...ruta(e.listar, { schema: { tags, summary: 'Citas con filtros (personal)' } }),
    handler: async (request) => service.listar(usuarioDe(request), request.query),
  });

  app.route({
    ...ruta(e.buscar, { schema: { tags, summary: 'Una cita' } }),
    handler: async (request) => service.detalle(usuarioDe(request), request.params.id, origen(request)),
  });

  app.route({
    ...ruta(e.pacientesDoctor, { schema: { tags, summary: 'Pacientes del doctor' } }),
    handler: async (request) => service.pacientesDoctor(usuarioDe(request)),
  });

  app.route({
    ...ruta(e.disponibilidad, { schema: { tags, summary: 'Horarios libres' } }),
    handler: async (request) => service.disponibilidad(request.query, request.usuario ?? undefined),
  });

  app.route({
    ...ruta(e.crear, { schema: { tags, summary: 'Agendar una cita' } }),
    handler: async (request, reply) => {
      const cita = await service.crear(usuarioDe(request), request.body, origen(request), claveIdempotencia(request));
      return reply.code(201).send(cita);
    },
  });

  app.route({
    ...ruta(e.editar, { schema: { tags, summary: 'Editar una cita (personal)' } }),
    handler: async (request) => service.editar(usuarioDe(request), request.params.id, request.body, origen(request)),
  });

  app.route({
    ...ruta(e.reagendar, { schema: { tags, summary: 'Reagendar una cita' } }),
    handler: async (request) =>
      service.reagendar(usuarioDe(request), request.params.id, request.body.inicio, origen(request)),
  });

  app.route({
    ...ruta(e.cancelar, { schema: { tags, summary: 'Cancelar una cita' } }),
    handler: async (request) =>
      service.cancelar(usuarioDe(request), request.params.id, request.body.motivo, origen(request)),
  });

  app.route({
    ...ruta(e.editarEstado, { schema: { tags, summary: 'Cambiar el estado de una cita' } }),
    handler: async (request) =>
      service.cambiarEstado(usuarioDe(request), request.params.id, request.body.estado, origen(request)),
  });

  app.route({
    ...ruta(e.horarios, { schema: { tags, summary: 'Horario semanal de un doctor' } }),
    handler: async (request) => service.horarios(usuarioDe(request), request.params.doctorId),
  });

  app.route({
    ...ruta(e.reemplazarHorarios, { schema: { tags, summary: 'Reemplazar el horario semanal de un doctor' } }),
    handler: async (request) =>
      service.reemplazarHorarios(usuarioDe(request), request.params.doctorId, request.body.horarios, origen(request)),
  });

  app.route({
    ...ruta(e.bloqueos, { schema: { tags, summary: 'Bloqueos de la agenda de un doctor' } }),
    handler: async (request) =>
      service.bloqueos(usuarioDe(request), request.params.doctorId, request.query.desde, request.query.hasta),
  });

  app.route({
    ...ruta(e.crearBloqueo, { schema: { tags, summary: 'Bloquear la agenda (vacaciones, capacitación)' } }),
    handler: async (request, reply) => {
      const bloqueo = await service.crearBloqueo(
        usuarioDe(request),
        request.params.doctorId,
        request.body,
        origen(request),
      );
      return reply.code(201).send(bloqueo);
    },
  });

  app.route({
    ...ruta(e.eliminarBloqueo, { schema: { tags, summary: 'Quitar un bloqueo de la agenda' } }),
    handler: async (request) =>
      service.eliminarBloqueo(usuarioDe(request), request.params.doctorId, request.params.id, origen(request)),
  });

  app.route({
    ...ruta(e.doctores, { schema: { tags, summary: 'Doctores activos (para elegir en la agenda)' } }),
    handler: async () => service.doctores(),
  });
};
