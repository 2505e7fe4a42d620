// /apipagos (issue 23, items 1 and 5): the desk's payments of an appointment's balance, voids, the lists, the
// "Recibo de caja" PDF and the daily cash close. Who may call each route is the contract's (pagos-rutas.ts); the
// service checks the rest (a patient's own payments, an administrator for another desk).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagosEndpoints as e } from '@clinica/contracts/pagos';
import { descarga } from '../../lib/descarga.ts';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { PagosService } from './pagos.service.ts';

const tags = ['pagos'];

export const pagosRoutes: FastifyPluginAsyncZod<{ service: PagosService }> = async (app, { service }) => {
  app.route({
    ...ruta(e.registrar, { schema: { tags, summary: 'Registrar en caja el pago del saldo de una cita' } }),
    handler: async (r, reply) => reply.code(201).send(await service.registrar(usuarioDe(r), r.body, origen(r))),
  });
  app.route({
    ...ruta(e.saldo, { schema: { tags, summary: 'El saldo de una cita y sus pagos' } }),
    handler: async (r) => service.saldo(usuarioDe(r), r.params.citaId),
  });
  app.route({
    ...ruta(e.listar, { schema: { tags, summary: 'Pagos de un día, de una paciente o de una cita' } }),
    handler: async (r) => service.listar(usuarioDe(r), r.query),
  });
  app.route({
    ...ruta(e.misPagos, { schema: { tags, summary: 'Mis pagos' } }),
    handler: async (r) => service.misPagos(usuarioDe(r), r.query),
  });
  app.route({
    ...ruta(e.anular, { schema: { tags, summary: 'Anular un pago (administradores, con motivo)' } }),
    handler: async (r) => service.anular(usuarioDe(r), r.params.id, r.body.motivo, origen(r)),
  });
  app.route({
    ...ruta(e.recibo, { schema: { tags, summary: 'Recibo de caja de un pago (PDF)' } }),
    handler: async (r, reply) => {
      const { bytes, nombre } = await service.recibo(usuarioDe(r), r.params.id);
      return descarga(reply, nombre, 'application/pdf').send(Buffer.from(bytes));
    },
  });
  app.route({
    ...ruta(e.caja, { schema: { tags, summary: 'Resumen de la caja de un día' } }),
    handler: async (r) => service.caja(usuarioDe(r), r.query),
  });
  app.route({
    ...ruta(e.cerrarCaja, { schema: { tags, summary: 'Cerrar la caja del día con el efectivo contado' } }),
    handler: async (r, reply) => reply.code(201).send(await service.cerrarCaja(usuarioDe(r), r.body, origen(r))),
  });
  app.route({
    ...ruta(e.cierres, { schema: { tags, summary: 'Cierres de caja de un día (administradores)' } }),
    handler: async (r) => service.cierres(r.query),
  });
};
