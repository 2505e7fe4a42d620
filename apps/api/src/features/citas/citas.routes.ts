// /apicitas (issue 8): appointments, availability, and the doctors' hours and blocks. Method, path, who may call
// and schemas come from citasEndpoints; ownership (a patient's own, a doctor's agenda) is the service's.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { citasEndpoints as e } from '@clinica/contracts/citas';
import { AppError } from '../../lib/app-error.ts';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { CitasService } from './citas.service.ts';

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
  const registrar = registrarRutas(app, ['citas']);
  registrar(e.citasUsuario, 'Citas de una paciente (la más reciente primero)', async (request) =>
    service.citasUsuario(usuarioDe(request), request.params.usuarioId),
  );

  registrar(e.misCitas, 'Mis citas (paciente) o mi agenda (doctor)', async (request) =>
    service.misCitas(usuarioDe(request)),
  );

  registrar(e.listar, 'Citas con filtros (personal)', async (request) =>
    service.listar(usuarioDe(request), request.query),
  );

  registrar(e.buscar, 'Una cita', async (request) =>
    service.detalle(usuarioDe(request), request.params.id, origen(request)),
  );

  registrar(e.pacientesDoctor, 'Pacientes del doctor', async (request) => service.pacientesDoctor(usuarioDe(request)));

  registrar(e.disponibilidad, 'Horarios libres', async (request) =>
    service.disponibilidad(request.query, request.usuario ?? undefined),
  );

  registrar(e.crear, 'Agendar una cita', async (request, reply) => {
    const cita = await service.crear(usuarioDe(request), request.body, origen(request), claveIdempotencia(request));
    return reply.code(201).send(cita);
  });

  registrar(e.editar, 'Editar una cita (personal)', async (request) =>
    service.editar(usuarioDe(request), request.params.id, request.body, origen(request)),
  );

  registrar(e.reagendar, 'Reagendar una cita', async (request) =>
    service.reagendar(usuarioDe(request), request.params.id, request.body.inicio, origen(request)),
  );

  registrar(e.cancelar, 'Cancelar una cita', async (request) =>
    service.cancelar(
      usuarioDe(request),
      request.params.id,
      request.body.motivo,
      origen(request),
      request.body.anticipo,
    ),
  );

  registrar(e.inasistencia, 'Marcar inasistencia (personal, después de la hora de la cita)', async (request) =>
    service.marcarInasistencia(usuarioDe(request), request.params.id, request.body.motivo, origen(request)),
  );

  registrar(e.editarEstado, 'Cambiar el estado de una cita', async (request) =>
    service.cambiarEstado(usuarioDe(request), request.params.id, request.body.estado, origen(request)),
  );

  registrar(e.horarios, 'Horario semanal de un doctor', async (request) =>
    service.horarios(usuarioDe(request), request.params.doctorId),
  );

  registrar(e.reemplazarHorarios, 'Reemplazar el horario semanal de un doctor', async (request) =>
    service.reemplazarHorarios(usuarioDe(request), request.params.doctorId, request.body.horarios, origen(request)),
  );

  registrar(e.bloqueos, 'Bloqueos de la agenda de un doctor', async (request) =>
    service.bloqueos(usuarioDe(request), request.params.doctorId, request.query.desde, request.query.hasta),
  );

  registrar(e.crearBloqueo, 'Bloquear la agenda (vacaciones, capacitación)', async (request, reply) => {
    const bloqueo = await service.crearBloqueo(
      usuarioDe(request),
      request.params.doctorId,
      request.body,
      origen(request),
    );
    return reply.code(201).send(bloqueo);
  });

  registrar(e.eliminarBloqueo, 'Quitar un bloqueo de la agenda', async (request) =>
    service.eliminarBloqueo(usuarioDe(request), request.params.doctorId, request.params.id, origen(request)),
  );

  registrar(e.doctores, 'Doctores activos (para elegir en la agenda)', async () => service.doctores());

  // Server settings, the same for everyone: a browser or proxy may keep them a few minutes.
  registrar(e.politica, 'Política de anticipos y cancelación de la clínica', async (_request, reply) => {
    reply.header('cache-control', CACHE_POLITICA);
    return service.politica();
  });
};

/** The policy changes only with the server's settings (a restart). */
export const CACHE_POLITICA = 'public, max-age=300';
