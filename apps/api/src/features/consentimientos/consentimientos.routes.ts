// /apiconsentimientos (issue 9, item 5): consent templates per procedure, the appointment's
// consent, signing, verification and revocation. No route edits or deletes a consent (Ley 23 de 1981).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consentimientosEndpoints as e } from '@clinica/contracts/consentimientos';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { ConsentimientosService } from './consentimientos.service.ts';

export const consentimientosRoutes: FastifyPluginAsyncZod<{ service: ConsentimientosService }> = async (
  app,
  { service },
) => {
  const registrar = registrarRutas(app, ['consentimiento informado']);
  registrar(e.plantillas, 'Versiones de la plantilla de consentimiento de un procedimiento', async (r) =>
    service.plantillas(r.params.procedimientoId),
  );
  registrar(e.crearPlantilla, 'Nueva versión de la plantilla de consentimiento', async (r, reply) =>
    reply.code(201).send(await service.crearPlantilla(usuarioDe(r), r.params.procedimientoId, r.body, origen(r))),
  );
  registrar(e.porCita, 'El consentimiento de una cita: texto por firmar y estado', async (r) =>
    service.porCita(usuarioDe(r), r.params.citaId, origen(r)),
  );
  registrar(e.firmar, 'Firmar el consentimiento con la firma dibujada', async (r, reply) =>
    reply.code(201).send(await service.firmar(usuarioDe(r), r.params.citaId, r.body, origen(r))),
  );
  registrar(e.verificar, 'Verificar que el PDF firmado no ha cambiado', async (r) =>
    service.verificar(usuarioDe(r), r.params.id, origen(r)),
  );
  registrar(e.revocar, 'Revocar el consentimiento (queda registrada la fecha)', async (r) =>
    service.revocar(usuarioDe(r), r.params.id, r.body, origen(r)),
  );
};
