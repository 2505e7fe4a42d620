// /apihistorialmedico (SPEC 7; issue 9): the clinical record. No delete route exists (Res. 1995 de 1999).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historiasEndpoints as e } from '@clinica/contracts/historias';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import { productosAplicadosEndpoints } from '@clinica/contracts/productos-aplicados';
import type { HistoriasService } from './historias.service.ts';
import type { ProductosAplicadosService } from './productos-aplicados.service.ts';

export const historiasRoutes: FastifyPluginAsyncZod<{
  service: HistoriasService;
  productosAplicados: ProductosAplicadosService;
}> = async (app, { service, productosAplicados }) => {
  const registrar = registrarRutas(app, ['historia clínica']);
  registrar(e.listar, 'Historias clínicas (solo datos demográficos)', async () => service.listar());
  registrar(e.buscar, 'Una historia clínica', async (r) => service.buscar(usuarioDe(r), r.params.id, origen(r)));
  registrar(e.porUsuario, 'La historia clínica de una paciente', async (r) =>
    service.porUsuario(usuarioDe(r), r.params.usuarioId, origen(r)),
  );
  registrar(e.mia, 'Mi historia clínica', async (r) => service.mia(usuarioDe(r), r.params.usuarioId, origen(r)));
  registrar(e.accesos, 'Quién del personal leyó mi historia clínica y cuándo', async (r) =>
    service.accesos(usuarioDe(r), r.params.usuarioId),
  );
  registrar(e.crear, 'Crear la historia clínica', async (r, reply) =>
    reply.code(201).send(await service.crear(usuarioDe(r), r.body, origen(r))),
  );
  registrar(e.editar, 'Actualizar la historia clínica (guarda la versión anterior)', async (r) =>
    service.editar(usuarioDe(r), r.params.id, r.body, origen(r)),
  );
  registrar(e.versiones, 'Versiones anteriores de la historia clínica', async (r) =>
    service.versiones(usuarioDe(r), r.params.id, origen(r)),
  );
  registrar(e.resumen, 'Historia clínica para recepción: existencia, datos demográficos y alertas', async (r) =>
    service.resumen(usuarioDe(r), r.params.id, origen(r)),
  );
  registrar(productosAplicadosEndpoints.dePaciente, 'Productos y lotes aplicados a una paciente', async (r) =>
    productosAplicados.dePaciente(usuarioDe(r), r.params.pacienteId, origen(r)),
  );
};
