// The patient's copy (issue 9, item 7): the complete record as a PDF and the personal data as JSON, for the
// patient (their own) and for doctors (audited). Always a download and never cached (health data, Ley 1581).
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { copiaHistoriaEndpoints as e } from '@clinica/contracts/copia-historia';
import { descarga } from '../../lib/descarga.ts';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { CopiaHistoriaService } from './copia.service.ts';

/** The record as a PDF download. */
const enviarPdf = (reply: FastifyReply, { bytes, nombre }: { bytes: Uint8Array; nombre: string }) =>
  descarga(reply, nombre, 'application/pdf').send(Buffer.from(bytes));

/** The personal data as a JSON download. */
const enviarJson = (reply: FastifyReply, { datos, nombre }: { datos: unknown; nombre: string }) =>
  descarga(reply, nombre, 'application/json; charset=utf-8').send(datos);

export const copiaHistoriaRoutes: FastifyPluginAsyncZod<{ service: CopiaHistoriaService }> = async (
  app,
  { service },
) => {
  const registrar = registrarRutas(app, ['historia clínica']);
  registrar(e.miPdf, 'Descargar mi historia clínica completa (PDF)', async (r, reply) =>
    enviarPdf(reply, await service.miPdf(usuarioDe(r), r.params.usuarioId, origen(r))),
  );
  registrar(e.misDatos, 'Descargar mis datos personales (JSON)', async (r, reply) =>
    enviarJson(reply, await service.misDatos(usuarioDe(r), r.params.usuarioId, origen(r))),
  );
  registrar(e.pdfPaciente, 'Copia completa de la historia de una paciente (PDF, auditada)', async (r, reply) =>
    enviarPdf(reply, await service.pdfPaciente(usuarioDe(r), r.params.pacienteId, origen(r))),
  );
  registrar(e.datosPaciente, 'Datos personales de una paciente (JSON, auditado)', async (r, reply) =>
    enviarJson(reply, await service.datosPaciente(usuarioDe(r), r.params.pacienteId, origen(r))),
  );
};
