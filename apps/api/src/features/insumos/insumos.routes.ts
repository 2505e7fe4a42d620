// /apiinsumos (issue 24, item 1; docs/trazabilidad.md): products with their INVIMA registration and stock, the lots
// received, adjustments with their reason, a lot's movements and the staff dashboard's alerts. Who may call each
// route is the contract's (insumos-rutas.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { insumosEndpoints as e } from '@clinica/contracts/insumos';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { InsumosService } from './insumos.service.ts';

export const insumosRoutes: FastifyPluginAsyncZod<{ service: InsumosService }> = async (app, { service }) => {
  const registrar = registrarRutas(app, ['insumos']);
  registrar(e.productos, 'Los productos con su existencia', async () => service.listar());
  registrar(e.crearProducto, 'Registrar un producto (con su registro INVIMA)', async (r, reply) =>
    reply.code(201).send(await service.crear(usuarioDe(r), r.body, origen(r))),
  );
  registrar(e.producto, 'Un producto con sus lotes', async (r) => service.detalle(r.params.id));
  registrar(e.editarProducto, 'Cambiar o desactivar un producto', async (r) =>
    service.editar(usuarioDe(r), r.params.id, r.body, origen(r)),
  );
  registrar(e.recibirLote, 'Recibir un lote de un producto', async (r, reply) =>
    reply.code(201).send(await service.recibirLote(usuarioDe(r), r.params.id, r.body, origen(r))),
  );
  registrar(e.ajustar, 'Ajustar la existencia de un lote (rotura, vencido o conteo), con su motivo', async (r, reply) =>
    reply.code(201).send(await service.ajustar(usuarioDe(r), r.params.id, r.body, origen(r))),
  );
  registrar(e.movimientos, 'Los movimientos de un lote', async (r) => service.movimientos(r.params.id));
  registrar(e.lotesUsables, 'Los lotes que se pueden aplicar hoy (para el mapa de aplicación)', async () =>
    service.lotesUsables(),
  );
  registrar(e.alertas, 'Lotes por vencer y productos con poca existencia', async () => service.alertas());
};
