// /apireportes (issue 23, item 6): the owner's reports as JSON and as CSV. Who may call each route is the contract's
// (reportes-rutas.ts); the service forces a doctor's own id and validates the range.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportesEndpoints as e, type Reporte, type ReporteQuery } from '@clinica/contracts/reportes';
import { descarga } from '../../lib/descarga.ts';
import { registrarRutas } from '../../lib/ruta.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { ReportesService } from './reportes.service.ts';

export const reportesRoutes: FastifyPluginAsyncZod<{ service: ReportesService }> = async (app, { service }) => {
  const registrar = registrarRutas(app, ['reportes']);
  const s = service;
  registrar(e.ingresos, 'Ingresos por mes, procedimiento y doctor', async (r) => s.ingresos(usuarioDe(r), r.query));
  registrar(e.anticipos, 'Anticipos en custodia, aplicados, retenidos y devueltos', async (r) =>
    s.anticipos(usuarioDe(r), r.query),
  );
  registrar(e.inasistencias, 'Tasa de inasistencia por mes y doctor', async (r) =>
    s.inasistencias(usuarioDe(r), r.query),
  );
  registrar(e.ocupacion, 'Ocupación de la agenda por doctor y mes', async (r) => s.ocupacion(usuarioDe(r), r.query));
  registrar(e.paquetes, 'Paquetes vendidos, sesiones usadas y pendientes', async (r) =>
    s.paquetes(usuarioDe(r), r.query),
  );
  registrar(e.conversion, 'Conversión de primera evaluación a procedimiento', async (r) =>
    s.conversion(usuarioDe(r), r.query),
  );
  /** The CSV of a report: UTF-8 with BOM, `;`-separated, named after the report and its range (csv.ts). */
  const csv = (reporte: Reporte) => async (r: FastifyRequest<{ Querystring: ReporteQuery }>, reply: FastifyReply) => {
    const { texto, nombre } = await s.csv(reporte, usuarioDe(r), r.query);
    return descarga(reply, nombre, 'text/csv; charset=utf-8').send(Buffer.from(texto, 'utf8'));
  };
  registrar(e.ingresosCsv, 'Ingresos en CSV', csv('ingresos'));
  registrar(e.anticiposCsv, 'Anticipos en CSV', csv('anticipos'));
  registrar(e.inasistenciasCsv, 'Inasistencias en CSV', csv('inasistencias'));
  registrar(e.ocupacionCsv, 'Ocupación en CSV', csv('ocupacion'));
  registrar(e.paquetesCsv, 'Paquetes en CSV', csv('paquetes'));
  registrar(e.conversionCsv, 'Conversión en CSV', csv('conversion'));
  registrar(e.confirmaciones, 'Confirmaciones por canal, inasistencias por canal y horarios recuperados', async (r) =>
    s.confirmaciones(usuarioDe(r), r.query),
  );
  registrar(e.confirmacionesCsv, 'Confirmaciones en CSV', csv('confirmaciones'));
};
