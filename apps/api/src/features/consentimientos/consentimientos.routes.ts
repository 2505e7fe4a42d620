// /apiconsentimientos (issue 9, item 5): consent templates per procedure, the appointment's
// consent, signing, verification and revocation. No route edits or deletes a consent (Ley 23 de 1981).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentimientosEndpoints as e } from '@clinica/contracts/consentimientos';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { ConsentimientosService } from './consentimientos.service.ts';

const tags = ['consentimiento informado'];

export const consentimientosRoutes: FastifyPluginAsyncZod<{ service: ConsentimientosService }> = async (
  app,
  { service },
) => {
  app.route({
    ...ruta(e.plantillas, {
      schema: { tags, summary: 'Versiones de la plantilla de consentimiento de un procedimiento' },
    }),
    handler: async (r) => service.plantillas(r.params.procedimientoId),
  });
  app.route({
    ...ruta(e.crearPlantilla, { schema: { tags, summary: 'Nueva versión de la plantilla de consentimiento' } }),
    handler: async (r, reply) =>
      reply.code(201).send(await service.crearPlantilla(usuarioDe(r), r.params.procedimientoId, r.body, origen(r))),
  });
  app.route({
    ...ruta(e.porCita, { schema: { tags, summary: 'El consentimiento de una cita: texto por firmar y estado' } }),
    handler: async (r) => service.porCita(usuarioDe(r), r.params.citaId, origen(r)),
  });
  app.route({
    ...ruta(e.firmar, { schema: { tags, summary: 'Firmar el consentimiento con la firma dibujada' } }),
    handler: async (r, reply) =>
      reply.code(201).send(await service.firmar(usuarioDe(r), r.params.citaId, r.body, origen(r))),
  });
  app.route({
    ...ruta(e.verificar, { schema: { tags, summary: 'Verificar que el PDF firmado no ha cambiado' } }),
    handler: async (r) => service.verificar(usuarioDe(r), r.params.id, origen(r)),
  });
  app.route({
    ...ruta(e.revocar, { schema: { tags, summary: 'Revocar el consentimiento (queda registrada la fecha)' } }),
    handler: async (r) => service.revocar(usuarioDe(r), r.params.id, r.body, origen(r)),
  });
};
