// /apiplanesseguimiento (issue 9, item 4; decision 0017): the follow-up plan of an appointment's clinical
// note, the series the booking engine proposes for it, and its confirmation (one transaction, all or nothing).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planesEndpoints as e } from '@clinica/contracts/planes-seguimiento';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { PlanesService } from './planes.service.ts';

export const planesRoutes: FastifyPluginAsyncZod<{ service: PlanesService }> = async (app, { service }) => {
  const registrar = registrarRutas(app, ['planes de seguimiento']);
  registrar(e.porCita, 'El plan de seguimiento de una cita', async (r) =>
    service.porCita(usuarioDe(r), r.params.citaId, origen(r)),
  );
  registrar(e.crear, 'Registrar el plan de seguimiento en la nota de la cita', async (r, reply) =>
    reply.code(201).send(await service.crear(usuarioDe(r), r.params.citaId, r.body, origen(r))),
  );
  registrar(e.editar, 'Cambiar el plan mientras no tenga sesiones agendadas', async (r) =>
    service.editar(usuarioDe(r), r.params.id, r.body, origen(r)),
  );
  registrar(e.propuesta, 'Las citas que propone la agenda para el plan', async (r) =>
    service.propuesta(usuarioDe(r), r.params.id),
  );
  registrar(e.confirmar, 'Agendar las sesiones elegidas (todas o ninguna)', async (r, reply) =>
    reply.code(201).send(await service.confirmar(usuarioDe(r), r.params.id, r.body, origen(r))),
  );
};
