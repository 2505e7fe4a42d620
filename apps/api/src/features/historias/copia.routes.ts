// The patient's copy (issue 9, item 7): the complete record as a PDF and the personal data as JSON, for the
// patient (their own) and for doctors (audited). Always a download and never cached (health data, Ley 1581).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { copiaHistoriaEndpoints as e } from '@clinica/contracts/copia-historia';
import { descarga } from '../../lib/descarga.ts';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { CopiaHistoriaService } from './copia.service.ts';

const tags = ['historia clínica'];

export const copiaHistoriaRoutes: FastifyPluginAsyncZod<{ service: CopiaHistoriaService }> = async (
  app,
  { service },
) => {
  app.route({
    ...ruta(e.miPdf, { schema: { tags, summary: 'Descargar mi historia clínica completa (PDF)' } }),
    handler: async (r, reply) => {
      const { bytes, nombre } = await service.miPdf(usuarioDe(r), r.params.usuarioId, origen(r));
      return descarga(reply, nombre, 'application/pdf').send(Buffer.from(bytes));
    },
  });
  app.route({
    ...ruta(e.misDatos, { schema: { tags, summary: 'Descargar mis datos personales (JSON)' } }),
    handler: async (r, reply) => {
      const { datos, nombre } = await service.misDatos(usuarioDe(r), r.params.usuarioId, origen(r));
      return descarga(reply, nombre, 'application/json; charset=utf-8').send(datos);
    },
  });
  app.route({
    ...ruta(e.pdfPaciente, {
      schema: { tags, summary: 'Copia completa de la historia de una paciente (PDF, auditada)' },
    }),
    handler: async (r, reply) => {
      const { bytes, nombre } = await service.pdfPaciente(usuarioDe(r), r.params.pacienteId, origen(r));
      return descarga(reply, nombre, 'application/pdf').send(Buffer.from(bytes));
    },
  });
  app.route({
    ...ruta(e.datosPaciente, { schema: { tags, summary: 'Datos personales de una paciente (JSON, auditado)' } }),
    handler: async (r, reply) => {
      const { datos, nombre } = await service.datosPaciente(usuarioDe(r), r.params.pacienteId, origen(r));
      return descarga(reply, nombre, 'application/json; charset=utf-8').send(datos);
    },
  });
};
