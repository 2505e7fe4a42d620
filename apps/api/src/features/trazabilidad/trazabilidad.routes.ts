// Traceability and retreatment recall (issue 24, items 3-4; docs/trazabilidad.md): who received a lot and the
// notices sent to them (/apiinsumos/lotes/:id/...), a patient's own notices, the recall list and the intervals
// (/apiretratamientos). Who may call each route is the contract's (trazabilidad-rutas.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trazabilidadEndpoints as e } from '@clinica/contracts/trazabilidad';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { TrazabilidadService } from './trazabilidad.service.ts';

export const trazabilidadRoutes: FastifyPluginAsyncZod<{ service: TrazabilidadService }> = async (app, { service }) => {
  const registrar = registrarRutas(app, ['trazabilidad']);
  registrar(e.pacientesLote, '¿Quién recibió este lote? (notas firmadas)', async (r) =>
    service.pacientesLote(r.params.id),
  );
  registrar(e.alertasLote, 'Los avisos enviados sobre un lote', async (r) => service.alertas(r.params.id));
  registrar(e.alertarLote, 'Avisar a todos los pacientes que recibieron un lote', async (r, reply) =>
    reply.code(201).send(await service.alertar(usuarioDe(r), r.params.id, r.body, origen(r))),
  );
  registrar(e.misAvisos, 'Los avisos sobre productos que se me aplicaron', async (r) =>
    service.misAvisos(usuarioDe(r)),
  );
  registrar(e.retratamientos, 'Pacientes para retratamiento (para llamar)', async (r) =>
    service.lista(usuarioDe(r), r.query),
  );
  registrar(e.intervalos, 'Intervalos de retratamiento por tipo de producto', async () => service.intervalos());
  registrar(e.guardarIntervalos, 'Cambiar los intervalos de retratamiento', async (r) =>
    service.guardarIntervalos(usuarioDe(r), r.body, origen(r)),
  );
};
