// /apipaquetes (issue 23, item 4; docs/dinero.md "Paquetes"): the package definitions, the desk's sale (the package
// and its payment in one transaction) and a patient's packages with their sessions used.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paquetesEndpoints as e } from '@clinica/contracts/paquetes';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { PaquetesService } from './paquetes.service.ts';

export const paquetesRoutes: FastifyPluginAsyncZod<{ service: PaquetesService }> = async (app, { service }) => {
  const registrar = registrarRutas(app, ['paquetes']);
  registrar(e.listar, 'Los paquetes que vende la clínica (activos e inactivos)', async () => service.listar());
  registrar(e.crear, 'Definir un paquete de sesiones', async (r, reply) =>
    reply.code(201).send(await service.crear(usuarioDe(r), r.body, origen(r))),
  );
  registrar(e.editar, 'Cambiar o desactivar un paquete (no cambia los ya vendidos)', async (r) =>
    service.editar(usuarioDe(r), r.params.id, r.body, origen(r)),
  );
  registrar(e.vender, 'Vender un paquete a una paciente (con su pago y recibo)', async (r, reply) =>
    reply.code(201).send(await service.vender(usuarioDe(r), r.body, origen(r))),
  );
  registrar(e.dePaciente, 'Los paquetes de una paciente, sus sesiones y vencimiento', async (r) =>
    service.dePaciente(usuarioDe(r), r.params.pacienteId),
  );
};
