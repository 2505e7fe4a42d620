// /apipaquetes (issue 23, item 4; docs/dinero.md "Paquetes"): the package definitions, the desk's sale (the package
// and its payment in one transaction) and a patient's packages with their sessions used.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paquetesEndpoints as e } from '@clinica/contracts/paquetes';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { PaquetesService } from './paquetes.service.ts';

const tags = ['paquetes'];

export const paquetesRoutes: FastifyPluginAsyncZod<{ service: PaquetesService }> = async (app, { service }) => {
  app.route({
    ...ruta(e.listar, { schema: { tags, summary: 'Los paquetes que vende la clínica (activos e inactivos)' } }),
    handler: async () => service.listar(),
  });
  app.route({
    ...ruta(e.crear, { schema: { tags, summary: 'Definir un paquete de sesiones' } }),
    handler: async (r, reply) => reply.code(201).send(await service.crear(usuarioDe(r), r.body, origen(r))),
  });
  app.route({
    ...ruta(e.editar, { schema: { tags, summary: 'Cambiar o desactivar un paquete (no cambia los ya vendidos)' } }),
    handler: async (r) => service.editar(usuarioDe(r), r.params.id, r.body, origen(r)),
  });
  app.route({
    ...ruta(e.vender, { schema: { tags, summary: 'Vender un paquete a una paciente (con su pago y recibo)' } }),
    handler: async (r, reply) => reply.code(201).send(await service.vender(usuarioDe(r), r.body, origen(r))),
  });
  app.route({
    ...ruta(e.dePaciente, { schema: { tags, summary: 'Los paquetes de una paciente, sus sesiones y vencimiento' } }),
    handler: async (r) => service.dePaciente(usuarioDe(r), r.params.pacienteId),
  });
};
