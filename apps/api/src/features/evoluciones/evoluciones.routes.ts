// /apievoluciones (issue 9, items 3-4): clinical notes per appointment. No route deletes a note
// or changes a signed one (Res. 1995 de 1999); corrections are addenda.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { evolucionesEndpoints as e } from '@clinica/contracts/evoluciones';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { EvolucionesService } from './evoluciones.service.ts';

export const evolucionesRoutes: FastifyPluginAsyncZod<{ service: EvolucionesService }> = async (app, { service }) => {
  const registrar = registrarRutas(app, ['notas de evolución']);
  registrar(e.porCita, 'La nota de evolución de una cita', async (r) =>
    service.porCita(usuarioDe(r), r.params.citaId, origen(r)),
  );
  registrar(e.crear, 'Empezar la nota de evolución de una cita (borrador)', async (r, reply) =>
    reply.code(201).send(await service.crear(usuarioDe(r), r.params.citaId, r.body, origen(r))),
  );
  registrar(e.editar, 'Guardar el borrador de la nota', async (r) =>
    service.editar(usuarioDe(r), r.params.id, r.body, origen(r)),
  );
  registrar(e.firmar, 'Firmar la nota (no se puede modificar después)', async (r) =>
    service.firmar(usuarioDe(r), r.params.id, origen(r)),
  );
  registrar(e.agregarAdenda, 'Agregar una adenda a una nota firmada', async (r, reply) =>
    reply.code(201).send(await service.agregarAdenda(usuarioDe(r), r.params.id, r.body, origen(r))),
  );
};
