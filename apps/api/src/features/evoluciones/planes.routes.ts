// /apiplanesseguimiento (issue 9, item 4; decision 0017): the follow-up plan of an appointment's clinical
// note, the series the booking engine proposes for it, and its confirmation (one transaction, all or nothing).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planesEndpoints as e } from '@clinica/contracts/planes-seguimiento';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { PlanesService } from './planes.service.ts';

const tags = ['planes de seguimiento'];

export const planesRoutes: FastifyPluginAsyncZod<{ service: PlanesService }> = async (app, { service }) => {
  app.route({
    ...ruta(e.porCita, { schema: { tags, summary: 'El plan de seguimiento de una cita' } }),
    handler: async (r) => service.porCita(usuarioDe(r), r.params.citaId, origen(r)),
  });
  app.route({
    ...ruta(e.crear, { schema: { tags, summary: 'Registrar el plan de seguimiento en la nota de la cita' } }),
    handler: async (r, reply) =>
      reply.code(201).send(await service.crear(usuarioDe(r), r.params.citaId, r.body, origen(r))),
  });
  app.route({
    ...ruta(e.editar, { schema: { tags, summary: 'Cambiar el plan mientras no tenga sesiones agendadas' } }),
    handler: async (r) => service.editar(usuarioDe(r), r.params.id, r.body, origen(r)),
  });
  app.route({
    ...ruta(e.propuesta, { schema: { tags, summary: 'Las citas que propone la agenda para el plan' } }),
    handler: async (r) => service.propuesta(usuarioDe(r), r.params.id),
  });
  app.route({
    ...ruta(e.confirmar, { schema: { tags, summary: 'Agendar las sesiones elegidas (todas o ninguna)' } }),
    handler: async (r, reply) =>
      reply.code(201).send(await service.confirmar(usuarioDe(r), r.params.id, r.body, origen(r))),
  });
};
