// /apipagos (issue 23, items 1 and 5): the desk's payments of an appointment's balance, voids, the lists, the
// "Recibo de caja" PDF and the daily cash close. Who may call each route is the contract's (pagos-rutas.ts); the
// service checks the rest (a patient's own payments, an administrator for another desk).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagosEndpoints as e } from '@clinica/contracts/pagos';
import { descarga } from '../../lib/descarga.ts';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { PagosService } from './pagos.service.ts';

export const pagosRoutes: FastifyPluginAsyncZod<{ service: PagosService }> = async (app, { service }) => {
  const registrar = registrarRutas(app, ['pagos']);
  registrar(e.registrar, 'Registrar en caja el pago del saldo de una cita', async (r, reply) =>
    reply.code(201).send(await service.registrar(usuarioDe(r), r.body, origen(r))),
  );
  registrar(e.devolver, 'Pagar en caja la devolución de un anticipo', async (r, reply) =>
    reply.code(201).send(await service.devolver(usuarioDe(r), r.body, origen(r))),
  );
  registrar(e.saldo, 'El saldo de una cita y sus pagos', async (r) => service.saldo(usuarioDe(r), r.params.citaId));
  registrar(e.listar, 'Pagos de un día, de una paciente o de una cita', async (r) =>
    service.listar(usuarioDe(r), r.query),
  );
  registrar(e.misPagos, 'Mis pagos', async (r) => service.misPagos(usuarioDe(r), r.query));
  registrar(e.anular, 'Anular un pago (administradores, con motivo)', async (r) =>
    service.anular(usuarioDe(r), r.params.id, r.body.motivo, origen(r)),
  );
  registrar(e.recibo, 'Recibo de caja de un pago (PDF)', async (r, reply) => {
    const { bytes, nombre } = await service.recibo(usuarioDe(r), r.params.id);
    return descarga(reply, nombre, 'application/pdf').send(Buffer.from(bytes));
  });
  registrar(e.caja, 'Resumen de la caja de un día', async (r) => service.caja(usuarioDe(r), r.query));
  registrar(e.cerrarCaja, 'Cerrar la caja del día con el efectivo contado', async (r, reply) =>
    reply.code(201).send(await service.cerrarCaja(usuarioDe(r), r.body, origen(r))),
  );
  registrar(e.cierres, 'Cierres de caja de un día (administradores)', async (r) => service.cierres(r.query));
};
