// /apiarchivos: private files, streamed to whoever may read them (platform/archivos.service.ts), never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { archivosEndpoints } from '@clinica/contracts/archivos';
import { descarga } from '../../lib/descarga.ts';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { ArchivosPrivados } from '../../platform/archivos.service.ts';

export const archivosRoutes: FastifyPluginAsyncZod<{ service: ArchivosPrivados }> = async (app, { service }) => {
  const registrar = registrarRutas(app, ['archivos']);
  registrar(archivosEndpoints.descargar, 'Descargar un archivo privado', async (request, reply) => {
    const archivo = await service.abrir(usuarioDe(request), request.params.id, origen(request));
    return descarga(reply, archivo.nombre, archivo.tipoContenido)
      .header('content-length', archivo.size)
      .send(archivo.stream);
  });
};
