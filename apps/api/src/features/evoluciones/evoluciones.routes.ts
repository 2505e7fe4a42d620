// /apievoluciones (issue 9, items 3-4): clinical notes per appointment. No route deletes a note
// or changes a signed one (Res. 1995 de 1999); corrections are addenda.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { evolucionesEndpoints as e } from '@clinica/contracts/evoluciones';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { EvolucionesService } from './evoluciones.service.ts';

const tags = ['notas de evolución'];

export const evolucionesRoutes: FastifyPluginAsyncZod<{ service: EvolucionesService }> = async (app, { service }) => {
  app.route({
    ...ruta(e.porCita, { schema: { tags, summary: 'La nota de evolución de una cita' } }),
    handler: async (r) => service.porCita(usuarioDe(r), r.params.citaId, origen(r)),
  });
  app.route({
    ...ruta(e.crear, { schema: { tags, summary: 'Empezar la nota de evolución de una cita (borrador)' } }),
    handler: async (r, reply) =>
      reply.code(201).send(await service.crear(usuarioDe(r), r.params.citaId, r.body, origen(r))),
  });
  app.route({
    ...ruta(e.editar, { schema: { tags, summary: 'Guardar el borrador de la nota' } }),
    handler: async (r) => service.editar(usuarioDe(r), r.params.id, r.body, origen(r)),
  });
  app.route({
    ...ruta(e.firmar, { schema: { tags, summary: 'Firmar la nota (no se puede modificar después)' } }),
    handler: async (r) => service.firmar(usuarioDe(r), r.params.id, origen(r)),
  });
  app.route({
    ...ruta(e.agregarAdenda, { schema: { tags, summary: 'Agregar una adenda a una nota firmada' } }),
    handler: async (r, reply) =>
      reply.code(201).send(await service.agregarAdenda(usuarioDe(r), r.params.id, r.body, origen(r))),
  });
};
