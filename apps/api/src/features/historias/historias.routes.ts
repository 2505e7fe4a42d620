// /apihistorialmedico (SPEC 7; issue 9): the clinical record. No delete route exists (Res. 1995 de 1999).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historiasEndpoints as e } from '@clinica/contracts/historias';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { HistoriasService } from './historias.service.ts';

const tags = ['historia clínica'];

export const historiasRoutes: FastifyPluginAsyncZod<{ service: HistoriasService }> = async (app, { service }) => {
  app.route({
    ...ruta(e.listar, { schema: { tags, summary: 'Historias clínicas (solo datos demográficos)' } }),
    handler: async () => service.listar(),
  });
  app.route({
    ...ruta(e.buscar, { schema: { tags, summary: 'Una historia clínica' } }),
    handler: async (r) => service.buscar(usuarioDe(r), r.params.id, origen(r)),
  });
  app.route({
    ...ruta(e.porUsuario, { schema: { tags, summary: 'La historia clínica de una paciente' } }),
    handler: async (r) => service.porUsuario(usuarioDe(r), r.params.usuarioId, origen(r)),
  });
  app.route({
    ...ruta(e.mia, { schema: { tags, summary: 'Mi historia clínica' } }),
    handler: async (r) => service.mia(usuarioDe(r), r.params.usuarioId, origen(r)),
  });
  app.route({
    ...ruta(e.accesos, { schema: { tags, summary: 'Quién del personal leyó mi historia clínica y cuándo' } }),
    handler: async (r) => service.accesos(usuarioDe(r), r.params.usuarioId),
  });
  app.route({
    ...ruta(e.crear, { schema: { tags, summary: 'Crear la historia clínica' } }),
    handler: async (r, reply) => reply.code(201).send(await service.crear(usuarioDe(r), r.body, origen(r))),
  });
  app.route({
    ...ruta(e.editar, { schema: { tags, summary: 'Actualizar la historia clínica (guarda la versión anterior)' } }),
    handler: async (r) => service.editar(usuarioDe(r), r.params.id, r.body, origen(r)),
  });
  app.route({
    ...ruta(e.versiones, { schema: { tags, summary: 'Versiones anteriores de la historia clínica' } }),
    handler: async (r) => service.versiones(usuarioDe(r), r.params.id, origen(r)),
  });
  app.route({
    ...ruta(e.resumen, {
      schema: { tags, summary: 'Historia clínica para recepción: existencia, datos demográficos y alertas' },
    }),
    handler: async (r) => service.resumen(usuarioDe(r), r.params.id, origen(r)),
  });
};
